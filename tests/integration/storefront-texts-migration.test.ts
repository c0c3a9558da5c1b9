// Migration 0031 on a database seeded before it: the store theme's templates that are still exactly
// the previous seed's get their texts from localizedStrings (and then equal today's seed files);
// one the owner edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { beforeCommentsText } from './support/comments-text.js';
import { targets } from './support/databases.js';
import { withoutEventDates } from './support/event-dates.js';
import { withoutScarcity } from './support/scarcity.js';
import { withoutCardErrorTitle } from './support/card-error-title.js';

/** The store theme's files 0031 changes, by template kind and name. */
const FILES: { file: string; kind: 'page' | 'partial'; name: string }[] = [
  'product',
  '_product-card',
  'products',
  'home',
  'blog',
  'post',
  '_post-card',
  'event',
  'events',
  'gallery',
  'not-found',
  'error',
].map((f) => ({
  file: `db/seed/theme/${f}.html`,
  kind: f.startsWith('_') ? 'partial' : 'page',
  name: f.replace(/^_/, ''),
}));

/**
 * A seed file as it was before 0031: each text from localizedStrings back to its English branch
 * (the product page's Quantity label came with 0028 and stays), the add forms without their
 * data-* texts for the cart island, and the journal's filter label back to the server's; event
 * dates without the CLDR branch 0036 added later, the product page without 0050's scarcity notice, and the
 * product card's error without 0055's title.
 */
const before = (file: string) =>
  withoutEventDates(beforeCommentsText(file, withoutScarcity(withoutCardErrorTitle(fs.readFileSync(file, 'utf8')))))
    .replace(/\{\.if localizedStrings\.\w+\} data-[\w-]+="\{localizedStrings\.\w+\|htmlattr\}"\{\.end\}/g, '')
    .replace('{.equal? structuredContent.productType 4}{.or}{.end}', '')
    .replace(/\{\.equal\? key "tag"\}(\{\.if localizedStrings\.filterTagLabel\}.*?\{\.end\})\{\.or\}.*?\{\.end\}\{\.end\}/, '$1')
    .replace(/\{\.if localizedStrings\.(?!productQuantityInputLabel)\w+\}(?:(?!\{\.or\}).)*\{\.or\}(.*?)\{\.end\}/g, '$1');
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const MIGRATION = 'db/migrations/0031_storefront_texts.sql';

describe.each(targets)('0031 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0031'),
    );
    for (const id of ['plain', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = FILES.flatMap(({ file, kind, name }) => [
      { website_id: 'plain', name, kind, source: before(file) },
      { website_id: 'edited', name, kind, source: name === 'product' ? `${before(file)}<!-- mine -->\n` : before(file) },
    ]);
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
    for (const { file } of FILES) {
      expect(before(file), `${file} has texts from localizedStrings`).not.toBe(fs.readFileSync(file, 'utf8'));
      expect(migration, `${file} before 0031`).toContain(md5(before(file)));
    }
  });

  it("turns the seed's templates into today's, with their texts from localizedStrings", async () => {
    // 0036 then moves the event templates on to today's files.
    for (const { file, name } of FILES) expect(await source('plain', name), file).toBe(fs.readFileSync(file, 'utf8'));
    expect(await source('plain', 'product')).toContain('{localizedStrings.stockOnlyLeftText|message qty=qtyInStock|html}');
    expect(await source('plain', 'home')).toContain('{.or}New from the studio{.end}');
  });

  it('leaves a template the owner edited alone, and updates the others of the same site', async () => {
    expect(await source('edited', 'product')).toBe(`${before('db/seed/theme/product.html')}<!-- mine -->\n`);
    expect(await source('edited', 'product')).toContain('<option value="">Select {name|html}</option>');
    expect(await source('edited', 'home')).toBe(fs.readFileSync('db/seed/theme/home.html', 'utf8'));
  });
});
