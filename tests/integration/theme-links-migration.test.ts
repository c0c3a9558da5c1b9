// Migration 0021 on a database seeded before it: a product template and layout still exactly the
// seed's get the back-in-stock form and the header's Account link (and, with 0028's language
// switcher and texts, and 0031's texts, then equal today's seed files); ones the owner edited are
// left as they were.
// On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { targets } from './support/databases.js';
import { withoutScarcity } from './support/scarcity.js';
import { beforeThemeLabels } from './support/theme-labels.js';

// What 0028 (issue 16) added to the same files: the language switcher, texts from localizedStrings.
const before0028 = (source: string) =>
  source
    .replace(/ {4}\{\.section languages\}[\s\S]*?\n {4}\{\.end\}\n/, '')
    .replace(/ Its own\n {3}texts come from localizedStrings when the page's language has them \(issue 16\), else English\. ##\}/, ' ##}')
    .replace(/\{\.if localizedStrings\.(\w+)\}\{localizedStrings\.\1\|html\}\{\.or\}([^{]*)\{\.end\}/g, '$2');

// What 0031 added to the product page: the rest of its texts from localizedStrings (any formatter),
// and the add form's data-* texts for the cart island.
const before0031 = (source: string) =>
  source
    .replace(/\{\.if localizedStrings\.\w+\} data-[\w-]+="\{localizedStrings\.\w+\|htmlattr\}"\{\.end\}/g, '')
    .replace('{.equal? structuredContent.productType 4}{.or}{.end}', '')
    .replace(/\{\.if localizedStrings\.(\w+)\}\{localizedStrings\.\1\|[^}]*\}\{\.or\}(.*?)\{\.end\}/g, '$2');

// The seed's files as they were before 0021: without the restock lines, without the Account link.
const before = (file: string) => {
  const now = before0028(before0031(withoutScarcity(beforeThemeLabels(file, fs.readFileSync(file, 'utf8')))));
  if (file.endsWith('product.html')) return now.replace(/ {4}\{## Sold-out variants:.*\n {4}\{@\|product-restock-notification\}\n/, '');
  return now.replace(/ {6}<a class="icon-link" href="\/account"[\s\S]*?<\/a>\n/, '');
};
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const PRODUCT = 'db/seed/theme/product.html';
const LAYOUT = 'db/seed/theme/layout.html';

describe.each(targets)('0021 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0021'),
    );
    for (const id of ['plain', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'plain', name: 'product', kind: 'page', source: before(PRODUCT) },
      { website_id: 'plain', name: 'layout', kind: 'layout', source: before(LAYOUT) },
      { website_id: 'edited', name: 'product', kind: 'page', source: `${before(PRODUCT)}<!-- mine -->\n` },
      { website_id: 'edited', name: 'layout', kind: 'layout', source: '<header></header>{mainContent}\n' },
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
    const migration = fs.readFileSync('db/migrations/0021_restock_and_account_links.sql', 'utf8');
    for (const f of [PRODUCT, LAYOUT]) expect(migration, `${f} before 0021`).toContain(md5(before(f)));
  });

  it("turns the seed's templates into today's", async () => {
    expect(await source('plain', 'product')).toBe(fs.readFileSync(PRODUCT, 'utf8'));
    expect(await source('plain', 'layout')).toBe(fs.readFileSync(LAYOUT, 'utf8'));
  });

  it('leaves templates the owner edited alone', async () => {
    expect(await source('edited', 'product')).toBe(`${before(PRODUCT)}<!-- mine -->\n`);
    expect(await source('edited', 'layout')).toBe('<header></header>{mainContent}\n');
  });
});
