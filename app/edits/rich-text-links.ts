// The rich-text link editor's rules (SPEC 2 and 5), pure so the browser's dialog and the server's
// sanitiser share them: a link's target (Page, Web Address, Email, Phone, File) becomes an href,
// an href is read back into the dialog's fields, and only hrefs of these shapes are ever stored.
import { EXAMPLE_EMAIL, isEmail } from '../utils/email.js';

export const LINK_KINDS = ['page', 'url', 'email', 'phone', 'file'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_KIND_LABELS: Record<LinkKind, string> = {
  page: 'Page',
  url: 'Web Address',
  email: 'Email',
  phone: 'Phone',
  file: 'File',
};

/** What the dialog holds: one field per input, whichever target is chosen. */
export interface LinkDraft {
  kind: LinkKind;
  page: string;
  url: string;
  email: string;
  subject: string;
  cc: string;
  bcc: string;
  body: string;
  phone: string;
  file: string;
  text: string;
  newWindow: boolean;
}

export type LinkField = Exclude<keyof LinkDraft, 'kind' | 'newWindow'>;

/** The site's pages and files the dialog offers (paths as links use them). */
export interface LinkChoices {
  pages: { title: string; path: string }[];
  files: { name: string; path: string }[];
}

export const EMPTY_DRAFT: LinkDraft = {
  kind: 'url',
  page: '',
  url: '',
  email: '',
  subject: '',
  cc: '',
  bcc: '',
  body: '',
  phone: '',
  file: '',
  text: '',
  newWindow: false,
};

// SPEC 5's editor messages; the two "choose" texts and the phone text are ours (the spec has none).
export const LINK_TEXT = {
  email: 'Please enter a valid email',
  emails: `Emails must be formatted as ${EXAMPLE_EMAIL}`,
  url: 'Links must be formatted as example.com or https://example.com',
  page: (val: string) => `${val} is not a valid page URL`,
  option: (val: string) => `${val} is not one of the expected options`,
  choosePage: 'Choose a page.',
  chooseFile: 'Choose a file.',
  phone: 'Enter a phone number: digits, spaces, +, -, ( and ).',
};

const PHONE = /^\+?[0-9 ().-]{3,30}$/;
const PAGE_PATH = /^\/[a-z0-9-]*(\/[a-z0-9-]+)*$/;

/** A typed web address as an absolute http(s) URL ("example.com" gets https://), or null. */
export function webAddress(typed: string): string | null {
  const v = typed.trim();
  if (v === '' || v.length >= 2083 || /[\s\u0000-\u001f\u007f]/.test(v)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`;
  if (!/^https?:\/\/[^/?#]/i.test(withScheme)) return null;
  let u: URL;
  try {
    u = new URL(withScheme);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (u.username || u.password) return null;
  if (!(u.hostname === 'localhost' || /^[^.]+(\.[^.]+)+$/.test(u.hostname))) return null;
  if (u.port !== '' && (Number(u.port) < 1 || Number(u.port) > 65535)) return null;
  return withScheme;
}

const splitEmails = (v: string) =>
  v
    .split(/[,;]/)
    .map((s) => s.trim())
    .filter(Boolean);

export type LinkResult =
  { ok: true; href: string; text: string; newWindow: boolean } | { ok: false; errors: Partial<Record<LinkField, string>> };

/**
 * The href for a filled-in dialog, or the errors to show at its fields. `choices` are the pages
 * and files offered; a page or file that is not among them is refused.
 */
export function buildLink(d: LinkDraft, choices: LinkChoices): LinkResult {
  const errors: Partial<Record<LinkField, string>> = {};
  let href = '';
  let fallbackText = '';
  switch (d.kind) {
    case 'page': {
      const v = d.page.trim();
      const page = choices.pages.find((p) => p.path === v);
      if (v === '') errors.page = LINK_TEXT.choosePage;
      else if (!PAGE_PATH.test(v) || !page) errors.page = LINK_TEXT.page(v);
      else [href, fallbackText] = [v, page.title];
      break;
    }
    case 'url': {
      const url = webAddress(d.url);
      if (!url) errors.url = LINK_TEXT.url;
      else [href, fallbackText] = [url, d.url.trim()];
      break;
    }
    case 'email': {
      const to = d.email.trim();
      if (!isEmail(to)) errors.email = LINK_TEXT.email;
      const cc = splitEmails(d.cc);
      const bcc = splitEmails(d.bcc);
      if (!cc.every(isEmail)) errors.cc = LINK_TEXT.emails;
      if (!bcc.every(isEmail)) errors.bcc = LINK_TEXT.emails;
      const query = [
        ['subject', d.subject.trim()],
        ['cc', cc.join(',')],
        ['bcc', bcc.join(',')],
        ['body', d.body],
      ]
        .filter(([, v]) => v !== '')
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&');
      href = `mailto:${to}${query ? `?${query}` : ''}`;
      fallbackText = to;
      break;
    }
    case 'phone': {
      const v = d.phone.trim();
      if (!PHONE.test(v) || (v.match(/[0-9]/g) ?? []).length < 3) errors.phone = LINK_TEXT.phone;
      else [href, fallbackText] = [`tel:${v.replace(/[ ().-]/g, '')}`, v];
      break;
    }
    case 'file': {
      const v = d.file.trim();
      const file = choices.files.find((f) => f.path === v);
      if (v === '') errors.file = LINK_TEXT.chooseFile;
      else if (!file) errors.file = LINK_TEXT.option(v);
      else [href, fallbackText] = [v, file.name];
      break;
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, href, text: d.text.trim() || fallbackText, newWindow: d.newWindow };
}

/** The dialog's fields for an existing link (editing it), over `base`. */
export function parseHref(href: string, base: LinkDraft = EMPTY_DRAFT): LinkDraft {
  const d = { ...base };
  if (/^mailto:/i.test(href)) {
    const [to, query = ''] = href.slice(7).split('?', 2);
    const params = new URLSearchParams(query.replace(/\+/g, '%2B'));
    return {
      ...d,
      kind: 'email',
      email: safeDecode(to),
      subject: params.get('subject') ?? '',
      cc: params.get('cc') ?? '',
      bcc: params.get('bcc') ?? '',
      body: params.get('body') ?? '',
    };
  }
  if (/^tel:/i.test(href)) return { ...d, kind: 'phone', phone: href.slice(4) };
  if (href.startsWith('/files/')) return { ...d, kind: 'file', file: href };
  if (href.startsWith('/')) return { ...d, kind: 'page', page: href };
  return { ...d, kind: 'url', url: href };
}

function safeDecode(v: string): string {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

const SITE_PATH = /^\/(?![/\\])[^\s"'<>\\`]*$/;
const FRAGMENT = /^#[A-Za-z][\w:.-]*$/;
const MAILTO = /^mailto:([^\s?"'<>\\`]*)(\?[^\s"'<>\\`]*)?$/i;
const TEL = /^tel:\+?[0-9().-]{3,30}$/i;

/**
 * Whether an href is one of the shapes links may have: a path of this site (/about, /files/...),
 * a #fragment, an http(s) web address, mailto: with valid addresses, or tel: with a number. The
 * sanitiser drops every other href (javascript:, data:, //host, relative paths, odd whitespace).
 */
export function isAllowedHref(href: string): boolean {
  if (href.length > 2083) return false;
  if (SITE_PATH.test(href) || FRAGMENT.test(href) || TEL.test(href)) return true;
  const mail = MAILTO.exec(href);
  if (mail) return mail[1] === '' || splitEmails(safeDecode(mail[1])).every(isEmail);
  return /^https?:\/\//i.test(href) && webAddress(href) === href;
}
