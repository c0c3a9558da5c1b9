// The visitor cookies of SPEC 5, 6 and 9, pure: ss_cvr (the visitor and their visits), ss_cvt (the
// session: the last hit's time) and ss_cid (the analytics id). Parsing, advancing a hit, and the
// Set-Cookie lines; the page reads them, so none is HttpOnly.
import { ANALYTICS_COOKIES, COLLECTOR, COOKIE, COOKIE_MAX_AGE_S, SESSION_MS } from './constants.js';

/** ss_cvr: `<id>|<first>|<previous>|<current>|<count>`, the times in ms since the epoch. */
export interface VisitorRecord {
  id: string;
  first: number;
  previous: number;
  current: number;
  count: number;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const POSITIVE = /^[1-9][0-9]{0,15}$/;

function positive(s: string | undefined): number | null {
  if (s === undefined || !POSITIVE.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/** SPEC 5's rule: an id, then four positive integers, separated by '|'; anything else is null. */
export function parseVisitor(raw: string | null | undefined): VisitorRecord | null {
  if (!raw) return null;
  const parts = decodeSafe(raw).split('|');
  if (parts.length !== 5 || !ID.test(parts[0])) return null;
  const [first, previous, current, count] = parts.slice(1).map(positive);
  if (first === null || previous === null || current === null || count === null) return null;
  return { id: parts[0], first, previous, current, count };
}

export function formatVisitor(v: VisitorRecord): string {
  return `${v.id}|${v.first}|${v.previous}|${v.current}|${v.count}`;
}

/** ss_cvt: a positive integer (the last hit, ms), else null. */
export function parseSession(raw: string | null | undefined): number | null {
  return raw ? positive(decodeSafe(raw)) : null;
}

/** ss_cid: an id of letters, digits, '-' and '_', else null. */
export function parseAnalyticsId(raw: string | null | undefined): string | null {
  return raw && ID.test(raw) ? raw : null;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A random id of COLLECTOR.idLength characters (21, as the collector's). */
export function randomId(length: number = COLLECTOR.idLength): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  for (const b of bytes) out += ALPHABET[b & 63];
  return out;
}

export interface Hit {
  visitor: VisitorRecord;
  /** Whether this hit began a visit (no live session before it). */
  newVisit: boolean;
  /** The new ss_cvt: this hit's time. */
  session: number;
}

/**
 * What a page view does to the cookies at `now`: a visitor without a valid ss_cvr gets a new one
 * (first = previous = current = now, count 1); one whose ss_cvt is missing, invalid or older than
 * 30 minutes starts a new visit (previous = current, current = now, count + 1).
 */
export function advanceHit(visitor: VisitorRecord | null, session: number | null, now: number, newId: () => string = randomId): Hit {
  if (!visitor) return { visitor: { id: newId(), first: now, previous: now, current: now, count: 1 }, newVisit: true, session: now };
  const live = session !== null && session <= now && now - session < SESSION_MS;
  if (live) return { visitor, newVisit: false, session: now };
  return { visitor: { ...visitor, previous: visitor.current, current: now, count: visitor.count + 1 }, newVisit: true, session: now };
}

/** The cookies of a request (name to raw value; the first of a repeated name wins). */
export function readCookies(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!out.has(name)) out.set(name, part.slice(eq + 1).trim());
  }
  return out;
}

/** One readable (not HttpOnly) cookie for the whole site. */
export function readableCookie(name: string, value: string, maxAgeS: number | null, secure: boolean): string {
  const age = maxAgeS === null ? '' : `; Max-Age=${maxAgeS}`;
  return `${name}=${value}; Path=/${age}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie lines after a page view: visitor (2 years), session (30 min, sliding), analytics id (390 days). */
export function visitorSetCookies(hit: Hit, analyticsId: string, secure: boolean): string[] {
  return [
    readableCookie(COOKIE.visitor, encodeURIComponent(formatVisitor(hit.visitor)), COOKIE_MAX_AGE_S.visitor, secure),
    readableCookie(COOKIE.session, String(hit.session), COOKIE_MAX_AGE_S.session, secure),
    readableCookie(COOKIE.analyticsId, analyticsId, COOKIE_MAX_AGE_S.analyticsId, secure),
  ];
}

/** A restrictive cookie policy (SPEC 6): every analytics cookie cleared. */
export function clearAnalyticsCookies(secure: boolean): string[] {
  return ANALYTICS_COOKIES.map((name) => readableCookie(name, '', 0, secure));
}
