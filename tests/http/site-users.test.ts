// Site users through the built server (issue 14): sign-up and sign-in pages without JavaScript
// (errors beside fields, typed values kept, passwords never echoed), the session API with its xsrf
// token and crumbFail, sign-out with and without cloneCart, a malformed SiteUserInfo treated as no
// user, the reset link through the outbox, and account pages only behind sign-in.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it, vi } from 'vitest';
import { writtenByQueue } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { NEW_YORK } from './support/checkout.js';
import { scaled } from '../support/time-scale.js';

const BREAD_BAG = 'itm-linen-bread-bag';
const PASSWORD = 'a long enough password';
const SESSION = '/api/site-users/account/session';
const newEmail = () => `su-${randomBytes(5).toString('hex')}@example.com`;

async function signUp(v: Visitor, email = newEmail()): Promise<string> {
  const res = await v.postForm('/account/sign-up', { name: 'Ada Shopper', email, password: PASSWORD });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/account');
  return email;
}

async function cartQuantity(v: Visitor): Promise<number> {
  const cart = await (await v.get('/api/commerce/shopping-cart')).json();
  return (cart.entries ?? []).reduce((s: number, e: { quantity: number }) => s + e.quantity, 0);
}

async function apiSignIn(v: Visitor, email: string, password = PASSWORD, rememberMe = false): Promise<Response> {
  return v.json(SESSION, { email, password, rememberMe });
}

describe('sign-up and sign-in pages', () => {
  it('keep typed values on error, never the password, then sign up and show the account', async () => {
    const v = new Visitor();
    const bad = await v.postForm('/account/sign-up', { name: 'Ada', email: 'not-an-email', password: 'short pw' });
    expect(bad.status).toBe(303);
    const page = await (await v.get('/account/sign-up')).text();
    expect(page).toContain('Email is not valid.');
    expect(page).toContain('Use at least 10 characters.');
    expect(page).toMatch(/id="account-name"[^>]*value="Ada"/);
    expect(page).toMatch(/id="account-email"[^>]*value="not-an-email"/);
    expect(page).not.toContain('short pw');

    const email = await signUp(v);
    const account = await v.get('/account');
    expect(account.status).toBe(200);
    expect(account.headers.get('cache-control')).toBe('private, no-store');
    expect(await account.text()).toContain(`Signed in as Ada Shopper (${email})`);
    expect(v.cookies.get('SiteUserInfo')).toContain('authenticated');
  });

  it('answer a wrong password and an unknown email with the same message, on the form and the API', async () => {
    const v = new Visitor();
    const email = await signUp(new Visitor());
    await v.postForm('/account/sign-in', { email, password: 'wrong password!' });
    const wrongPage = await (await v.get('/account/sign-in')).text();
    await v.postForm('/account/sign-in', { email: newEmail(), password: 'wrong password!' });
    const unknownPage = await (await v.get('/account/sign-in')).text();
    expect(wrongPage).toContain('The email or password is incorrect.');
    expect(unknownPage).toContain('The email or password is incorrect.');
    expect(wrongPage).toMatch(new RegExp(`id="account-email"[^>]*value="${email}"`));
    expect(wrongPage).not.toContain('wrong password!');
    const api = await apiSignIn(v, newEmail(), 'x');
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: 'The email or password is incorrect.' });

    const ok = await v.postForm('/account/sign-in', { email, password: PASSWORD, rememberMe: 'on' });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/account');
    const session = ok.headers.getSetCookie().find((c) => c.startsWith('site_user_session='))!;
    expect(session).toMatch(/Max-Age=2592000/);
    expect(session).toMatch(/HttpOnly/);
    expect(ok.headers.getSetCookie().find((c) => c.startsWith('SiteUserInfo='))).not.toMatch(/HttpOnly/);
  });
});

describe('the sign-in limits', () => {
  it('check exactly five passwords of one email when fifteen sign-ins arrive at once', async () => {
    const email = await signUp(new Visitor());
    const v = new Visitor();
    const answers = await Promise.all(Array.from({ length: 15 }, (_, i) => apiSignIn(v, email, `wrong password ${i}`)));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, error: (await r.json()).error as string })));
    // Only a checked password earns "incorrect" (401); a refusal before the check is a 429.
    expect(bodies.filter((b) => b.status === 401 && b.error === 'The email or password is incorrect.')).toHaveLength(5);
    const waits = bodies.filter((b) => b.status === 429);
    expect(waits).toHaveLength(10);
    for (const w of waits) expect(w.error).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  });
});

describe('the session API', () => {
  it('signs in for an xsrfToken (browser-session cookie without rememberMe); sign-out needs the token, else crumbFail', async () => {
    const email = await signUp(new Visitor());
    const v = new Visitor();
    const res = await apiSignIn(v, email);
    expect(res.status).toBe(200);
    const { xsrfToken } = await res.json();
    expect(xsrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('site_user_session='))).not.toMatch(/Max-Age/);

    const missing = await v.fetch(`${SESSION}?cloneCart=true`, { method: 'DELETE' });
    expect(missing.status).toBe(403);
    expect(await missing.json()).toEqual({ crumbFail: true, error: 'Your session has expired. Please reload the page and try again.' });
    const stale = await v.fetch(`${SESSION}?cloneCart=true`, { method: 'DELETE', headers: { 'X-SiteUser-XSRF-Token': `${xsrfToken}x` } });
    expect(stale.status).toBe(403);
    expect((await (await v.get('/account')).text()).includes('Your account')).toBe(true);

    // The client's retry: the current token from GET, then the call again.
    const current = await (await v.get(SESSION)).json();
    expect(current).toMatchObject({ authenticated: true, xsrfToken });
    const ok = await v.fetch(`${SESSION}?cloneCart=true`, { method: 'DELETE', headers: { 'X-SiteUser-XSRF-Token': current.xsrfToken } });
    expect(ok.status).toBe(200);
    expect(v.cookies.has('SiteUserInfo')).toBe(false);
    expect((await v.get('/account')).status).toBe(303);
  });

  it('sign-out with cloneCart keeps the cart in the browser; without, the cart stays with the account', async () => {
    const v = new Visitor();
    expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 2 })).status).toBe(200);
    const email = await signUp(v);
    const token = async () => (await (await v.get(SESSION)).json()).xsrfToken as string;
    const del = async (clone: boolean) =>
      v.fetch(`${SESSION}?cloneCart=${clone}`, { method: 'DELETE', headers: { 'X-SiteUser-XSRF-Token': await token() } });

    expect((await del(true)).status).toBe(200);
    expect(await cartQuantity(v)).toBe(2);

    // Signing in again: the kept copy is the account's own cart, not 2 more (issue 33).
    expect((await apiSignIn(v, email)).status).toBe(200);
    expect(await cartQuantity(v)).toBe(2);
    expect((await del(false)).status).toBe(200);
    expect(await cartQuantity(v)).toBe(0);
    expect(v.cookies.get('cart_qty') ?? '0').toBe('0');

    // The cart left with the account comes back at the next sign-in, in another browser too.
    const w = new Visitor();
    expect((await apiSignIn(w, email)).status).toBe(200);
    expect(await cartQuantity(w)).toBe(2);
  });

  it('a cart begun while signed in is the account’s at once: another browser signing in finds it', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    expect(await cartQuantity(v)).toBe(0);
    // By the API (with JavaScript) and by the form (without): both begin or fill the account's cart.
    expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 })).status).toBe(200);
    expect((await v.postForm('/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '2', returnTo: '/cart' })).status).toBe(303);
    expect(await cartQuantity(v)).toBe(3);
    // Still signed in here; a second browser signs in and has the same cart.
    const w = new Visitor();
    expect((await apiSignIn(w, email)).status).toBe(200);
    expect(await cartQuantity(w)).toBe(3);
  });

  it('a no-JS sign-out button posts to the page route', async () => {
    const v = new Visitor();
    await signUp(v);
    const res = await v.postForm('/account/sign-out', { cloneCart: 'on' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/account/sign-in');
    expect((await v.get('/account')).headers.get('location')).toBe('/account/sign-in?redirectTo=%2Faccount');
  });
});

// Issue 33: the cart doubled on every sign-out ("Keep my cart in this browser") and sign-in. Every
// order of events, with JavaScript (the JSON APIs) and without (the page forms).
describe.each(['with JavaScript', 'without JavaScript'] as const)('the cart across sign-out and sign-in, %s', (way) => {
  const js = way === 'with JavaScript';
  const addBag = async (v: Visitor, quantity = 1) => {
    const res = js
      ? await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity })
      : await v.postForm('/cart', { intent: 'add', itemId: BREAD_BAG, quantity: String(quantity), returnTo: '/cart' });
    expect(res.status).toBe(js ? 200 : 303);
  };
  const signIn = async (v: Visitor, email: string) => {
    const res = js ? await apiSignIn(v, email) : await v.postForm('/account/sign-in', { email, password: PASSWORD });
    expect(res.status).toBe(js ? 200 : 303);
  };
  const signOut = async (v: Visitor, keep: boolean) => {
    const token = async () => (await (await v.get(SESSION)).json()).xsrfToken as string;
    const res = js
      ? await v.fetch(`${SESSION}?cloneCart=${keep}`, { method: 'DELETE', headers: { 'X-SiteUser-XSRF-Token': await token() } })
      : await v.postForm('/account/sign-out', keep ? { cloneCart: 'on' } : {});
    expect(res.status).toBe(js ? 200 : 303);
  };

  it('added while signed in: signing out keeping the cart and back in, twice, leaves 1 (not 2, then 4)', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    await addBag(v);
    for (let round = 0; round < 2; round++) {
      await signOut(v, true);
      expect(await cartQuantity(v)).toBe(1);
      await signIn(v, email);
      expect(await cartQuantity(v)).toBe(1);
    }
    // Another browser signing in finds the same one bag.
    const w = new Visitor();
    await signIn(w, email);
    expect(await cartQuantity(w)).toBe(1);
  });

  it('added while signed out, then signed in: the bag becomes the account’s once, and stays 1 after a kept sign-out', async () => {
    const email = await signUp(new Visitor());
    const v = new Visitor();
    await addBag(v);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(1);
    await signOut(v, true);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(1);
  });

  it('added to the kept cart while signed out: only that one more joins the account’s cart', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    await addBag(v);
    await signOut(v, true);
    await addBag(v);
    expect(await cartQuantity(v)).toBe(2);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(2);
    await signOut(v, true);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(2);
  });

  it('signed out without keeping the cart: the browser is empty, and signing in brings the account’s cart back once', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    await addBag(v);
    await signOut(v, false);
    expect(await cartQuantity(v)).toBe(0);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(1);
    await signOut(v, false);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(1);
  });

  it('a second browser signs in and adds while the first keeps a copy: the first signing in again counts each bag once', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    await addBag(v);
    await signOut(v, true);
    const w = new Visitor();
    await signIn(w, email);
    expect(await cartQuantity(w)).toBe(1);
    await addBag(w);
    expect(await cartQuantity(w)).toBe(2);
    await signIn(v, email);
    expect(await cartQuantity(v)).toBe(2);
    expect(await cartQuantity(w)).toBe(2);
  });
});

describe('SiteUserInfo and the account pages', () => {
  it('redirects to sign-in when nobody is signed in, and treats a malformed SiteUserInfo as no user (never a 500)', async () => {
    for (const p of ['/account', '/account?edit=x']) {
      const res = await new Visitor().get(p);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/account/sign-in?redirectTo=%2Faccount');
    }
    const v = new Visitor();
    await signUp(v);
    expect((await v.get('/account')).status).toBe(200);
    v.cookies.set('SiteUserInfo', '%7Bnot-json');
    expect((await v.get('/account')).status).toBe(303);
    const api = await v.get(SESSION);
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ authenticated: false });
    v.cookies.set(
      'SiteUserInfo',
      encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'su-00000000-0000-0000-0000-000000000000' })),
    );
    expect((await v.get('/account')).status).toBe(303);
  });

  it('adds an address with the checkout rules, lists orders placed while signed in', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    await v.postForm('/account', {
      intent: 'add-address',
      name: 'Ada',
      line1: '',
      city: 'Buffalo',
      region: 'ZZ',
      postalCode: '1',
      country: 'US',
    });
    let page = await (await v.get('/account')).text();
    expect(page).toContain('Enter a US state, such as NY or New York.');
    expect(page).toMatch(/id="account-city"[^>]*value="Buffalo"/);
    await v.postForm('/account', {
      intent: 'add-address',
      name: 'Ada',
      line1: '1 Main St',
      city: 'Buffalo',
      region: 'new york',
      postalCode: '14201',
      country: 'US',
    });
    page = await (await v.get('/account')).text();
    expect(page).toContain('Buffalo, NY 14201');

    expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: BREAD_BAG, quantity: 1 })).status).toBe(200);
    const placed = await v.postForm('/checkout', {
      cart: 'cart',
      intent: 'place',
      ...NEW_YORK,
      email,
      name: 'Ada',
    });
    expect(placed.headers.get('location')).toMatch(/^\/order-confirmed\//);
    page = await (await v.get('/account')).text();
    const link = /<a href="(\/order-confirmed\/[^"]+)">#\d+<\/a>/.exec(page)?.[1];
    expect(link, 'an order link').toBeTruthy();
    expect((await new Visitor().get(link!.replace(/&amp;/g, '&'))).status).toBe(200);
  });
});

describe('reset by email', () => {
  it('answers the same for any email, mails a single-use link that sets the password and ends sessions', async () => {
    const signedIn = new Visitor();
    const email = await signUp(signedIn);
    const v = new Visitor();
    await v.postForm('/account/forgot-password', { email: newEmail() });
    const unknown = await (await v.get('/account/forgot-password')).text();
    await v.postForm('/account/forgot-password', { email });
    const known = await (await v.get('/account/forgot-password')).text();
    const notice = (html: string) => /data-account-notice>([^<]*)</.exec(html)?.[1];
    expect(notice(known)).toBeTruthy();
    expect(notice(known)).toBe(notice(unknown));

    const dir = path.join(inject('dataDir'), 'outbox');
    // Through the mail queue (ADR 0026): its worker polls each second.
    const { file, eml } = await vi.waitFor(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes('password-reset')) : [];
        const found = files.find((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(`To: ${email}`));
        expect(found, `a password-reset .eml to ${email}`).toBeDefined();
        return { file: found!, eml: fs.readFileSync(path.join(dir, found!), 'utf8') };
      },
      { timeout: scaled(20_000), interval: 100 },
    );
    expect(writtenByQueue(file, eml), file).toBe(true);
    const link = /(\/account\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(eml.replace(/=\r\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(link, 'a reset link in the email').toBeTruthy();
    expect(await (await v.get(link!)).text()).toContain('name="token"');
    const token = new URL(link!, 'http://x').searchParams.get('token')!;
    const set = await v.postForm('/account/reset-password', { token, password: 'a brand new password', confirm: 'a brand new password' });
    expect(set.headers.get('location')).toBe('/account/sign-in');
    expect(await (await v.get('/account/sign-in')).text()).toContain('Your password is set.');
    // Used once: the link is dead; the other browser was signed out.
    expect(await (await v.get(link!)).text()).toContain('This link has expired or was already used.');
    expect((await signedIn.get('/account')).status).toBe(303);
    expect((await apiSignIn(new Visitor(), email, 'a brand new password')).status).toBe(200);
  });
});
