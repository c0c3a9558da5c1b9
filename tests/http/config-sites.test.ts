// Sites in the owner area, through the built server: an owner creates a site from a starting theme
// and edits it at once; one site's screens never show another's; unpublishing hides the site from
// visitors but not from its owners; deleting needs the site's name typed. Creating sites is open
// only to who the matrix allows (site.create), a few an hour per account.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { crawlSite } from './support/crawl.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

async function createSite(v: Visitor, name: string, theme = 'journal'): Promise<string> {
  const res = await v.postForm('/config/sites/new', { name, theme });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/config/site?created=1');
  const page = await (await v.get('/config/site?created=1')).text();
  expect(page).toContain('Your new site is ready.');
  const host = page.match(/<td>([a-z0-9-]+\.localhost)/)?.[1];
  if (!host) throw new Error('no temporary host on the site screen');
  return host;
}

describe('sites in /config', () => {
  it('creates a site from a starting theme; its creator edits it at once and it answers on its temporary host', async () => {
    const admin = await adminVisitor();
    const name = `Notebook ${randomBytes(3).toString('hex')}`;
    const host = await createSite(admin, name);
    const site = await (await admin.get('/config/site')).text();
    expect(site).toContain(`${name} (editing)`);
    const home = await new Visitor(undefined, host).get('/');
    expect(home.status).toBe(200);
    expect(await home.text()).toContain(name);
    // The journal has no shop: its dashboard shows none of the demo store's stock.
    const dash = await (await admin.get('/config')).text();
    expect(dash).not.toContain('Tide Pool Mug');
  });

  it('gives a journal site made here no dead link, to a visitor or to a signed-in site user (issue 32)', async () => {
    const admin = await adminVisitor();
    const host = await createSite(admin, `Field ${randomBytes(3).toString('hex')}`);
    const visitor = new Visitor(undefined, host);
    const anonymous = await crawlSite(visitor, host, ['/', '/no-such-page', '/search?q=zzzz', '/account/sign-in', '/account/sign-up']);
    expect(anonymous.seen).toEqual(expect.arrayContaining(['/notes', '/about']));
    expect(anonymous.failures).toEqual([]);

    // A site user signed in on the new site: the account pages and everything they link to answer.
    const user = new Visitor(undefined, host);
    const email = `crawl-${randomBytes(4).toString('hex')}@example.com`;
    const signUp = await user.postForm('/account/sign-up', { name: 'Ada', email, password: 'a long enough password' });
    expect(signUp.status).toBe(303);
    const account = await user.get('/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(email);
    const signedIn = await crawlSite(user, host, ['/account', '/']);
    expect(signedIn.seen).toEqual(expect.arrayContaining(['/account', '/notes', '/about']));
    expect(signedIn.failures).toEqual([]);
  });

  it('keeps what was typed and says why when the name is missing', async () => {
    const admin = await adminVisitor();
    const res = await admin.postForm('/config/sites/new', { name: '', theme: 'store' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a name for the site.');
  });

  it("never lets an owner of one site switch to another site's screens", async () => {
    const admin = await adminVisitor();
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    await createSite(admin, `Private ${randomBytes(3).toString('hex')}`);
    const adminSite = await (await admin.get('/config/site')).text();
    const otherId = adminSite.match(/name="siteId" value="([^"]+)"/)?.[1];
    expect(otherId).toBeTruthy();
    // The viewer belongs to the demo store only; asking for the admin's other site changes nothing.
    const editing = (html: string) => html.match(/<strong>([^<]*) \(editing\)<\/strong>/)?.[1];
    const mine = editing(await (await viewer.get('/config/site')).text());
    expect(mine).toBeTruthy();
    const newSiteId = (await (await admin.get('/config')).text()).match(/option value="(ws_[0-9a-f]+)"/)?.[1];
    expect(newSiteId).toBeTruthy();
    await viewer.postForm('/config/switch-site', { siteId: newSiteId! });
    const after = editing(await (await viewer.get('/config/site')).text());
    expect(after).toBe(mine);
  });

  it('unpublishes a site: visitors get a notice, its owners still reach /config; deleting needs the name typed', async () => {
    const admin = await adminVisitor();
    const name = `Closing ${randomBytes(3).toString('hex')}`;
    const host = await createSite(admin, name, 'store');
    expect((await admin.postForm('/config/site', { intent: 'unpublish' })).status).toBe(200);
    const visitor = new Visitor(undefined, host);
    const shut = await visitor.get('/');
    expect(shut.status).toBe(403);
    const owner = new Visitor(undefined, host);
    expect((await owner.get('/config')).status).toBe(302);
    expect((await owner.get('/config/sign-in')).status).toBe(200);

    const wrong = await admin.postForm('/config/site', { intent: 'delete', confirmName: 'not it' });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(`Type the site's name, ${name}, to delete it.`);
    const gone = await admin.postForm('/config/site', { intent: 'delete', confirmName: name });
    expect(gone.status).toBe(303);
    expect((await new Visitor(undefined, host).get('/')).status).toBe(404);
  });

  it('lets a website manager publish but not delete', async () => {
    const admin = await adminVisitor();
    const { visitor: manager } = await visitorWithRole(admin, 15);
    expect((await manager.postForm('/config/site', { intent: 'publish' })).status).toBe(200);
    expect((await manager.postForm('/config/site', { intent: 'delete', confirmName: 'x' })).status).toBe(403);
  });
});

describe('who may create sites, and how many (issue 28)', () => {
  const NEW = '/config/sites/new';

  it('refuses a removed member who belongs to no site, and a role without site.create, and creates nothing', async () => {
    const admin = await adminVisitor();
    const { visitor: removed, email } = await visitorWithRole(admin, 4);
    const members = await (await admin.get('/config/members')).text();
    const ownerId = members.match(new RegExp(`name="ownerId" value="([^"]+)"/><input type="hidden" name="email" value="${email}"`))?.[1];
    expect(ownerId).toBeTruthy();
    expect((await admin.postForm('/config/members', { intent: 'remove', ownerId: ownerId!, email })).status).toBe(200);

    const name = `Flood ${randomBytes(3).toString('hex')}`;
    expect((await removed.get(NEW)).status).toBe(403);
    const refused = await removed.postForm(NEW, { name, theme: 'journal' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Only administrators and website managers of a site can create sites.');
    // Nothing was made: no site of that name answers on its temporary host.
    expect((await new Visitor(undefined, `${name.toLowerCase().replace(' ', '-')}.localhost`).get('/')).status).toBe(404);

    const { visitor: viewer } = await visitorWithRole(admin, 10);
    expect((await viewer.get(NEW)).status).toBe(403);
    expect((await viewer.postForm(NEW, { name: `Viewer ${randomBytes(3).toString('hex')}`, theme: 'journal' })).status).toBe(403);
    // The site screen offers no "Create a site" to them.
    expect(await (await viewer.get('/config/site')).text()).not.toContain('Create a site');
  });

  it('lets an administrator create 5 sites an hour; the 6th is refused with the reason and keeps what was typed; another account may go on', async () => {
    const admin = await adminVisitor();
    const { visitor: busy } = await visitorWithRole(admin, 1);
    const tag = randomBytes(3).toString('hex');
    for (let i = 1; i <= 5; i++) {
      const made = await busy.postForm(NEW, { name: `Burst ${tag} ${i}`, theme: 'journal' });
      expect(made.status, `site ${i}`).toBe(303);
    }
    const sixth = await busy.postForm(NEW, { name: `Burst ${tag} 6`, theme: 'journal' });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await sixth.text();
    expect(html).toMatch(/You have created 5 sites in the last hour\. Try again in \d+ minutes?\./);
    expect(html).toContain(`value="Burst ${tag} 6"`);
    expect((await new Visitor(undefined, `burst-${tag}-6.localhost`).get('/')).status).toBe(404);
    // The limit is the account's: a website manager (site.create too) still creates one. (Not the
    // first owner: the suite's other files create sites as them, within the same hour.)
    const { visitor: manager } = await visitorWithRole(admin, 15);
    expect((await manager.postForm(NEW, { name: `Calm ${tag}`, theme: 'journal' })).status).toBe(303);
  });
});
