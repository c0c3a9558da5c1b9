// The Pages screen's domain on a real database: adding a store to a site without one (SPEC 3 and 4:
// collection, root category, then the main navigation link; nothing at all and "Unable to find site
// main navigation" when that menu is missing), and the catalog's reads hiding pages visitors must
// not see (drafts, pages for review, private pages, pages scheduled for later).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnerAccess } from '../../app/auth/permissions.server.js';
import { can, type Permission, type RoleId } from '../../app/auth/roles.js';
import { createCatalog } from '../../app/catalog/catalog.server.js';
import { createStore, PageError, savePage, siteHasStore, type PageInput } from '../../app/config/pages.server.js';
import { createSite } from '../../app/sites/create.server.js';
import type { Db } from '../../db/client.server.js';
import { snapshot, targets } from './support/databases.js';

function page(p: Partial<PageInput> & { title: string }): PageInput {
  return { urlId: '', description: '', body: '', seoTitle: '', seoDescription: '', status: 'published', publishAt: '', ...p };
}

describe.each(targets)('pages and stores on $name', (target) => {
  let db: Db;
  const ownerId = `own_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await target.open();
    await db.sql`insert into owner (id, email, password_hash) values (${ownerId}, ${`${ownerId}@example.com`}, 'not-a-real-hash')`;
  });
  afterAll(async () => {
    await db?.close();
  });

  /** What a /config route would get from ownerAccess for this owner with `role` on `websiteId`. */
  function access(websiteId: string, role: RoleId = 1): OwnerAccess {
    return {
      sql: db.sql,
      owner: { id: ownerId, email: `${ownerId}@example.com`, name: '' },
      site: { id: websiteId, title: 'Site', baseUrl: '', currency: 'USD', published: true },
      roleId: role,
      can: (p: Permission) => can(role, p),
      actor: `${ownerId}@example.com`,
    } as unknown as OwnerAccess;
  }

  async function journalSite(name: string): Promise<string> {
    const made = await createSite(db.sql, { name, theme: 'journal' });
    expect(await siteHasStore(db.sql, made.websiteId)).toBe(false);
    return made.websiteId;
  }

  it('adds nothing, and says so, when the main navigation is missing and the link is asked for', async () => {
    const site = await journalSite('No Menu Journal');
    await db.sql`delete from navigation where website_id = ${site} and name = 'mainNavigation'`;
    const before = await snapshot(db.sql);
    const categories = async () => (await db.sql<{ n: number }[]>`select count(*)::int as n from product_category`)[0].n;
    const categoriesBefore = await categories();
    const err = await createStore(access(site), { title: 'Shop', urlId: 'shop', description: '', addToNavigation: 'on' }).catch((e) => e);
    expect(err).toBeInstanceOf(PageError);
    expect(err.message).toBe('Unable to find site main navigation');
    expect(await snapshot(db.sql)).toEqual(before);
    expect(await categories()).toBe(categoriesBefore);
    expect(await siteHasStore(db.sql, site)).toBe(false);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from audit_log where website_id = ${site}`;
    expect(n).toBe(0);

    // Without the link, the store is added and no menu is made up.
    await createStore(access(site), { title: 'Shop', urlId: '', description: 'Things', addToNavigation: undefined });
    expect(await siteHasStore(db.sql, site)).toBe(true);
    const menus = await db.sql`select name from navigation where website_id = ${site} and name = 'mainNavigation'`;
    expect(menus).toHaveLength(0);
  });

  it('adds a store: the collection, its root category, then the main navigation link; audited', async () => {
    const site = await journalSite('Shop Journal');
    const { urlId } = await createStore(access(site), { title: 'Bindery Shop', urlId: '', description: 'Books', addToNavigation: 'on' });
    expect(urlId).toBe('bindery-shop');
    const [col] = await db.sql<{ id: string; type: number; enabled: boolean }[]>`
      select id, type, enabled from collection where website_id = ${site} and url_id = 'bindery-shop'`;
    expect(col).toMatchObject({ type: 13, enabled: true });
    const [cat] = await db.sql`select type, display_name from product_category where collection_id = ${col.id}`;
    expect(cat).toEqual({ type: 'ROOT', display_name: 'Bindery Shop' });
    const catalog = createCatalog(db.sql, { websiteId: site });
    expect((await catalog.loadSite()).navigation.mainNavigation.at(-1)).toMatchObject({ title: 'Bindery Shop', url: '/bindery-shop' });
    expect((await catalog.resolvePath('/bindery-shop')).kind).toBe('products');
    const [audit] = await db.sql`select action, target from audit_log where website_id = ${site} and action = 'store.create'`;
    expect(audit).toEqual({ action: 'store.create', target: '/bindery-shop' });
    // Only one store, and not at an address the site uses.
    await expect(
      createStore(access(site), { title: 'Second', urlId: '', description: '', addToNavigation: undefined }),
    ).rejects.toMatchObject({
      message: 'This site already has a store.',
    });
  });

  it('refuses a reserved or taken store address on its field, and a role that cannot publish', async () => {
    const site = await journalSite('Careful Journal');
    await expect(createStore(access(site), { title: 'Cart', urlId: '', description: '', addToNavigation: 'on' })).rejects.toMatchObject({
      field: 'urlId',
    });
    await expect(
      createStore(access(site), { title: 'About', urlId: 'about', description: '', addToNavigation: 'on' }),
    ).rejects.toMatchObject({
      field: 'urlId',
      message: 'This site already has a page at /about.',
    });
    await expect(createStore(access(site, 16), { title: 'Shop', urlId: '', description: '', addToNavigation: 'on' })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    expect(await siteHasStore(db.sql, site)).toBe(false);
  });

  it("keeps an address reserved since a page took it, and refuses another page's address in another language", async () => {
    const site = await journalSite('Reserved Journal');
    const a = access(site);
    const { id } = await savePage(a, null, page({ title: 'Italiano', urlId: 'italiano' }));
    // Made before "it" was reserved for Italian pages (set directly: the editor no longer allows it).
    await db.sql`update collection set url_id = 'it' where id = ${id}`;
    expect((await savePage(a, id, page({ title: 'Italiano', urlId: 'it', body: '<p>Ancora.</p>' }))).urlId).toBe('it');
    await expect(savePage(a, null, page({ title: 'Another', urlId: 'fr' }))).rejects.toMatchObject({
      field: 'urlId',
      message: '/fr is used by the site itself: choose another address.',
    });
    await db.sql`insert into collection_translation (collection_id, language, slug) values (${id}, 'fr', 'italien')`;
    await expect(savePage(a, null, page({ title: 'Italien', urlId: 'italien' }))).rejects.toMatchObject({
      field: 'urlId',
      message: 'This site already has a page at /fr/italien.',
    });
  });

  it('keeps pages visitors must not see out of pages, search, the sitemap and the menus', async () => {
    const site = await journalSite('Hidden Pages Journal');
    const catalog = createCatalog(db.sql, { websiteId: site });
    const a = access(site);
    const { id } = await savePage(a, null, page({ title: 'Marbled endpapers', urlId: 'endpapers', body: '<p>Carrageenan size.</p>' }));
    const visible = async () => ({
      path: (await catalog.resolvePath('/endpapers')).kind,
      search: (await catalog.searchCatalog('carrageenan')).some((h) => h.fullUrl === '/endpapers'),
      sitemap: (await catalog.sitemapEntries()).some((e) => e.path === '/endpapers'),
      menu: (await catalog.loadSite()).navigation.mainNavigation.some((l) => l.url === '/endpapers'),
    });
    expect(await visible()).toEqual({ path: 'page', search: true, sitemap: true, menu: true });
    for (const status of ['draft', 'needs-review', 'private'] as const) {
      await savePage(a, id, page({ title: 'Marbled endpapers', urlId: 'endpapers', body: '<p>Carrageenan size.</p>', status }));
      expect(await visible(), status).toEqual({ path: 'not-found', search: false, sitemap: false, menu: false });
    }
    await savePage(
      a,
      id,
      page({
        title: 'Marbled endpapers',
        urlId: 'endpapers',
        body: '<p>Carrageenan size.</p>',
        status: 'scheduled',
        publishAt: '2099-01-01T09:00',
      }),
    );
    expect(await visible()).toEqual({ path: 'not-found', search: false, sitemap: false, menu: false });
    // Its time comes: visible without another write.
    await db.sql`update collection set publish_at = now() - interval '1 minute' where id = ${id}`;
    expect(await visible()).toEqual({ path: 'page', search: true, sitemap: true, menu: true });
    // Product collections and pages made before migration 0013 are published.
    expect((await catalog.resolvePath('/about')).kind).toBe('page');
    const [{ n }] = await db.sql<
      { n: number }[]
    >`select count(*)::int as n from collection where status <> 'published' and website_id = 'saltgrass'`;
    expect(n).toBe(0);
  });

  it('refuses a scheduled page without a date at the database too', async () => {
    await expect(
      db.sql`update collection set status = 'scheduled', publish_at = null where website_id = 'saltgrass' and url_id = 'about'`,
    ).rejects.toThrow(/collection_scheduled_has_date/);
  });
});
