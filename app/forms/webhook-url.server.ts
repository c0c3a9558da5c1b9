// Where a form's webhook may point: http(s) URLs only, and in production never loopback, private,
// link-local or other internal addresses (SSRF). The check runs when the owner saves the URL and
// again inside the connection (a DNS lookup hook), so a name that later resolves inward is refused.
import dns from 'node:dns';
import net from 'node:net';

export const WEBHOOK_URL_TEXT = {
  invalid: 'Enter a web address starting with https:// or http://.',
  internal: 'This address points inside our network. Enter a public web address.',
};

function v4Internal(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Whether an IP address is loopback, private, link-local, unspecified, multicast or reserved. */
export function isInternalAddress(ip: string): boolean {
  const kind = net.isIP(ip);
  if (kind === 4) return v4Internal(ip);
  if (kind !== 6) return true;
  const s = ip.toLowerCase();
  const mapped = s.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return v4Internal(mapped[1]);
  return s === '::' || s === '::1' || /^f[cd]/.test(s) || /^fe[89ab]/.test(s) || s.startsWith('ff') || s.startsWith('::ffff:');
}

/** Production refuses internal addresses; elsewhere (development, tests) a local receiver is allowed. */
// (NODE_ENV as the server's configuration reads it; read here so tests can run without the full config.)
export const guardsInternal = (): boolean => process.env.NODE_ENV === 'production';

/** A lookup for http(s).request that refuses internal addresses (the connection-time check). */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return (callback as (e: Error) => void)(err);
    const list = addresses as dns.LookupAddress[];
    if (list.some((x) => isInternalAddress(x.address))) {
      return (callback as (e: Error) => void)(Object.assign(new Error(`refused internal address for ${hostname}`), { code: 'EINTERNAL' }));
    }
    if ((options as { all?: boolean }).all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    (callback as (e: null, a: string, f: number) => void)(null, list[0].address, list[0].family);
  });
};

/** Checks a URL the owner typed: the message to show, or null when it may be used. */
export async function checkWebhookUrl(raw: string): Promise<string | null> {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return WEBHOOK_URL_TEXT.invalid;
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || !u.hostname || u.username || u.password) return WEBHOOK_URL_TEXT.invalid;
  if (!guardsInternal()) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return isInternalAddress(host) ? WEBHOOK_URL_TEXT.internal : null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local'))
    return WEBHOOK_URL_TEXT.internal;
  // A name that resolves inward now is refused now; one that does not resolve yet is kept (the
  // connection-time lookup decides when it is used).
  const found = await dns.promises.lookup(host, { all: true }).catch(() => []);
  return found.some((x) => isInternalAddress(x.address)) ? WEBHOOK_URL_TEXT.internal : null;
}
