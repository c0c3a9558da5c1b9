// The site user's session for scripts (SPEC 7). POST {email, password, rememberMe} signs in and
// answers {xsrfToken}; DELETE ?cloneCart=true|false signs out, and needs X-SiteUser-XSRF-Token
// (a stale one: 403 {crumbFail: true}, the client refreshes it with GET and retries once);
// GET answers who is signed in, with the current token.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { SessionBody } from '../auth/site-user-forms.server.js';
import { crumbFailed, xsrfMatches } from '../auth/site-user-session.server.js';
import { SITE_USER_SIGN_IN_TEXT } from '../auth/site-user-sign-in.server.js';
import { apiRoute, BAD_BODY, jsonError, methodNotAllowed, readBody } from '../storefront/api.server.js';
import { signedInUser, signInWithPassword, signOutUser } from '../storefront/site-user-flow.server.js';
import { requestSite } from '../storefront/site.server.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const loader = apiRoute(async function loader({ request, context }: LoaderFunctionArgs) {
  const signed = await signedInUser(request, context);
  if (!signed) return json({ authenticated: false, siteUserId: null }, { headers: NO_STORE });
  return json({ authenticated: true, siteUserId: signed.user.id, xsrfToken: signed.session.get('xsrf') }, { headers: NO_STORE });
});

export const action = apiRoute(async function action({ request, context }: ActionFunctionArgs) {
  const { id: websiteId } = await requestSite(request, context);
  if (request.method === 'POST') {
    const body = await readBody(request);
    if (body === null) return jsonError(400, BAD_BODY);
    const parsed = SessionBody.safeParse(body);
    if (!parsed.success) return jsonError(400, SITE_USER_SIGN_IN_TEXT.wrong);
    const r = await signInWithPassword(request, websiteId, parsed.data);
    if (!r.ok) {
      if (r.retryAfterS) return jsonError(429, r.error, { 'Retry-After': String(r.retryAfterS) });
      return jsonError(401, r.error);
    }
    r.headers.set('Cache-Control', 'no-store');
    return json({ xsrfToken: r.xsrfToken }, { headers: r.headers });
  }
  if (request.method === 'DELETE') {
    const cloneCart = new URL(request.url).searchParams.get('cloneCart') === 'true';
    const signed = await signedInUser(request, context);
    if (signed && !xsrfMatches(request, signed.session)) return crumbFailed();
    const headers = await signOutUser(request, websiteId, cloneCart);
    headers.set('Cache-Control', 'no-store');
    return json({ signedOut: true }, { headers });
  }
  return methodNotAllowed('GET, POST, DELETE');
});
