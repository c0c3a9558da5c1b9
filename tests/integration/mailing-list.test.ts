// Mailing lists on PGlite and PostgreSQL: subscribe (once per address, case-insensitively),
// one-click unsubscribe by the emailed token (an old token stops working), and re-subscribe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMailingList,
  listMailingLists,
  subscribe,
  subscriptionsOf,
  unsubscribeByToken,
} from '../../app/forms/mailing-list.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

describe.each(targets)('mailing lists on $name', (target) => {
  let db: Db;
  let site: string;
  beforeAll(async () => {
    db = await target.open({ seed: true });
    [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('subscribes an address once, and unsubscribes it with the latest link only', async () => {
    const list = await createMailingList(db.sql, site, 'Test list');
    const first = await subscribe(db.sql, site, list.id, 'Ada@Example.com', { source: 'form:x' });
    expect(first?.isNew).toBe(true);
    const again = await subscribe(db.sql, site, list.id, 'ada@example.com', { source: 'form:x' });
    expect(again?.isNew).toBe(false);
    expect((await listMailingLists(db.sql, site)).find((l) => l.id === list.id)?.subscribers).toBe(1);

    expect(await unsubscribeByToken(db.sql, first!.unsubscribeToken)).toBeNull();
    expect(await unsubscribeByToken(db.sql, again!.unsubscribeToken)).toEqual({ listName: 'Test list', email: 'ada@example.com' });
    expect((await subscriptionsOf(db.sql, site, 'ada@example.com')).find((s) => s.listId === list.id)?.subscribed).toBe(false);

    await subscribe(db.sql, site, list.id, 'ada@example.com', { source: 'account' });
    expect((await subscriptionsOf(db.sql, site, 'ada@example.com')).find((s) => s.listId === list.id)?.subscribed).toBe(true);
  });

  it('refuses a list of another site', async () => {
    const list = await createMailingList(db.sql, site, 'Mine');
    expect(await subscribe(db.sql, 'no-such-site', list.id, 'x@example.com', { source: 'x' })).toBeNull();
  });
});
