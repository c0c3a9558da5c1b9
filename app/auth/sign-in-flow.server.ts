// What the sign-in and sign-out pages do around remix-auth: a fresh server-side session for the
// owner (never one a visitor brought along), the site to edit first, and ending sessions.
import { redirect } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import { getOwnerSession, safeConfigPath } from './permissions.server.js';
import { membershipsOf, type Owner } from './owners.server.js';
import { endAllSessions, ownerSessionStorage } from './owner-session.server.js';
import { readForm } from '../utils/form.server.js';
import { ownerAuthenticator, SignInError, SIGN_IN_TEXT } from './sign-in.server.js';

export type SignInResult = { ok: true; response: Response } | { ok: false; error: string; email: string; retryAfterS?: number };

/** Starts a session for `owner` (dropping the one the request had) and redirects to `to`. */
export async function startSession(sql: Sql, request: Request, owner: Owner, to: string, siteId?: string | null): Promise<Response> {
  const storage = ownerSessionStorage(sql);
  const old = await getOwnerSession(sql, request);
  const headers = new Headers();
  if (old.id) headers.append('Set-Cookie', await storage.destroySession(old));
  const session = await storage.getSession();
  session.set('ownerId', owner.id);
  const sites = await membershipsOf(sql, owner.id);
  const first = sites.find((m) => m.websiteId === siteId) ?? sites[0];
  if (first) session.set('siteId', first.websiteId);
  headers.append('Set-Cookie', await storage.commitSession(session));
  return redirect(safeConfigPath(to), { status: 303, headers });
}

/** Checks the posted email and password (remix-auth's form strategy) and signs the owner in. */
export async function signIn(sql: Sql, request: Request, hostSiteId: string | null): Promise<SignInResult> {
  // Read once, safely: a body that is no form (a multipart without its boundary, a file for a
  // field) made request.formData() throw, a 500 (issue 28: a sign-in post never answers 500).
  const form = await readForm(request);
  if (!form) return { ok: false, error: SIGN_IN_TEXT.missing, email: '' };
  const email = String(form.get('email') ?? '').trim();
  const to = safeConfigPath(String(form.get('redirectTo') ?? '/config'));
  // remix-auth reads the form again: it gets the fields just read, with the request's headers
  // (the client address among them).
  const headers = new Headers(request.headers);
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  headers.delete('Content-Length');
  const posted = new Request(request.url, { method: 'POST', headers, body: form.toString() });
  try {
    const owner = await ownerAuthenticator(sql).authenticate('form', posted);
    return { ok: true, response: await startSession(sql, request, owner, to, hostSiteId) };
  } catch (e) {
    if (e instanceof SignInError) return { ok: false, error: e.message, email, retryAfterS: e.retryAfterS };
    throw e;
  }
}

export { SIGN_IN_TEXT };

/** Ends this browser's session, or every session of its owner; redirects to the sign-in page. */
export async function signOut(sql: Sql, request: Request, everywhere: boolean): Promise<Response> {
  const storage = ownerSessionStorage(sql);
  const session = await getOwnerSession(sql, request);
  const ownerId = session.get('ownerId');
  if (everywhere && ownerId) await endAllSessions(sql, ownerId);
  const cookie = await storage.destroySession(session);
  return redirect(`/config/sign-in?signedOut=${everywhere ? 'everywhere' : '1'}`, { status: 303, headers: { 'Set-Cookie': cookie } });
}

/** Whether the request already carries a live owner session. */
export async function isSignedIn(sql: Sql, request: Request): Promise<boolean> {
  return Boolean((await getOwnerSession(sql, request)).get('ownerId'));
}
