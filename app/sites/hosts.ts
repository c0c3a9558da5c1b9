// Host names as sites see them (issue 11): the one normal form a Host header, a domain row and a
// new site's temporary name are compared in, and the rules a custom domain must meet.

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A Host header (or a typed domain) in normal form: lower-case, without port, trailing dot or
 * surrounding space; IPv6 literals keep their brackets. Null when it is not a host name.
 */
export function normalizeHost(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let h = raw.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return null;
    const inside = h.slice(1, end);
    if (!/^[0-9a-f:.]+$/.test(inside)) return null;
    return `[${inside}]`;
  }
  const colon = h.indexOf(':');
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(h.slice(colon + 1))) return null;
    h = h.slice(0, colon);
  }
  if (h.endsWith('.')) h = h.slice(0, -1);
  if (h.length === 0 || h.length > 253) return null;
  return h.split('.').every((l) => LABEL.test(l)) ? h : null;
}

/** True for a name an owner may claim as a custom domain: a registrable-looking DNS name. */
export function isCustomDomain(host: string): boolean {
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return false;
  // A top-level label is never all digits (that would be an IP address).
  if (/^\d+$/.test(labels[labels.length - 1])) return false;
  return !host.endsWith('.localhost') && host !== 'localhost';
}

/** The label a site's temporary domain starts from: its name, reduced to a-z, 0-9 and hyphens. */
export function siteLabel(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return s || 'site';
}

/** Whether `host` (normal form) is one of the internal hosts (SPEC 6: staging and review sites). */
export function isInternalHost(host: string | null, patterns: readonly string[]): boolean {
  if (!host) return false;
  return patterns.some((p) => (p.startsWith('*.') ? host.endsWith(p.slice(1)) : host === p));
}
