// Migration 0056 on a database seeded before it: a store layout still exactly the previous seed's
// becomes today's seed file, its cart pill's label from localizedStrings; a layout the owner
// edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { beforeCartPillLabel } from './support/cart-pill-label.js';
import { targets } from './support/databases.js';

const MIGRATION = 'db/migrations/0056_cart_pill_label.sql';
const LAYOUT = 'db/seed/theme/layout.html';
const today = (file: string) => fs.readFileSync(file, 'utf8');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const before = (file: string) => beforeCartPillLabel(file, today(file));

describe.each(targets)('0056 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0056'),
    );
    for (const id of ['store', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'store', name: 'layout', kind: 'layout', source: before(LAYOUT) },
      { website_id: 'edited', name: 'layout', kind: 'layout', source: `${before(LAYOUT)}<!-- mine -->\n` },
    ];
    await db.sql`insert into theme_template ${db.sql(rows, 'website_id', 'name', 'kind', 'source')}`;
    await migrate(db.sql, readMigrations());
  });
  afterAll(async () => {
    await db?.close();
  });

  const source = async (id: string) =>
    (await db.sql<{ source: string }[]>`select source from theme_template where website_id = ${id} and name = 'layout'`)[0]?.source;

  it('knows the old seed layout by its md5', () => {
    expect(before(LAYOUT)).not.toBe(today(LAYOUT));
    expect(before(LAYOUT)).not.toContain('localizedStrings.cartPillLabel');
    expect(fs.readFileSync(MIGRATION, 'utf8')).toContain(md5(before(LAYOUT)));
  });

  it("turns the seed's layout into today's, and leaves what the owner edited alone", async () => {
    expect(await source('store')).toBe(today(LAYOUT));
    expect(await source('edited')).toBe(`${before(LAYOUT)}<!-- mine -->\n`);
  });
});
