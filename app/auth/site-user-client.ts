// The browser's side of the site-user session API (SPEC 7): sign in for {xsrfToken}, and sign out
// sending it as X-SiteUser-XSRF-Token; when the server says the token is stale ({crumbFail: true})
// the helper fetches the current one and repeats the call once.
export const XSRF_HEADER_NAME = 'X-SiteUser-XSRF-Token';
const SESSION_URL = '/api/site-users/account/session';

type Fetch = typeof fetch;

let token: string | null = null;

/** Signs in; keeps the token for later calls. */
export async function signIn(
  email: string,
  password: string,
  rememberMe: boolean,
  f: Fetch = fetch,
): Promise<{ ok: boolean; error?: string }> {
  const res = await f(SESSION_URL, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe }),
  });
  const body = (await res.json().catch(() => ({}))) as { xsrfToken?: string; error?: string };
  if (!res.ok || !body.xsrfToken) return { ok: false, error: body.error ?? 'Unable to connect. Please try again' };
  token = body.xsrfToken;
  return { ok: true };
}

/** The session's current token, from the server (after a crumbFail, or on a page that has none yet). */
async function refreshToken(f: Fetch): Promise<string | null> {
  const res = await f(SESSION_URL, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  const body = (await res.json().catch(() => ({}))) as { xsrfToken?: string };
  token = body.xsrfToken ?? null;
  return token;
}

/** Signs out, keeping a copy of the cart in this browser when `cloneCart`; retried once on crumbFail. */
export async function signOut(cloneCart: boolean, f: Fetch = fetch): Promise<boolean> {
  const call = (t: string | null) =>
    f(`${SESSION_URL}?cloneCart=${cloneCart}`, {
      method: 'DELETE',
      credentials: 'same-origin',
      headers: t ? { [XSRF_HEADER_NAME]: t } : {},
    });
  let res = await call(token ?? (await refreshToken(f)));
  if (res.status === 403) {
    const body = (await res
      .clone()
      .json()
      .catch(() => ({}))) as { crumbFail?: boolean };
    if (body.crumbFail) res = await call(await refreshToken(f));
  }
  if (res.ok) token = null;
  return res.ok;
}
