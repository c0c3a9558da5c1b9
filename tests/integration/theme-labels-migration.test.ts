// Migration 0054 on a database seeded before it: the store layout and the page-blocks partials
// (store and journal themes) still exactly the previous seed's become today's seed files, their
// labels from localizedStrings; what the owner edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { beforeThemeLabels } from './support/theme-labels.js';
import { targets } from './support/databases.js';

const MIGRATION = 'db/migrations/0054_theme_labels.sql';
const LAYOUT = 'db/seed/theme/layout.html';
const PARTIAL = 'db/seed/theme/_page-blocks.html';
const JOURNAL_PARTIAL = 'db/seed/themes/journal/_page-blocks.html';
const today = (file: string) => fs.readFileSync(file, 'utf8');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const before = (file: string) => beforeThemeLabels(file, today(file));

describe.each(targets)('0054 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0054'),
    );
    for (const id of ['store', 'journal', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'store', name: 'layout', kind: 'layout', source: before(LAYOUT) },
      { website_id: 'store', name: 'page-blocks', kind: 'partial', source: before(PARTIAL) },
      { website_id: 'journal', name: 'page-blocks', kind: 'partial', source: before(JOURNAL_PARTIAL) },
      { website_id: 'edited', name: 'layout', kind: 'layout', source: `${before(LAYOUT)}<!-- mine -->\n` },
      { website_id: 'edited', name: 'page-blocks', kind: 'partial', source: `${before(PARTIAL)}<!-- mine -->\n` },
    ];
    await db.sql`insert into theme_template ${db.sql(rows, 'website_id', 'name', 'kind', 'source')}`;
    await migrate(db.sql, readMigrations());
  });
  afterAll(async () => {
    await db?.close();
  });

  const source = async (id: string, name: string) =>
    (await db.sql<{ source: string }[]>`select source from theme_template where website_id = ${id} and name = ${name}`)[0]?.source;

  it('knows the old seed files by their md5', () => {
    const migration = fs.readFileSync(MIGRATION, 'utf8');
    for (const file of [LAYOUT, PARTIAL, JOURNAL_PARTIAL]) {
      expect(before(file), file).not.toBe(today(file));
      expect(before(file), file).not.toContain('localizedStrings.galleryPreviousText');
      expect(migration, file).toContain(md5(before(file)));
    }
  });

  it("turns the seed's layout and partials into today's", async () => {
    expect(await source('store', 'layout')).toBe(today(LAYOUT));
    expect(await source('store', 'page-blocks')).toBe(today(PARTIAL));
    expect(await source('journal', 'page-blocks')).toBe(today(JOURNAL_PARTIAL));
  });

  it('leaves what the owner edited alone', async () => {
    expect(await source('edited', 'layout')).toBe(`${before(LAYOUT)}<!-- mine -->\n`);
    expect(await source('edited', 'page-blocks')).toBe(`${before(PARTIAL)}<!-- mine -->\n`);
  });
});
