// Cached catalog reads on PGlite and PostgreSQL: served from memory until the catalog changes, then
// read again; on PostgreSQL a change announced by another connection (another server process)
// reaches this one through LISTEN/NOTIFY.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announceCatalogChange, catalogChanged, catalogGeneration, listenForCatalogChanges } from '../../app/catalog/changes.server.js';
import { createReadCache } from '../../app/catalog/read-cache.server.js';
import { createCatalog, type Catalog } from '../../app/catalog/catalog.server.js';
import { createCartStore } from '../../app/commerce/cart.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const MUG = '/shop/p/tide-pool-mug';

async function mugTitle(catalog: Catalog): Promise<string | undefined> {
  const r = await catalog.resolvePath(MUG);
  return r.kind === 'product' ? r.item.title : undefined;
}

describe.each(targets)('cached catalog on $name', (target) => {
  let db: Db;
  let catalog: Catalog;
  beforeAll(async () => {
    db = await target.open();
    catalog = createCatalog(db.sql, { cache: createReadCache() });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('serves a read from memory until the website changes', async () => {
    expect(await mugTitle(catalog)).toBe('Tide Pool Mug');
    await db.sql`update item set title = 'Tide Pool Mug II' where url_id = 'tide-pool-mug'`;
    // Written behind the app's back: the cached read stands (for its short lifetime).
    expect(await mugTitle(catalog)).toBe('Tide Pool Mug');
    catalogChanged(await catalog.websiteId());
    expect(await mugTitle(catalog)).toBe('Tide Pool Mug II');
    await db.sql`update item set title = 'Tide Pool Mug' where url_id = 'tide-pool-mug'`;
    catalogChanged(await catalog.websiteId());
  });

  it('caches search results and the site the same way', async () => {
    const hits = await catalog.searchCatalog('mug');
    expect(hits.length).toBeGreaterThan(0);
    expect(await catalog.searchCatalog('mug')).toBe(hits);
    expect(await catalog.loadSite()).toBe(await catalog.loadSite());
  });

  it('the cart store reads the store settings again once the catalog changes', async () => {
    const store = createCartStore(db.sql);
    const before = await store.settings();
    await db.sql`update website set settings = jsonb_set(settings, '{websiteSettings,storeSettings,checkoutMinimumCents}', '4321')`;
    expect((await store.settings()).checkoutMinimumCents).toBe(before.checkoutMinimumCents);
    catalogChanged(await catalog.websiteId());
    expect((await store.settings()).checkoutMinimumCents).toBe(4321);
  });

  if (target.name === 'postgres') {
    it("hears another process's change through LISTEN/NOTIFY", async () => {
      const stop = await listenForCatalogChanges(db.sql);
      // Another server process: its own connection to the same database.
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${(db.sql.options as { database: string }).database}`;
      const writer = postgres(url.toString(), { max: 1, onnotice: () => {} });
      try {
        expect(await mugTitle(catalog)).toBe('Tide Pool Mug');
        await writer.begin(async (tx) => {
          await tx`update item set title = 'Tide Pool Mug III' where url_id = 'tide-pool-mug'`;
          await announceCatalogChange(tx as unknown as Db['sql'], await catalog.websiteId());
        });
        await vi.waitFor(async () => expect(await mugTitle(catalog)).toBe('Tide Pool Mug III'), { timeout: 5000, interval: 50 });
      } finally {
        await writer.end({ timeout: 5 });
        await stop();
      }
    });

    it('an announcement returns once this process has heard it back, so every listener has been sent it', async () => {
      const stop = await listenForCatalogChanges(db.sql);
      try {
        const id = await catalog.websiteId();
        const before = catalogGeneration(id);
        // Not bumped here first: only the notification coming back bumps the generation.
        await announceCatalogChange(db.sql, id);
        expect(catalogGeneration(id)).toBe(before + 1);
      } finally {
        await stop();
      }
    });
  }
});
