// Migration 0015 on a database seeded before it: a page template and stylesheet that are still
// exactly the seed's (default and journal themes) get the content blocks' include line and styles,
// and the page-blocks partial; a template the owner edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { readTheme } from '../../db/seed.server.js';
import { beforeCommentsText } from './support/comments-text.js';
import { targets } from './support/databases.js';

// The seed's files as they were before blocks: the page template without its last line (the
// include), the stylesheet without the blocks' section. 0015 recognises them by their md5, which
// the first test checks, so a later edit of the seed files that breaks this says so plainly.
const MARK = "\n/* Content blocks after a page's body";
const before = (file: string) => {
  const now = beforeCommentsText(file, fs.readFileSync(file, 'utf8'));
  if (file.endsWith('.css')) return now.slice(0, now.indexOf(MARK));
  return now.replace(/^\{\.section collection\}\{\.if blocks\}.*\n/m, '');
};
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const FILES = [
  'db/seed/theme/page.html',
  'db/seed/theme/theme.css',
  'db/seed/themes/journal/page.html',
  'db/seed/themes/journal/theme.css',
];

describe.each(targets)('0015 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0015'),
    );
    for (const id of ['plain', 'journal', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'plain', name: 'page', kind: 'page', source: before('db/seed/theme/page.html') },
      { website_id: 'plain', name: 'theme.css', kind: 'stylesheet', source: before('db/seed/theme/theme.css') },
      { website_id: 'journal', name: 'page', kind: 'page', source: before('db/seed/themes/journal/page.html') },
      { website_id: 'journal', name: 'theme.css', kind: 'stylesheet', source: before('db/seed/themes/journal/theme.css') },
      { website_id: 'edited', name: 'page', kind: 'page', source: '{.section collection}<h1>{title}</h1>{.end}\n' },
      { website_id: 'edited', name: 'theme.css', kind: 'stylesheet', source: 'body { color: red; }\n' },
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
    const migration = fs.readFileSync('db/migrations/0015_page_blocks.sql', 'utf8');
    for (const f of FILES) expect(migration, `${f} before blocks`).toContain(md5(before(f)));
  });

  it('brings an unedited seed page template and stylesheet up to the current seed', async () => {
    const seed = readTheme();
    const journal = readTheme('db/seed/themes/journal');
    const of = (t: typeof seed, name: string) => t.find((x) => x.name === name)!.source;
    expect(await source('plain', 'page')).toBe(of(seed, 'page'));
    // The stylesheets get the blocks' section here and the design section from 0016 after it: a
    // stylesheet from before issue 13 ends as today's seed.
    expect(await source('plain', 'theme.css')).toBe(of(seed, 'theme.css'));
    expect(await source('plain', 'page-blocks')).toBe(of(seed, 'page-blocks'));
    expect(await source('journal', 'page')).toBe(of(journal, 'page'));
    expect(await source('journal', 'theme.css')).toBe(of(journal, 'theme.css'));
  });

  it('leaves an edited template alone, but gives it the partial to include', async () => {
    expect(await source('edited', 'page')).toBe('{.section collection}<h1>{title}</h1>{.end}\n');
    expect(await source('edited', 'theme.css')).toBe('body { color: red; }\n');
    expect(await source('edited', 'page-blocks')).toContain('{.repeated section blocks}');
  });
});
