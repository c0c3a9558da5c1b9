// Two sites on one server (issue 11), driven over HTTP: each host shows its own site, and no
// product, cart, order or setting crosses between them; unknown hosts reach no site; a journal
// site has no shop; an unpublished site shows visitors a notice. Custom domains (issue 28): another
// site's claim, fresh or lapsed, never blocks a site that proves the domain; verification refuses a
// redirect to an internal address; removing the primary domain gives the site its own origin back
// (canonical links, the sitemap, password-reset emails).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addCustomDomain } from '../../app/sites/domains.server.js';
import { createSite } from '../../app/sites/create.server.js';
import { setSitePublished, updateSiteSettings } from '../../app/sites/manage.server.js';
import { Visitor } from './support/client.js';
import { crawlSite } from './support/crawl.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

// Domain verification reads tokens from this test's stand-in (DOMAIN_VERIFICATION_URL, outside
// production only): GET /<host>/.well-known/storefront-verification.txt answers tokens[host].
// `redirect.example` answers with a redirect to `inner`, a loopback "internal service" that would
// serve the right token: the guarded fetch must never reach it.
const tokens = new Map<string, string>();
const asked: string[] = [];
const innerHits: string[] = [];
let standIn: http.Server;
let inner: http.Server;
let innerUrl = '';
const env: Record<string, string> = { TRUST_PROXY: '1', NODE_ENV: 'development' };
const store = new OwnStore(env);
let harbour = { websiteId: '', host: '' };
let journal = { websiteId: '', host: '' };
const at = (host?: string) => new Visitor(() => store.url(), host);

function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`])));
}

beforeAll(async () => {
  [inner, innerUrl] = await listen((req, res) => {
    innerHits.push(req.url ?? '');
    res.end(tokens.get('redirect.example') ?? '');
  });
  let standInUrl: string;
  [standIn, standInUrl] = await listen((req, res) => {
    const host = (req.url ?? '').split('/')[1];
    asked.push(host);
    if (host === 'redirect.example') res.writeHead(302, { Location: `${innerUrl}/latest/meta-data` }).end();
    else res.end(tokens.get(host) ?? '');
  });
  env.DOMAIN_VERIFICATION_URL = standInUrl;
  await store.start();
  await store.change(async (sql) => {
    harbour = await createSite(sql, { name: 'Harbour Goods', theme: 'store' });
    journal = await createSite(sql, { name: 'Field Notes', theme: 'journal' });
    const hidden = await createSite(sql, { name: 'Not Yet', theme: 'journal' });
    await setSitePublished(sql, hidden.websiteId, false);
    // The second store's mug is its own row: a title and a price of its own, in euros.
    await sql`update item set title = 'Harbour Mug' where id = ${harbour.websiteId + '-itm-tide-pool-mug'}`;
    await updateSiteSettings(sql, harbour.websiteId, { currency: 'EUR' });
    // The journal claimed two domains it never proved: one today, one 8 days ago (lapsed).
    await addCustomDomain(sql, journal.websiteId, 'claimed.example');
    await addCustomDomain(sql, journal.websiteId, 'stale.example');
    await sql`update domain_claim set created_at = now() - interval '8 days' where host = 'stale.example'`;
  });
}, scaled(240_000));
afterAll(async () => {
  await store.dispose();
  await new Promise((r) => standIn?.close(r));
  await new Promise((r) => inner?.close(r));
});

const MUG = '/shop/p/tide-pool-mug';

describe('sites by host', () => {
  it('shows each site on its own host, and no site on an unknown one', async () => {
    const demo = await at().get(MUG);
    expect(demo.status).toBe(200);
    const demoHtml = await demo.text();
    expect(demoHtml).toContain('Tide Pool Mug');
    expect(demoHtml).not.toContain('Harbour Mug');
    expect(demoHtml).toContain('$');

    const other = await at(harbour.host).get(MUG);
    expect(other.status).toBe(200);
    const otherHtml = await other.text();
    expect(otherHtml).toContain('Harbour Mug');
    expect(otherHtml).toContain('€');
    expect(otherHtml).toContain('<title>Harbour Mug — Harbour Goods</title>');

    const nowhere = await at('nobody.localhost').get('/');
    expect(nowhere.status).toBe(404);
    const text = await nowhere.text();
    expect(text).toContain('No site here');
    expect(text).not.toContain('Saltgrass');
    // Liveness answers whatever the host.
    expect((await at('nobody.localhost').get('/healthz')).status).toBe(200);
  });

  it('keeps carts to the site they were made on', async () => {
    const shopper = at(harbour.host);
    const ownMug = { itemId: `${harbour.websiteId}-itm-tide-pool-mug`, sku: 'SG-TPM-01', quantity: 1 };
    // The demo site's product id means nothing on the other site.
    const foreign = await shopper.json('/api/commerce/shopping-cart/entries', {
      itemId: 'itm-tide-pool-mug',
      sku: 'SG-TPM-01',
      quantity: 1,
    });
    expect(foreign.status).toBe(404);
    const added = await shopper.json('/api/commerce/shopping-cart/entries', ownMug);
    expect(added.status, await added.clone().text()).toBe(200);
    const cart = await (await shopper.get('/api/commerce/shopping-cart')).json();
    expect(cart.websiteId).toBe(harbour.websiteId);
    expect(cart.entries.map((e: { itemId: string }) => e.itemId)).toEqual([ownMug.itemId]);

    // The same session cookie on the demo site (a browser would not even send it): no cart there.
    const sameCookies = at();
    for (const [k, v] of shopper.cookies) sameCookies.cookies.set(k, v);
    const there = await (await sameCookies.get('/api/commerce/shopping-cart')).json();
    expect(there.websiteId).toBe('saltgrass');
    expect(there.entries ?? []).toEqual([]);
    const page = await (await sameCookies.get('/cart')).text();
    expect(page).not.toContain('Harbour Mug');
  });

  it('keeps orders to the site they were placed on', async () => {
    const shopper = at(harbour.host);
    const added = await shopper.json('/api/commerce/shopping-cart/entries', {
      itemId: `${harbour.websiteId}-itm-wave-quilt-pattern`,
      quantity: 1,
    });
    expect(added.status, await added.clone().text()).toBe(200);
    const placed = await shopper.postForm('/checkout', { cart: 'cart', intent: 'place', email: 'ada@example.com' });
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location')!;
    expect(location).toMatch(/^\/order-confirmed\/[0-9a-f-]{36}$/);
    const mine = await shopper.get(location);
    expect(mine.status).toBe(200);
    const html = await mine.text();
    // Each store numbers its own orders from #1001.
    expect(html).toContain('#1001');
    // The same order on the demo site, even with the buyer's cookies: not found.
    const elsewhere = at();
    for (const [k, v] of shopper.cookies) elsewhere.cookies.set(k, v);
    expect((await elsewhere.get(location)).status).toBe(404);
  });

  it('serves each site its own sitemap, on its own origin', async () => {
    const xml = await (await at(harbour.host).get('/sitemap.xml')).text();
    expect(xml).toContain(`<loc>http://${harbour.host}:`);
    expect(xml).not.toContain('<loc>http://localhost:3000');
    const demo = await (await at().get('/sitemap.xml')).text();
    expect(demo).not.toContain(harbour.host);
  });

  it('gives a journal site pages and no shop', async () => {
    const home = await at(journal.host).get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Field Notes');
    expect((await at(journal.host).get('/notes')).status).toBe(200);
    expect((await at(journal.host).get('/shop')).status).toBe(404);
    expect((await at(journal.host).get('/cart')).status).toBe(404);
  });

  it('links a journal site only to its own pages that answer (issue 32: no dead cart or shop link)', async () => {
    // A crawl over every same-site <a href>, from the home page and the pages no menu links to (a
    // missing page, a search without results, the account forms): each linked page answers 200,
    // or the lock screen (403 with its password form) where a page is locked.
    const { seen, failures } = await crawlSite(at(journal.host), journal.host, [
      '/',
      '/no-such-page',
      '/search?q=zzzz',
      '/account/sign-in',
      '/account/sign-up',
      '/account/forgot-password',
    ]);
    expect(seen).toEqual(expect.arrayContaining(['/notes', '/about', '/contact']));
    expect(failures).toEqual([]);
  });

  it('shows visitors of an unpublished site a notice instead of the site', async () => {
    const res = await at('not-yet.localhost').get('/');
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('not published');
  });
});

describe('custom domains through /config/site (issue 28)', () => {
  let admin: Visitor;
  const SITE = '/config/site';
  const strip = (html: string) => html.replace(/<!-- -->/g, '');

  /** The admin edits the harbour site, adds `host` and gets the token the screen shows for it. */
  async function add(host: string): Promise<string> {
    const res = await admin.postForm(SITE, { intent: 'add-domain', host });
    const html = strip(await res.text());
    expect(res.status, html.slice(0, 300)).toBe(200);
    const token = html.match(
      new RegExp(`<td>${host.replace('.', '\\.')} </td><td>custom</td><td>Not verified: serve <code>([^<]+)</code>`),
    )?.[1];
    if (!token) throw new Error(`no token for ${host} on the site screen`);
    return token;
  }

  beforeAll(async () => {
    admin = await adminVisitor(() => store.url());
    expect((await admin.postForm('/config/switch-site', { siteId: harbour.websiteId })).status).toBe(303);
  });

  it('lets a site prove a domain another site only claimed, fresh or lapsed; the domain then routes to it', async () => {
    for (const host of ['claimed.example', 'stale.example']) {
      tokens.set(host, await add(host));
      const res = await admin.postForm(SITE, { intent: 'verify-domain', host });
      expect(res.status, host).toBe(200);
      expect(strip(await res.text())).toContain(`${host} is verified.`);
      const home = await at(host).get('/');
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Harbour Goods');
    }
    // Proven, it is no longer free: another claim is refused.
    expect((await admin.postForm('/config/switch-site', { siteId: journal.websiteId })).status).toBe(303);
    const again = await admin.postForm(SITE, { intent: 'add-domain', host: 'claimed.example' });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('claimed.example is already in use by a site.');
    expect((await admin.postForm('/config/switch-site', { siteId: harbour.websiteId })).status).toBe(303);
  });

  it('resets the canonical origin and the sitemap to the temporary domain when the primary domain is removed', async () => {
    expect((await admin.postForm(SITE, { intent: 'primary-domain', host: 'claimed.example' })).status).toBe(200);
    const canonical = async () => (await (await at(harbour.host).get('/')).text()).match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(await canonical()).toBe('https://claimed.example/');
    expect(await (await at(harbour.host).get('/sitemap.xml')).text()).toContain('<loc>https://claimed.example/');

    const removed = await admin.postForm(SITE, { intent: 'remove-domain', host: 'claimed.example' });
    expect(removed.status).toBe(200);
    expect(await canonical()).toMatch(new RegExp(`^http://${harbour.host}(:\\d+)?/$`));
    const xml = await (await at(harbour.host).get('/sitemap.xml')).text();
    expect(xml).not.toContain('claimed.example');
    expect(xml).toContain(`<loc>http://${harbour.host}:`);
    // A password-reset email sent now links to the temporary domain, not to the removed one.
    const email = `reset-${Date.now()}@example.com`;
    const shopper = at(harbour.host);
    const signUp = await shopper.postForm('/account/sign-up', { name: 'Ada', email, password: 'a long enough password' });
    expect(signUp.status).toBe(303);
    await at(harbour.host).postForm('/account/forgot-password', { email });
    const dir = path.join(store.dataDir, 'outbox');
    const eml = await vi.waitFor(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes('password-reset')) : [];
        const found = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8')).find((t) => t.includes(`To: ${email}`));
        if (!found) throw new Error(`no password-reset mail to ${email}`);
        return found;
      },
      { timeout: scaled(5000), interval: 100 },
    );
    const body = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toMatch(new RegExp(`http://${harbour.host}:\\d+/account/reset-password\\?token=`));
    expect(body).not.toContain('claimed.example');
    // The temporary domain is the primary one again.
    expect(strip(await (await admin.get(SITE)).text())).toMatch(new RegExp(`${harbour.host} <span class="badge ok">Primary</span>`));
  });

  it('refuses a verification whose fetch is redirected to an internal address', async () => {
    tokens.set('redirect.example', await add('redirect.example'));
    const before = asked.filter((h) => h === 'redirect.example').length;
    const res = await admin.postForm(SITE, { intent: 'verify-domain', host: 'redirect.example' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('redirect.example does not serve the verification token yet');
    // The stand-in was asked and redirected; the internal service behind the redirect never was.
    expect(asked.filter((h) => h === 'redirect.example').length).toBeGreaterThan(before);
    expect(innerHits).toEqual([]);
    expect((await at('redirect.example').get('/')).status).toBe(404);
  });
});
