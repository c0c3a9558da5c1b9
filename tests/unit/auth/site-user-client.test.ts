// The browser helper of the site-user session API: sign-out sends the xsrf token, and on a
// {crumbFail: true} 403 fetches the current token and repeats the call once (never twice).
import { describe, expect, it } from 'vitest';
import { signIn, signOut, XSRF_HEADER_NAME } from '../../../app/auth/site-user-client.js';

type Call = { url: string; method: string; token: string | null };

function server(answers: Response[], current = 'fresh-token') {
  const calls: Call[] = [];
  const f = (async (url: string, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({ url, method: init.method ?? 'GET', token: headers[XSRF_HEADER_NAME] ?? null });
    if ((init.method ?? 'GET') === 'GET') return Response.json({ authenticated: true, xsrfToken: current });
    return answers.shift() ?? Response.json({}, { status: 500 });
  }) as typeof fetch;
  return { f, calls };
}

describe('the site-user client', () => {
  it('retries a sign-out once with a refreshed token after crumbFail', async () => {
    const s = server([
      Response.json({ xsrfToken: 'old-token' }),
      Response.json({ crumbFail: true }, { status: 403 }),
      Response.json({ signedOut: true }),
    ]);
    expect(await signIn('a@example.com', 'pw', false, s.f)).toEqual({ ok: true });
    expect(await signOut(true, s.f)).toBe(true);
    expect(s.calls.map((c) => `${c.method} ${c.url} ${c.token}`)).toEqual([
      'POST /api/site-users/account/session null',
      'DELETE /api/site-users/account/session?cloneCart=true old-token',
      'GET /api/site-users/account/session null',
      'DELETE /api/site-users/account/session?cloneCart=true fresh-token',
    ]);
  });

  it('gives up after the one retry, and does not retry other refusals', async () => {
    const twice = server([Response.json({ crumbFail: true }, { status: 403 }), Response.json({ crumbFail: true }, { status: 403 })]);
    expect(await signOut(false, twice.f)).toBe(false);
    expect(twice.calls.filter((c) => c.method === 'DELETE')).toHaveLength(2);
    const other = server([Response.json({ error: 'no' }, { status: 403 })]);
    expect(await signOut(false, other.f)).toBe(false);
    expect(other.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
