// Migration 0032 on a database seeded before it: the store theme's cart, checkout, search and
// order-confirmed templates still exactly the seed's become today's (their texts from
// localizedStrings, issue 16); one the owner edited is left as it was, but for the checkout's total
// field that 0043 adds to every checkout form (issue 33). 0046, 0047 and 0048 (download links, gift
// cards, custom form answers) change unedited templates only. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { targets } from './support/databases.js';

const NAMES = ['cart', 'checkout', 'search', 'order-confirmed'];
const file = (name: string) => `db/seed/theme/${name}.html`;

/** A seed template without 0032's texts: each in English, as its {.or} branch writes it. */
const englishOnly = (source: string) =>
  source
    .replace(/\s+Its texts come\s+from\s+localizedStrings when the page's language has them \(issue 16\), else English\. ##\}/, ' ##}')
    .replace(/\{\.if localizedStrings\.searchResultCountText\}.*?\{\.or\}(.*?)\{\.end\}<\/p>/, '$1</p>')
    .replace(/\{\.if localizedStrings\.(\w+)\}\{localizedStrings\.\1\|(?:html|htmlattr)\}\{\.or\}([^{]*)\{\.end\}/g, '$2');
/** The checkout's total field, which 0043 adds after 0032 (to edited templates too). */
const withoutShownTotal = (source: string) =>
  source.replace(/ {4}\{\.section totals\}<input type="hidden" name="shownTotalCents"[^\n]*\n/, '');
/** The order page's download links, which 0046 adds after 0032 (to unedited templates only). */
const withoutDownloads = (source: string) =>
  source
    .replace('ships, where the confirmation went and a download link per digital line;', 'ships and where the confirmation went;')
    .replace(/ {2}\{\.if downloads\}\n[^]*?\n {2}\{\.end\}\n/, '');
/** The checkout's gift card field and the order page's gift card payments, which 0047 adds (to unedited templates only). */
const withoutGiftCards = (source: string) =>
  source
    .replace(
      '   A gift card code is applied (and removed) by its own button of the same form, so what was typed stays;\n   Enter in a field is "Update totals" (the form\'s first button, hidden), never Apply or Remove.\n',
      '',
    )
    .replace(/ {4}<button type="submit" name="intent" value="update" class="visually-hidden"[^\n]*\n/, '')
    .replace(/ {4}\{\.section giftCard\}\n {4}<fieldset class="checkout-section checkout-gift-card">[^]*?\n {4}\{\.end\}\n/, '')
    .replace(/ {8}\{\.section giftCard\}<tr>[^\n]*\n/, '')
    .replace(
      'ships, where the confirmation went, a download link per digital line and what gift cards paid;',
      'ships, where the confirmation went and a download link per digital line;',
    )
    .replace(/ {6}\{\.if giftCardPayments\}\n[^]*?\n {6}\{\.end\}\n/, '');
/** The lines' custom form answers and the cart's "edit details", which 0048 adds (to unedited templates only). */
const ANSWERS =
  '{.if answers}<ul class="line-answers" data-line-answers>{.repeated section answers}<li><span class="line-answer-title">{title|html}:</span> {value|html}</li>{.end}</ul>{.end}';
const withoutCustomForms = (source: string) =>
  source
    .replace(
      'each entry with its variant, a custom form\'s answers with "edit details",\n   a quantity form and a remove button (plain POST forms to /cart),',
      'each entry with its variant, a quantity form and a remove\n   button (plain POST forms to /cart),',
    )
    .replace(/ {8}\{\.if detailsUrl\}[^\n]*\n/, '')
    .replace(
      "a download link per digital line, what gift cards paid and each line's custom form answers;",
      'a download link per digital line and what gift cards paid;',
    )
    .replace(`        ${ANSWERS}\n`, '')
    .replaceAll(ANSWERS, '');
/** A seed template as it was before 0032. */
const before = (source: string) => englishOnly(withoutShownTotal(withoutDownloads(withoutGiftCards(withoutCustomForms(source)))));
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const MIGRATION = 'db/migrations/0032_commerce_page_texts.sql';

describe.each(targets)('0032 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0032'),
    );
    for (const id of ['plain', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = NAMES.flatMap((name) => [
      { website_id: 'plain', name, kind: 'page', source: before(fs.readFileSync(file(name), 'utf8')) },
      { website_id: 'edited', name, kind: 'page', source: `${before(fs.readFileSync(file(name), 'utf8'))}<!-- mine -->\n` },
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
    for (const name of NAMES) expect(migration, `${name} before 0032`).toContain(md5(before(fs.readFileSync(file(name), 'utf8'))));
  });

  it("turns the seed's templates into today's, and leaves an edited one alone", async () => {
    for (const name of NAMES) {
      const now = fs.readFileSync(file(name), 'utf8');
      expect(await source('plain', name), name).toBe(now);
      expect(await source('edited', name), name).toBe(
        `${englishOnly(withoutDownloads(withoutGiftCards(withoutCustomForms(now))))}<!-- mine -->\n`,
      );
    }
    expect(await source('plain', 'cart')).toContain('{.if localizedStrings.cartTitleText}');
    expect(await source('edited', 'checkout')).toContain('name="shownTotalCents"');
    expect(await source('plain', 'order-confirmed')).toContain('{.if downloads}');
    expect(await source('plain', 'checkout')).toContain('{.section giftCard}');
    expect(await source('plain', 'order-confirmed')).toContain('{.if giftCardPayments}');
    expect(await source('plain', 'cart')).toContain('{.if detailsUrl}');
    expect(await source('plain', 'order-confirmed')).toContain('{.if answers}');
  });
});
