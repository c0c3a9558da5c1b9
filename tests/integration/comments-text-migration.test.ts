// Migration 0044 on a database seeded before it: a post template still exactly the previous seed's
// (store theme or journal theme) loses its "Comments are open." line, and the store theme's
// stylesheet styles the password box, both then equal to today's seed files; what the owner
// edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { beforeCommentsText } from './support/comments-text.js';
import { targets } from './support/databases.js';

const MIGRATION = 'db/migrations/0044_comments_text_password_box.sql';
const STORE = 'db/seed/theme/post.html';
const JOURNAL = 'db/seed/themes/journal/post.html';
const CSS = 'db/seed/theme/theme.css';
const today = (file: string) => fs.readFileSync(file, 'utf8');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** The seed file as it was before 0044. */
const before = (file: string) => beforeCommentsText(file, today(file));

describe.each(targets)('0044 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0044'),
    );
    for (const id of ['store', 'journal', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'store', name: 'post', kind: 'page', source: before(STORE) },
      { website_id: 'journal', name: 'post', kind: 'page', source: before(JOURNAL) },
      { website_id: 'edited', name: 'post', kind: 'page', source: `${before(STORE)}<!-- mine -->\n` },
      { website_id: 'store', name: 'theme.css', kind: 'stylesheet', source: before(CSS) },
      { website_id: 'edited', name: 'theme.css', kind: 'stylesheet', source: `${before(CSS)}.mine { color: red; }\n` },
    ];
    await db.sql`insert into theme_template ${db.sql(rows, 'website_id', 'name', 'kind', 'source')}`;
    await migrate(db.sql, readMigrations());
  });
  afterAll(async () => {
    await db?.close();
  });

  const source = async (id: string, name = 'post') =>
    (await db.sql<{ source: string }[]>`select source from theme_template where website_id = ${id} and name = ${name}`)[0]?.source;

  it('knows the old seed files by their md5', () => {
    const migration = fs.readFileSync(MIGRATION, 'utf8');
    for (const file of [STORE, JOURNAL]) {
      expect(before(file), file).toContain('Comments are open.');
      expect(today(file), file).not.toContain('Comments are open.');
      expect(migration, file).toContain(md5(before(file)));
    }
    expect(before(CSS)).not.toContain('input[type="text"], input[type="password"] {');
    expect(migration).toContain(md5(before(CSS)));
  });

  it("turns the seed's post templates into today's", async () => {
    expect(await source('store')).toBe(today(STORE));
    expect(await source('journal')).toBe(today(JOURNAL));
    expect(await source('store', 'theme.css')).toBe(today(CSS));
  });

  it('leaves a template the owner edited alone', async () => {
    expect(await source('edited')).toBe(`${before(STORE)}<!-- mine -->\n`);
    expect(await source('edited', 'theme.css')).toBe(`${before(CSS)}.mine { color: red; }\n`);
  });
});
