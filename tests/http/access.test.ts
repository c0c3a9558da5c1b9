// Locked and member pages through the built server (issue 16): the demo's /wholesale asks for a
// password (lock screen, 103), /studio-notes for a signed-in site user (105), /kiln-club for a
// member of a free area (106 until joined) and /open-studio for a paid one (paywall, 107). None of
// them is publicly cached, listed in the sitemap or search, or readable as JSON.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';

const LOCKED = '/wholesale';
const LOCKED_TEXT = 'Trade prices are 50% of retail';
const PASSWORD = 'saltgrass-wholesale';
const SIGNED_IN_ONLY = '/studio-notes';
const SIGNED_IN_TEXT = 'Our Sea Glass glaze';
const FREE_AREA = '/kiln-club';
const FREE_AREA_TEXT = 'reserve seconds before they go on sale';
const PAID_AREA = '/open-studio';
const PAID_AREA_TEXT = 'Book your wheel for the week';

/** The lock screen's scope field (the collection id of the page, or "site"). */
function scopeOf(html: string): string {
  const m = html.match(/name="scope" value="([^"]+)"/);
  if (!m) throw new Error('no lock screen form');
  return m[1];
}

async function unlockWith(v: Visitor, path: string, password: string): Promise<Response> {
  const scope = scopeOf(await (await v.get(path)).text());
  return v.postForm('/page-access', { intent: 'unlock', scope, password, redirectTo: path });
}

/** A new site user, signed in on `v`. */
async function signUp(v: Visitor): Promise<string> {
  const email = `member-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await v.postForm('/account/sign-up', { name: 'Member', email, password: 'a long enough password' });
  expect(res.status).toBe(303);
  expect(v.cookies.has('SiteUserInfo')).toBe(true);
  return email;
}

describe('a page locked with a password (lock screen, 103)', () => {
  it('shows the lock screen, not the page, and keeps it out of every cache', async () => {
    const v = new Visitor();
    const res = await v.get(LOCKED);
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('etag')).toBeNull();
    const html = await res.text();
    expect(html).toContain('This page is password protected');
    expect(html).toContain('<label for="lock-password">Password</label>');
    expect(html).toContain('action="/page-access"');
    expect(html).not.toContain(LOCKED_TEXT);
    // The page type is the lock screen's: the analytics collector is left out (SPEC 6), where
    // a public page has it.
    expect(html).not.toContain('"census":{');
    expect(await (await v.get('/about')).text()).toContain('"census":{');
  });

  it('a wrong password comes back to the lock screen with the error; the page stays shut', async () => {
    const v = new Visitor();
    const post = await unlockWith(v, LOCKED, 'not the password');
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(LOCKED);
    const again = await v.get(LOCKED);
    expect(again.status).toBe(403);
    const html = await again.text();
    expect(html).toContain('Incorrect password. Please try again.');
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain(LOCKED_TEXT);
    // The error shows once.
    expect(await (await v.get(LOCKED)).text()).not.toContain('Incorrect password');
  });

  it('an empty password is refused with its own message', async () => {
    const v = new Visitor();
    await unlockWith(v, LOCKED, '');
    expect(await (await v.get(LOCKED)).text()).toContain('Enter the password.');
  });

  it('the right password opens the page for this session only: private, never stored, not for others', async () => {
    const v = new Visitor();
    const post = await unlockWith(v, LOCKED, PASSWORD);
    expect(post.status).toBe(303);
    expect(post.headers.get('location')).toBe(LOCKED);
    expect(post.headers.getSetCookie().some((c) => c.startsWith('session='))).toBe(true);
    for (let i = 0; i < 2; i++) {
      const page = await v.get(LOCKED);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(page.headers.get('etag')).toBeNull();
      expect(await page.text()).toContain(LOCKED_TEXT);
    }
    // Another browser still gets the lock screen.
    const other = await new Visitor().get(LOCKED);
    expect(other.status).toBe(403);
    expect(await other.text()).not.toContain(LOCKED_TEXT);
  });

  it('five wrong passwords and the visitor must wait: 429 with Retry-After, even for the right one', async () => {
    const v = new Visitor();
    for (let i = 0; i < 5; i++) await unlockWith(v, LOCKED, `wrong ${i}`);
    await unlockWith(v, LOCKED, PASSWORD);
    const res = await v.get(LOCKED);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await res.text();
    expect(html).toMatch(/Too many attempts\. Please wait \d+ minutes? and try again\./);
    expect(html).not.toContain(LOCKED_TEXT);
    // Another visitor (another address) is not held back.
    const other = new Visitor();
    await unlockWith(other, LOCKED, PASSWORD);
    expect((await other.get(LOCKED)).status).toBe(200);
  });

  it('ten guesses at once from one address: exactly five passwords are checked', async () => {
    const address = `10.77.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    const scope = scopeOf(await (await new Visitor().get(LOCKED)).text());
    // Ten browsers behind one address, each posting once: each reads its own answer back (flash).
    const browsers = Array.from({ length: 10 }, () => new Visitor());
    await Promise.all(
      browsers.map((b, i) =>
        b.postForm('/page-access', { intent: 'unlock', scope, password: `wrong ${i}`, redirectTo: LOCKED }, { 'X-Forwarded-For': address }),
      ),
    );
    const pages = await Promise.all(browsers.map(async (b) => (await b.get(LOCKED)).text()));
    expect(pages.filter((p) => p.includes('Incorrect password. Please try again.'))).toHaveLength(5);
    expect(pages.filter((p) => /Too many attempts\. Please wait 10 minutes and try again\./.test(p))).toHaveLength(5);
  });

  it('a made-up scope or a foreign redirect opens nothing and stays on this site', async () => {
    const v = new Visitor();
    const res = await v.postForm('/page-access', {
      intent: 'unlock',
      scope: 'site',
      password: PASSWORD,
      redirectTo: 'https://evil.example/',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await v.get(LOCKED)).status).toBe(403);
    const bad = await v.postForm('/page-access', { intent: 'nonsense' });
    expect(bad.status).toBe(303);
  });

  it('a password posted from another site is refused (CSRF) and opens nothing', async () => {
    const v = new Visitor();
    const scope = scopeOf(await (await v.get(LOCKED)).text());
    const res = await v.postForm(
      '/page-access',
      { intent: 'unlock', scope, password: PASSWORD, redirectTo: LOCKED },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    expect((await v.get(LOCKED)).status).toBe(403);
  });

  it('the JSON of the page route (?_data) and ?format=json carry the lock screen, never the page', async () => {
    const v = new Visitor();
    for (const path of [`${LOCKED}?_data=routes%2F%24`, `${LOCKED}?format=json`]) {
      const res = await v.get(path);
      expect(res.status).toBe(403);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).not.toContain(LOCKED_TEXT);
    }
  });
});

describe('member pages (protected content 105, member area access denied 106)', () => {
  it('a page for signed-in site users shows visitors the sign-in page (105), private and unstored', async () => {
    const v = new Visitor();
    const res = await v.get(SIGNED_IN_ONLY);
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('data-access-page="sign-in"');
    expect(html).toContain(`href="/account/sign-in?redirectTo=${encodeURIComponent(SIGNED_IN_ONLY)}"`);
    expect(html).not.toContain(SIGNED_IN_TEXT);
  });

  it('the sign-up link of the 105 page brings the new account back to the page', async () => {
    const v = new Visitor();
    const link = `/account/sign-up?redirectTo=${encodeURIComponent(SIGNED_IN_ONLY)}`;
    expect(await (await v.get(SIGNED_IN_ONLY)).text()).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    const form = await (await v.get(link)).text();
    expect(form).toContain(`name="redirectTo" value="${SIGNED_IN_ONLY}"`);
    const made = await v.postForm('/account/sign-up', {
      name: 'Back Again',
      email: `back-${Date.now()}@example.com`,
      password: 'a long enough password',
      redirectTo: SIGNED_IN_ONLY,
    });
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe(SIGNED_IN_ONLY);
    expect(await (await v.get(SIGNED_IN_ONLY)).text()).toContain(SIGNED_IN_TEXT);
    // Never to another site.
    const elsewhere = await new Visitor().postForm('/account/sign-up', {
      name: 'Elsewhere',
      email: `away-${Date.now()}@example.com`,
      password: 'a long enough password',
      redirectTo: '//evil.example/x',
    });
    expect(elsewhere.headers.get('location')).toBe('/account');
  });

  it('a signed-in site user sees it, privately', async () => {
    const v = new Visitor();
    await signUp(v);
    const res = await v.get(SIGNED_IN_ONLY);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain(SIGNED_IN_TEXT);
    // A forged SiteUserInfo without the session proves nothing.
    const forger = new Visitor();
    forger.cookies.set('SiteUserInfo', v.cookies.get('SiteUserInfo')!);
    expect((await forger.get(SIGNED_IN_ONLY)).status).toBe(403);
  });

  it("a free area's page: sign in first (105), then access denied (106) until the user joins", async () => {
    const v = new Visitor();
    const anon = await (await v.get(FREE_AREA)).text();
    expect(anon).toContain('This page is for members of Kiln Club.');
    expect(anon).not.toContain(FREE_AREA_TEXT);
    await signUp(v);
    const denied = await v.get(FREE_AREA);
    expect(denied.status).toBe(403);
    const html = await denied.text();
    expect(html).toContain('Member area access denied');
    expect(html).toContain('Your account is not a member of Kiln Club.');
    expect(html).not.toContain(FREE_AREA_TEXT);
    // The access denied page is never recorded by analytics (SPEC 6).
    expect(html).not.toContain('"census":{');
    const areaId = html.match(/name="areaId" value="([^"]+)"/)![1];
    const join = await v.postForm('/page-access', { intent: 'join', areaId, redirectTo: FREE_AREA });
    expect(join.status).toBe(303);
    expect(join.headers.get('location')).toBe(FREE_AREA);
    const member = await v.get(FREE_AREA);
    expect(member.status).toBe(200);
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    expect(await member.text()).toContain(FREE_AREA_TEXT);
  });

  it('joining needs a signed-in user, and a paid area cannot be joined for free', async () => {
    const anon = new Visitor();
    const res = await anon.postForm('/page-access', { intent: 'join', areaId: 'area-kiln-club', redirectTo: FREE_AREA });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/account/sign-in?redirectTo=${encodeURIComponent(FREE_AREA)}`);
    const v = new Visitor();
    await signUp(v);
    await v.postForm('/page-access', { intent: 'join', areaId: 'area-open-studio', redirectTo: PAID_AREA });
    const page = await v.get(PAID_AREA);
    expect(page.status).toBe(403);
    expect(await page.text()).not.toContain(PAID_AREA_TEXT);
  });
});

describe("the site's owners", () => {
  it('see locked and member pages as they are (privately), without a password or an account', async () => {
    const owner = await adminVisitor();
    for (const [path, text] of [
      [LOCKED, LOCKED_TEXT],
      [SIGNED_IN_ONLY, SIGNED_IN_TEXT],
      [PAID_AREA, PAID_AREA_TEXT],
    ]) {
      const res = await owner.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(await res.text()).toContain(text);
    }
  });
});

describe('no leaks: locked and member pages are in no sitemap, search or shared list', () => {
  const RESTRICTED = [LOCKED, SIGNED_IN_ONLY, FREE_AREA, PAID_AREA];

  it('the sitemap lists the public pages and none of them', async () => {
    const xml = await (await new Visitor().get('/sitemap.xml')).text();
    expect(xml).toContain('/about</loc>');
    for (const path of RESTRICTED) expect(xml).not.toContain(`${path}</loc>`);
  });

  it('search finds public pages but never them, even for words only they hold', async () => {
    const v = new Visitor();
    const about = await (await v.get('/search?q=kiln')).text();
    expect(about).toContain('href="/about"');
    for (const [q, path] of [
      ['trade prices', LOCKED],
      ['firing schedule', SIGNED_IN_ONLY],
      ['Kiln Club', FREE_AREA],
      ['wheel booking calendar', PAID_AREA],
    ]) {
      const html = await (await v.get(`/search?q=${encodeURIComponent(q)}`)).text();
      expect(html).not.toContain(`href="${path}"`);
    }
  });

  it('even once opened, the page is not in search (search results are shared by every visitor)', async () => {
    const v = new Visitor();
    await unlockWith(v, LOCKED, PASSWORD);
    expect((await v.get(LOCKED)).status).toBe(200);
    expect(await (await v.get('/search?q=trade%20prices')).text()).not.toContain(`href="${LOCKED}"`);
  });

  it('a conditional request never turns a member page into a 304 of a public copy', async () => {
    const v = new Visitor();
    const res = await v.get(SIGNED_IN_ONLY, { 'If-None-Match': '*' });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(SIGNED_IN_TEXT);
  });
});

describe('the paywall of a paid member area (107)', () => {
  it('shows the price of the subscription that sells the area, and asks visitors to sign in first', async () => {
    const res = await new Visitor().get(PAID_AREA);
    expect(res.status).toBe(403);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('data-access-page="paywall"');
    expect(html).toContain('Join Open Studio');
    expect(html).toMatch(/data-access-price>\$90\.00[^<]*month/);
    expect(html).toContain('Sign in to subscribe');
    expect(html).not.toContain(PAID_AREA_TEXT);
  });

  it('a site user subscribes through the subscription checkout (test mode) and is a member once the order is placed', async () => {
    const v = new Visitor();
    const email = await signUp(v);
    const wall = await (await v.get(PAID_AREA)).text();
    expect(wall).toContain('>Subscribe</button>');
    const areaId = wall.match(/name="areaId" value="([^"]+)"/)![1];
    const sub = await v.postForm('/page-access', { intent: 'subscribe', areaId, redirectTo: PAID_AREA });
    expect(sub.status).toBe(303);
    expect(sub.headers.get('location')).toBe('/checkout?subscription=1');
    expect(await (await v.get('/checkout?subscription=1')).text()).toContain('Open Studio Membership');
    // Not a member before the order.
    expect((await v.get(PAID_AREA)).status).toBe(403);
    const placed = await v.postForm('/checkout', { cart: 'subscription', intent: 'place', email });
    expect(placed.status).toBe(303);
    expect(placed.headers.get('location')).toMatch(/^\/order-confirmed\//);
    const member = await v.get(PAID_AREA);
    expect(member.status).toBe(200);
    expect(member.headers.get('cache-control')).toBe('private, no-store');
    expect(await member.text()).toContain(PAID_AREA_TEXT);
  });
});
