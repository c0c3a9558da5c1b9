// Migration 0016: a site whose theme.css is still exactly a seed theme's (before issue 13) gets the
// seed's design block appended, so it reads the fonts and colours of /config/design; a stylesheet
// its owner edited is left as it is.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../db/migrate.server.js';
import type { Db } from '../../db/client.server.js';
import { beforeCommentsText } from './support/comments-text.js';
import { targets } from './support/databases.js';

const root = path.join(__dirname, '../..');
// As they were before 0044 styled the password box (0044 moves on from what 0016 leaves).
const SEEDS = ['db/seed/theme/theme.css', 'db/seed/themes/journal/theme.css'].map((f) =>
  beforeCommentsText(f, fs.readFileSync(path.join(root, f), 'utf8')),
);
const BLOCK = '\n/* Design (fonts and colours chosen in /config/design)';
/** The seed as it was before the block was appended. */
const before = (css: string) => css.slice(0, css.indexOf(BLOCK));
/** The seed as 0016 leaves it: without the section 0017 appends after it (blogs, events, galleries). */
const LATER = '\n/* Blogs, events and galleries (issue 13). */';
const after = (css: string) => (css.includes(LATER) ? css.slice(0, css.indexOf(LATER)) : css);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const migration = readMigrations().find((m) => m.version === '0016')!;

for (const target of targets) {
  describe(`migration 0016 (${target.name})`, () => {
    let db: Db;
    beforeAll(async () => {
      db = await target.open({ seed: false });
    }, 120_000);
    afterAll(async () => {
      await db?.close();
    });

    it('appends the design block to an unchanged seed stylesheet and leaves an edited one alone', async () => {
      const { sql } = db;
      for (const css of SEEDS) {
        expect(css.indexOf(BLOCK)).toBeGreaterThan(0);
        expect(migration.source).toContain(md5(before(css)));
      }
      const edited = `${before(SEEDS[0])}\n.mine { color: red; }\n`;
      const ids = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
      for (const [i, id] of ids.entries()) {
        await sql`insert into website (id, title) values (${id}, ${`Site ${i}`})`;
        const source = i < 2 ? before(SEEDS[i]) : edited;
        await sql`insert into theme_template (website_id, name, kind, source) values (${id}, 'theme.css', 'stylesheet', ${source})`;
      }
      await sql.begin((tx) => tx.unsafe(migration.source).simple());
      const rows = await sql<{ website_id: string; source: string }[]>`
        select website_id, source from theme_template where website_id in ${sql(ids)} order by website_id`;
      expect(rows.map((r) => r.source)).toEqual([after(SEEDS[0]), after(SEEDS[1]), edited]);
    });
  });
}
