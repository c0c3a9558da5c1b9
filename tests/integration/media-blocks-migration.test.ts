// Migration 0049 on a database seeded before it: a page-blocks partial and stylesheets still exactly
// the previous seed's (store and journal themes) become today's seed files (video posters, issue 30);
// what the owner edited is left as it was; 0053 then adds the notice styles to those stylesheets
// (support/notice-styles.ts). On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { beforeMediaBlocks } from './support/media-blocks.js';
import { targets } from './support/databases.js';

const MIGRATION = 'db/migrations/0049_media_blocks.sql';
const PARTIAL = 'db/seed/theme/_page-blocks.html';
const JOURNAL_PARTIAL = 'db/seed/themes/journal/_page-blocks.html';
const CSS = 'db/seed/theme/theme.css';
const JOURNAL_CSS = 'db/seed/themes/journal/theme.css';
const today = (file: string) => fs.readFileSync(file, 'utf8');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const before = (file: string) => beforeMediaBlocks(file, today(file));

describe.each(targets)('0049 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0049'),
    );
    for (const id of ['store', 'journal', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'store', name: 'page-blocks', kind: 'partial', source: before(PARTIAL) },
      { website_id: 'store', name: 'theme.css', kind: 'stylesheet', source: before(CSS) },
      { website_id: 'journal', name: 'page-blocks', kind: 'partial', source: before(JOURNAL_PARTIAL) },
      { website_id: 'journal', name: 'theme.css', kind: 'stylesheet', source: before(JOURNAL_CSS) },
      { website_id: 'edited', name: 'page-blocks', kind: 'partial', source: `${before(PARTIAL)}<!-- mine -->\n` },
      { website_id: 'edited', name: 'theme.css', kind: 'stylesheet', source: `${before(CSS)}.mine { color: red; }\n` },
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
    for (const file of [PARTIAL, JOURNAL_PARTIAL, CSS, JOURNAL_CSS]) {
      expect(before(file), file).not.toBe(today(file));
      expect(migration, file).toContain(md5(before(file)));
    }
  });

  it("turns the seed's partial and stylesheets into today's", async () => {
    expect(await source('store', 'page-blocks')).toBe(today(PARTIAL));
    expect(await source('journal', 'page-blocks')).toBe(today(JOURNAL_PARTIAL));
    expect(await source('store', 'theme.css')).toBe(today(CSS));
    expect(await source('journal', 'theme.css')).toBe(today(JOURNAL_CSS));
  });

  it('leaves what the owner edited alone', async () => {
    expect(await source('edited', 'page-blocks')).toBe(`${before(PARTIAL)}<!-- mine -->\n`);
    expect(await source('edited', 'theme.css')).toBe(`${before(CSS)}.mine { color: red; }\n`);
  });
});
