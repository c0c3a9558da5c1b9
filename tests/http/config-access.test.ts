// The owner's side of locked and member pages (issue 16) through the built server, on a site of
// the test's own (a site password must not lock the demo the other tests use): the pages list's
// labels, a page's rule with its errors, the site password and the member areas.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

let admin: Visitor;
let host = '';
const shopper = () => new Visitor(undefined, host);

beforeAll(async () => {
  admin = await adminVisitor();
  const res = await admin.postForm('/config/sites/new', { name: `Access ${randomBytes(3).toString('hex')}`, theme: 'store' });
  expect(res.status).toBe(303);
  const page = await (await admin.get('/config/site?created=1')).text();
  host = page.match(/<td>([a-z0-9-]+\.localhost)/)![1];
}, scaled(60_000));

/** The id of the page titled `title` in /config/pages. */
async function pageId(title: string): Promise<string> {
  const html = await (await admin.get('/config/pages')).text();
  const id = html.match(new RegExp(`href="/config/pages/([^"]+)">${title}</a>`))?.[1];
  if (!id) throw new Error(`no page ${title}`);
  return decodeURIComponent(id);
}

describe('/config: locked and member pages', () => {
  it('locks a page with a password: a missing password is refused beside its field; the list labels it Locked', async () => {
    const id = await pageId('About the studio');
    const path = `/config/pages/${encodeURIComponent(id)}/access`;
    const form = await (await admin.get(path)).text();
    expect(form).toContain('Anyone with the password');
    expect(form).toContain('<label for="f-password">Page password</label>');

    const missing = await admin.postForm(path, { kind: 'password', password: '' });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(html).toContain('Enter a password for this page.');
    // What was chosen stays chosen.
    expect(html).toContain('<input type="radio" id="kind-password" name="kind" checked="" value="password"/>');

    const saved = await admin.postForm(path, { kind: 'password', password: 'about-pass' });
    expect(saved.status).toBe(303);
    expect(await (await admin.get('/config/pages')).text()).toMatch(/data-access-label="[^"]*">Locked</);

    const v = shopper();
    const locked = await v.get('/about');
    expect(locked.status).toBe(403);
    const scope = (await locked.text()).match(/name="scope" value="([^"]+)"/)![1];
    expect(scope).toBe(id);
    await v.postForm('/page-access', { intent: 'unlock', scope, password: 'about-pass', redirectTo: '/about' });
    expect((await v.get('/about')).status).toBe(200);

    // The audit log says who changed it.
    const audit = await (await admin.get('/config/audit')).text();
    expect(audit).toContain('page.access');
    expect(audit).toContain('/about');

    // Open again: no label, no lock.
    expect((await admin.postForm(path, { kind: 'public' })).status).toBe(303);
    expect((await shopper().get('/about')).status).toBe(200);
  });

  it('member areas: added, chosen for a page (Members only: name), not deleted while a page uses it', async () => {
    const name = `Club ${randomBytes(2).toString('hex')}`;
    expect((await admin.postForm('/config/access', { intent: 'save-area', name })).status).toBe(303);
    const screen = await (await admin.get('/config/access')).text();
    expect(screen).toContain(name);
    const dup = await admin.postForm('/config/access', { intent: 'save-area', name });
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain('Another member area has this name.');

    const id = await pageId('Care Guide');
    const path = `/config/pages/${encodeURIComponent(id)}/access`;
    const form = await (await admin.get(path)).text();
    const areaId = form.match(new RegExp(`<option value="([^"]+)">${name} \\(free\\)</option>`))![1];
    const noArea = await admin.postForm(path, { kind: 'members', areaId: '' });
    expect(noArea.status).toBe(400);
    expect(await noArea.text()).toContain('Choose a member area.');
    expect((await admin.postForm(path, { kind: 'members', areaId })).status).toBe(303);
    expect(await (await admin.get('/config/pages')).text()).toContain(`Members only: ${name}`);
    const visitor = await shopper().get('/care-guide');
    expect(visitor.status).toBe(403);
    expect(await visitor.text()).toContain(`This page is for members of ${name}.`);

    const inUse = await admin.postForm('/config/access', { intent: 'delete-area', id: areaId });
    expect(inUse.status).toBe(400);
    expect(await inUse.text()).toContain('1 page use this area');
    await admin.postForm(path, { kind: 'signed-in' });
    expect((await admin.postForm('/config/access', { intent: 'delete-area', id: areaId })).status).toBe(303);
    expect(await (await admin.get('/config/access')).text()).not.toContain(name);
  });

  it('a page that is not one of this site answers 404, and saves nothing', async () => {
    expect((await admin.get('/config/pages/col-nope/access')).status).toBe(404);
    expect((await admin.postForm('/config/pages/col-nope/access', { kind: 'signed-in' })).status).toBe(404);
    // The demo's page is another site's, for the admin editing this one.
    expect((await admin.postForm('/config/pages/col-about/access', { kind: 'signed-in' })).status).toBe(404);
    expect((await new Visitor().get('/about')).status).toBe(200);
  });

  it('a paid area needs one of the shop subscription products', async () => {
    const bad = await admin.postForm('/config/access', { intent: 'save-area', name: 'Paid', itemId: 'itm-nope' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Choose the subscription product that sells this area.');
  });

  it('the site password locks every page, the sitemap lists nothing, and the password opens the site', async () => {
    const short = await admin.postForm('/config/access', { intent: 'lock-site', password: 'abc' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('Use 4 to 256 characters.');
    const product = await (await shopper().get('/shop/p/linen-bread-bag')).text();
    const itemId = /<form class="add-to-cart"[\s\S]*?name="itemId" value="([^"]+)"/.exec(product)![1];
    expect((await admin.postForm('/config/access', { intent: 'lock-site', password: 'open sesame' })).status).toBe(303);
    try {
      const v = shopper();
      // Nor can the cart API or the cart form go round the lock: the item is, to them, no item.
      const api = await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity: 1 });
      expect(api.status).toBe(404);
      expect((await api.json()).error).toBe('Sorry, that item variant is unavailable. Please select another variant.');
      // The form (no JavaScript) comes back with the error and sets no cart count.
      const form = await v.postForm('/cart', { intent: 'add', itemId, quantity: '1', returnTo: '/cart' });
      expect(form.status).toBe(303);
      expect(form.headers.getSetCookie().join()).not.toMatch(/cart_qty=[1-9]/);
      expect(v.cookies.get('cart_qty') ?? '0').toBe('0');
      for (const path of ['/', '/shop', '/search?q=mug', '/cart']) {
        const res = await v.get(path);
        expect(res.status, path).toBe(403);
        expect(await res.text(), path).toContain('This site is private');
      }
      // The lock screen tweak's words (design.write) are the lock screen's.
      const tweak = await admin.postForm('/config/tweaks/lock-screen', {
        title: 'Opening soon',
        text: 'Friends and family first.',
        passwordLabel: 'Secret word',
        buttonLabel: 'Let me in',
      });
      expect(tweak.status).toBe(303);
      const worded = await (await v.get('/')).text();
      expect(worded).toContain('<h1>Opening soon</h1>');
      expect(worded).toContain('Friends and family first.');
      expect(worded).toContain('<label for="lock-password">Secret word</label>');
      expect(worded).toContain('>Let me in</button>');
      const xml = await (await v.get('/sitemap.xml')).text();
      expect(xml).not.toContain('<url>');
      // An event's calendar file is a page of the site too.
      expect((await v.get('/events/winter-kiln-opening/calendar.ics')).status).toBe(404);
      const wrong = await v.postForm('/page-access', { intent: 'unlock', scope: 'site', password: 'nope', redirectTo: '/shop' });
      expect(wrong.headers.get('location')).toBe('/shop');
      expect(await (await v.get('/shop')).text()).toContain('Incorrect password. Please try again.');
      await v.postForm('/page-access', { intent: 'unlock', scope: 'site', password: 'open sesame', redirectTo: '/shop' });
      const open = await v.get('/shop');
      expect(open.status).toBe(200);
      expect(open.headers.get('cache-control')).toBe('private, no-store');
      expect((await v.json('/api/commerce/shopping-cart/entries', { itemId, quantity: 1 })).status).toBe(200);
    } finally {
      expect((await admin.postForm('/config/access', { intent: 'unlock-site' })).status).toBe(303);
    }
    const after = await shopper().get('/shop');
    expect(after.status).toBe(200);
    expect((await shopper().get('/events/winter-kiln-opening/calendar.ics')).status).toBe(200);
    expect(after.headers.get('cache-control')).toMatch(/^public/);
  });
});
