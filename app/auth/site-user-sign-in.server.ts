// Site users signing in and out: the password check with attempts counted per email and per
// visitor address before it (shared by every server process), a fresh server-side session with its xsrf token
// and SiteUserInfo cookie, and ending it. A wrong password and an unknown email read the same.
import type { Sql } from '../../db/client.server.js';
import { consumeAll, createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
import { verifyPassword } from './password.server.js';
import {
  newXsrfToken,
  REMEMBER_DAYS,
  siteUserInfoClearCookie,
  siteUserInfoSetCookie,
  siteUserSessionStorage,
} from './site-user-session.server.js';
import { normalizeSiteUserEmail, siteUserForSignIn, type SiteUser } from './site-user-store.server.js';

/** Five failures for one email within 15 minutes: that email waits 15 minutes. */
export const PER_EMAIL: Limit = { points: 5, durationS: 15 * 60, blockS: 15 * 60 };
/** One visitor trying many emails. */
export const PER_VISITOR: Limit = { points: 20, durationS: 15 * 60, blockS: 15 * 60 };

export const SITE_USER_SIGN_IN_TEXT = {
  wrong: 'The email or password is incorrect.',
  tooManyOne: 'Too many sign-in attempts. Please wait 1 minute and try again.',
  tooManyMinutes: 'Too many sign-in attempts. Please wait {minutes} minutes and try again.',
  tooMany: (s: number) =>
    s > 60 ? SITE_USER_SIGN_IN_TEXT.tooManyMinutes.replace('{minutes}', String(Math.ceil(s / 60))) : SITE_USER_SIGN_IN_TEXT.tooManyOne,
};

export type SignInOutcome = { ok: true; user: SiteUser } | { ok: false; error: string; retryAfterS?: number };

const limits = new WeakMap<Sql, { email: Limiter; visitor: Limiter }>();
function limitsFor(sql: Sql) {
  let l = limits.get(sql);
  if (!l) {
    l = { email: createLimiter('su-signin-email', PER_EMAIL, sql), visitor: createLimiter('su-signin-visitor', PER_VISITOR, sql) };
    limits.set(sql, l);
  }
  return l;
}

/** Checks an email and password of the site's accounts, refusing while the email or visitor must wait. */
export async function authenticateSiteUser(
  sql: Sql,
  websiteId: string,
  input: { email: string; password: string; visitor: string },
): Promise<SignInOutcome> {
  const l = limitsFor(sql);
  const emailKey = `${websiteId}:${normalizeSiteUserEmail(input.email)}`;
  const visitorKey = `${websiteId}:${input.visitor}`;
  // The attempt is taken from both counts before the password is checked, all or none, so parallel
  // attempts check no more passwords than the limits allow (ADR 0010).
  const v = await consumeAll([
    [l.email, emailKey],
    [l.visitor, visitorKey],
  ]);
  if (!v.ok) return { ok: false, error: SITE_USER_SIGN_IN_TEXT.tooMany(v.retryAfterS), retryAfterS: v.retryAfterS };
  const found = await siteUserForSignIn(sql, websiteId, input.email);
  const ok = await verifyPassword(found?.passwordHash ?? null, input.password);
  if (!ok || !found) return { ok: false, error: SITE_USER_SIGN_IN_TEXT.wrong };
  // A success forgives the email's failures and gives the visitor its point back (it counts failures).
  await Promise.all([l.email.reset(emailKey), l.visitor.refund(visitorKey)]);
  return { ok: true, user: { id: found.id, websiteId: found.websiteId, email: found.email, name: found.name } };
}

/** Starts a session for `user` (ending the one the request brought): its cookies and xsrf token. */
export async function startSiteUserSession(
  sql: Sql,
  request: Request,
  user: SiteUser,
  remember: boolean,
): Promise<{ setCookies: string[]; xsrfToken: string }> {
  const storage = siteUserSessionStorage(sql);
  const setCookies: string[] = [];
  const old = await storage.getSession(request.headers.get('Cookie')).catch(() => null);
  if (old?.id) await storage.destroySession(old);
  const session = await storage.getSession();
  const xsrfToken = newXsrfToken();
  session.set('siteUserId', user.id);
  session.set('websiteId', user.websiteId);
  session.set('xsrf', xsrfToken);
  session.set('remember', remember);
  setCookies.push(await storage.commitSession(session, remember ? { maxAge: REMEMBER_DAYS * 86_400 } : {}));
  setCookies.push(siteUserInfoSetCookie(user.id, remember));
  return { setCookies, xsrfToken };
}

/** Ends the request's session (if any): the cookies that clear it and SiteUserInfo. */
export async function endSiteUserSession(sql: Sql, request: Request): Promise<string[]> {
  const storage = siteUserSessionStorage(sql);
  const session = await storage.getSession(request.headers.get('Cookie')).catch(() => null);
  const out = [siteUserInfoClearCookie()];
  if (session) out.unshift(await storage.destroySession(session));
  return out;
}
