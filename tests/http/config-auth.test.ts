// The owner area's door, through the built server: sign-in (wrong password, slow-down, lock-out),
// server-side sessions that sign-out revokes (here and everywhere), invites by email with a role,
// site switching, and the first owner from OWNER_EMAIL/OWNER_PASSWORD.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, inviteLinkFor, OWNER, signIn, visitorWithRole } from './support/owner.js';

describe('owner sign-in', () => {
  it('sends a signed-out visitor of /config to the sign-in page, and back after signing in', async () => {
    const v = new Visitor();
    const res = await v.get('/config/orders?page=2');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/config/sign-in?redirectTo=%2Fconfig%2Forders%3Fpage%3D2');
    const signed = await v.postForm('/config/sign-in', {
      email: OWNER.email,
      password: OWNER.password,
      redirectTo: '/config/orders?page=2',
    });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe('/config/orders?page=2');
    const cookie = signed.headers.getSetCookie().find((c) => c.startsWith('owner_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('keeps every /config address behind the sign-in, also those ending like a shop page (/config/search)', async () => {
    for (const path of ['/config/search', '/config/cart', '/config/account/sign-in']) {
      const res = await new Visitor().get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(`/config/sign-in?redirectTo=${encodeURIComponent(path)}`);
    }
    const owner = await adminVisitor();
    const res = await owner.get('/config/search');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('data-search');
  });

  it('never sends an owner off the site after signing in', async () => {
    const v = new Visitor();
    const res = await v.postForm('/config/sign-in', { email: OWNER.email, password: OWNER.password, redirectTo: '//evil.example/config' });
    expect(res.headers.get('location')).toBe('/config');
  });

  it('says the email or password is incorrect and keeps the email typed', async () => {
    const v = new Visitor();
    const res = await v.postForm('/config/sign-in', { email: 'nobody@example.com', password: 'not the password' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The email or password is incorrect.');
    expect(html).toContain('value="nobody@example.com"');
  });

  it('makes an email wait after three failures, with Retry-After and the text', async () => {
    const email = `victim-${randomBytes(3).toString('hex')}@example.com`;
    const v = new Visitor();
    for (let i = 0; i < 3; i++) expect((await v.postForm('/config/sign-in', { email, password: `wrong ${i} password` })).status).toBe(400);
    const slowed = await v.postForm('/config/sign-in', { email, password: 'wrong again password' });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await slowed.text()).toMatch(/Too many attempts\. Please wait \d+ seconds and try again\./);
  });

  /** Posts `n` sign-ins at once from `v`'s address; sorts the answers into password checks and waits. */
  async function burst(v: Visitor, n: number, email: (i: number) => string): Promise<{ checked: number; waits: string[] }> {
    const answers = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const res = await v.postForm('/config/sign-in', { email: email(i), password: `wrong password ${i}` });
        return { status: res.status, html: await res.text() };
      }),
    );
    // Only a checked password earns "incorrect" (400); a refusal before the check is a 429.
    const checked = answers.filter((a) => a.status === 400 && a.html.includes('The email or password is incorrect.')).length;
    const waits = answers
      .filter((a) => a.status === 429)
      .map((a) => /Too many attempts|is locked for \d+ minutes/.exec(a.html)?.[0] ?? a.html);
    expect(checked + waits.length, JSON.stringify(answers.map((a) => a.status))).toBe(n);
    return { checked, waits };
  }

  it('checks exactly three passwords when twenty sign-ins of one email arrive at once', async () => {
    const email = `burst-${randomBytes(3).toString('hex')}@example.com`;
    const { checked, waits } = await burst(new Visitor(), 20, () => email);
    expect(checked).toBe(3);
    expect(waits).toEqual(Array(17).fill('Too many attempts'));
  });

  it('checks exactly thirty passwords when one address tries forty emails at once', async () => {
    const tag = randomBytes(3).toString('hex');
    const { checked, waits } = await burst(new Visitor(), 40, (i) => `spray-${tag}-${i}@example.com`);
    expect(checked).toBe(30);
    expect(waits).toEqual(Array(10).fill('is locked for 15 minutes'));
  });

  it('keeps the session on the server: signing out revokes the cookie, even replayed', async () => {
    const v = await adminVisitor();
    const saved = v.cookieHeader();
    expect((await v.get('/config')).status).toBe(200);
    const out = await v.postForm('/config/sign-out', {});
    expect(out.status).toBe(303);
    const replay = await v.get('/config', { Cookie: saved });
    expect(replay.status).toBe(302);
    expect(replay.headers.get('location')).toContain('/config/sign-in');
  });

  it('signs out everywhere: every other browser of the owner is signed out too', async () => {
    const admin = await adminVisitor();
    const { visitor: a, email } = await visitorWithRole(admin, 10);
    const b = new Visitor();
    await signIn(b, email, 'a long enough password');
    expect((await b.get('/config')).status).toBe(200);
    expect((await a.postForm('/config/sign-out', { everywhere: '1' })).status).toBe(303);
    expect((await b.get('/config')).status).toBe(302);
  });

  it('answers a sign-in post that is no readable form with 400 and the text, never a 500', async () => {
    const v = new Visitor();
    const bodies: [string, string][] = [
      ['multipart/form-data', 'email=owner%40example.com'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner'],
    ];
    for (const [type, body] of bodies) {
      const res = await v.fetch('/config/sign-in', { method: 'POST', body, headers: { 'Content-Type': type } });
      expect(res.status, type).toBe(400);
      expect(await res.text()).toContain('Enter your email and password.');
    }
    // A well-formed multipart post signs in as the urlencoded one does.
    const form = new FormData();
    form.set('email', OWNER.email);
    form.set('password', OWNER.password);
    const ok = await new Visitor().fetch('/config/sign-in', { method: 'POST', body: form });
    expect(ok.status).toBe(303);
  });

  it('refuses a cross-site sign-in post', async () => {
    const v = new Visitor();
    const res = await v.postForm('/config/sign-in', { email: OWNER.email, password: OWNER.password }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });
});

describe('invites', () => {
  it('invites by email with a role; the link works once and signs the new owner in with that role', async () => {
    const admin = await adminVisitor();
    const email = `editor-${randomBytes(3).toString('hex')}@example.com`;
    const sent = await admin.postForm('/config/members', { intent: 'invite', email, roleId: '4' });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`Invitation sent to ${email}.`);
    const link = await inviteLinkFor(email);
    const page = await new Visitor().get(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Editor');
    const v = new Visitor();
    const short = await v.postForm(link, { name: 'Ed', password: 'short', confirm: 'short' });
    expect(short.status).toBe(400);
    const shortHtml = await short.text();
    expect(shortHtml).toContain('Use at least 10 characters.');
    expect(shortHtml).toContain('value="Ed"');
    // Passwords that do not match: said on the repeated one; the name stays, no password is drawn again.
    const mismatch = await v.postForm(link, { name: 'Ed', password: 'editor password 1', confirm: 'editor password 2' });
    expect(mismatch.status).toBe(400);
    const mismatchHtml = await mismatch.text();
    expect(mismatchHtml).toMatch(/id="f-confirm-error"[^>]*>The passwords do not match\./);
    expect(mismatchHtml).toContain('value="Ed"');
    expect(mismatchHtml).not.toContain('editor password');
    const ok = await v.postForm(link, { name: 'Ed', password: 'editor password 1', confirm: 'editor password 1' });
    expect(ok.status).toBe(303);
    const dash = await v.get('/config');
    expect(dash.status).toBe(200);
    const html = await dash.text();
    expect(html).toContain(email);
    expect(html).toContain('Editor');
    // An editor handles pages, not members.
    expect((await v.get('/config/members')).status).toBe(403);
    // The link is used up.
    expect((await new Visitor().get(link)).status).toBe(410);
  });

  it('checks the email and the role of an invite, keeping what was typed', async () => {
    const admin = await adminVisitor();
    const res = await admin.postForm('/config/members', { intent: 'invite', email: 'not-an-email', roleId: '4' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter an email address such as name@example.com.');
    expect(html).toContain('value="not-an-email"');
  });
});
