// Site users' sessions, kept server-side (the site_user_session table, only the id's SHA-256 stored)
// so a password reset can end them all; the SiteUserInfo cookie that tells scripts who is signed in;
// and the xsrf token scripts send back as X-SiteUser-XSRF-Token.
import crypto from 'node:crypto';
import type { Session, SessionStorage } from '@remix-run/node';
import { json } from '@remix-run/node';
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';
import { env } from '../utils/env.server.js';
import { log } from '../utils/log.server.js';
import { dbSessionStorage } from './db-session-storage.server.js';
import { getSiteUser, type SiteUser } from './site-user-store.server.js';

export const SITE_USER_COOKIE = 'site_user_session';
/** SPEC 9's name. Readable by scripts: it says only whether someone is signed in, and who. */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
export const XSRF_HEADER = 'X-SiteUser-XSRF-Token';
/** "Remember me": the cookie and the session last this long. */
export const REMEMBER_DAYS = 30;
/** Without "remember me" the cookie ends with the browser, and the session after this at most. */
export const BROWSER_SESSION_HOURS = 24;

export interface SiteUserSessionData {
  siteUserId: string;
  websiteId: string;
  xsrf: string;
  remember: boolean;
}
export type SiteUserSession = Session<SiteUserSessionData>;

let storage: { sql: Sql; storage: SessionStorage<SiteUserSessionData> } | undefined;

export function siteUserSessionStorage(sql: Sql): SessionStorage<SiteUserSessionData> {
  if (storage?.sql === sql) return storage.storage;
  const e = env();
  // No Max-Age here: a browser-session cookie unless "remember me" gives one at commit.
  const s = dbSessionStorage<SiteUserSessionData>(
    sql,
    { table: 'site_user_session', userColumn: 'site_user_id', userKey: 'siteUserId' },
    { name: SITE_USER_COOKIE, path: '/', httpOnly: true, sameSite: 'lax', secure: e.secureCookies, secrets: e.sessionSecrets },
    BROWSER_SESSION_HOURS * 3_600_000,
  );
  storage = { sql, storage: s };
  return s;
}

/** Signs the account out of every browser (after a password reset). */
export async function endAllSiteUserSessions(sql: Sql, siteUserId: string): Promise<number> {
  return (await sql`delete from site_user_session where site_user_id = ${siteUserId} returning 1`).length;
}

// ---------------------------------------------------------------------------------------------
// SiteUserInfo

const Info = z
  .object({
    authenticated: z.boolean(),
    siteUserId: z
      .string()
      .regex(/^su-[0-9a-f-]{36}$/)
      .nullable(),
  })
  .strict();
export type SiteUserInfo = z.infer<typeof Info>;

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The request's SiteUserInfo: absent, malformed (logged), or its value. Never throws. */
export function readSiteUserInfo(request: Request): { state: 'absent' } | { state: 'malformed' } | { state: 'ok'; info: SiteUserInfo } {
  const raw = cookieValue(request.headers.get('Cookie'), SITE_USER_INFO_COOKIE);
  if (raw === null) return { state: 'absent' };
  try {
    const parsed = Info.safeParse(JSON.parse(decodeURIComponent(raw)));
    if (parsed.success) return { state: 'ok', info: parsed.data };
  } catch {
    // falls through to the log below
  }
  log.warn({ cookie: SITE_USER_INFO_COOKIE, length: raw.length }, 'site-user: malformed SiteUserInfo cookie, treated as no user');
  return { state: 'malformed' };
}

function cookieAttrs(maxAgeS: number | null): string {
  const secure = env().secureCookies ? '; Secure' : '';
  return `; Path=/${maxAgeS === null ? '' : `; Max-Age=${maxAgeS}`}; SameSite=Lax${secure}`;
}

/** The Set-Cookie of SiteUserInfo for a signed-in account (as long-lived as its session cookie). */
export function siteUserInfoSetCookie(siteUserId: string, remember: boolean): string {
  const value = encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId }));
  return `${SITE_USER_INFO_COOKIE}=${value}${cookieAttrs(remember ? REMEMBER_DAYS * 86_400 : null)}`;
}

/** The Set-Cookie that removes SiteUserInfo (signed out). */
export function siteUserInfoClearCookie(): string {
  return `${SITE_USER_INFO_COOKIE}=${cookieAttrs(0)}`;
}

// ---------------------------------------------------------------------------------------------
// Who is signed in

export interface SignedIn {
  user: SiteUser;
  session: SiteUserSession;
}

async function resolve(sql: Sql, request: Request, websiteId: string): Promise<SignedIn | null> {
  const info = readSiteUserInfo(request);
  // SPEC 6: the user-info cookie says whether anyone is signed in; the session says who, for real.
  if (info.state !== 'ok' || !info.info.authenticated || !info.info.siteUserId) return null;
  const session = await siteUserSessionStorage(sql)
    .getSession(request.headers.get('Cookie'))
    .catch(() => null);
  if (!session) return null;
  const id = session.get('siteUserId');
  if (!id || id !== info.info.siteUserId || session.get('websiteId') !== websiteId) return null;
  const user = await getSiteUser(sql, websiteId, id);
  return user ? { user, session } : null;
}

const perRequest = new WeakMap<Request, Promise<SignedIn | null>>();

/** The signed-in site user of the request on this site, or null (read once per request). */
export function currentSiteUser(sql: Sql, request: Request, websiteId: string): Promise<SignedIn | null> {
  let p = perRequest.get(request);
  if (!p) perRequest.set(request, (p = resolve(sql, request, websiteId)));
  return p;
}

/** A new xsrf token (kept in the session, handed to the script that signed in). */
export function newXsrfToken(): string {
  return crypto.randomBytes(24).toString('base64url');
}

/** Whether the request carries the session's xsrf token in X-SiteUser-XSRF-Token. */
export function xsrfMatches(request: Request, session: SiteUserSession): boolean {
  const given = Buffer.from(request.headers.get(XSRF_HEADER) ?? '');
  const want = Buffer.from(session.get('xsrf') ?? '');
  return want.length > 0 && given.length === want.length && crypto.timingSafeEqual(given, want);
}

/**
 * The answer to a stale or missing token (SPEC 7's crumbFail, which the client retries once) with
 * SPEC 8's session-token failure text for a page to show if the retry fails too. The request came
 * with its session cookie, so cookies work: the browser's side picks the enable-cookies text itself.
 */
export function crumbFailed(): Response {
  return json({ crumbFail: true, error: UI_TEXT.sessionExpired }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
}
