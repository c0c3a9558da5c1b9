// Migration 0036 on a database seeded before it: the event page and event card still exactly the
// previous seed's get their CLDR dates for other locales (and then equal today's seed files); one
// the owner edited is left as it was. On PGlite and PostgreSQL.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { migrate, readMigrations } from '../../db/migrate.server.js';
import { targets } from './support/databases.js';
import { withoutEventDates } from './support/event-dates.js';

const FILES = [
  { file: 'db/seed/theme/event.html', kind: 'page', name: 'event' },
  { file: 'db/seed/theme/_event-card.html', kind: 'partial', name: 'event-card' },
];
const today = (file: string) => fs.readFileSync(file, 'utf8');
const before = (file: string) => withoutEventDates(today(file));
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const MIGRATION = 'db/migrations/0036_event_dates.sql';

describe.each(targets)('0036 on a database seeded before it, on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0036'),
    );
    for (const id of ['plain', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = FILES.flatMap(({ file, kind, name }) => [
      { website_id: 'plain', name, kind, source: before(file) },
      { website_id: 'edited', name, kind, source: name === 'event' ? `${before(file)}<!-- mine -->\n` : before(file) },
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
      expect(before(file), `${file} has CLDR dates`).not.toBe(today(file));
      expect(before(file), `${file} before 0036`).not.toContain('|datetime');
      expect(migration, `${file} before 0036`).toContain(md5(before(file)));
    }
  });

  it("turns the seed's templates into today's, with CLDR dates for other locales", async () => {
    for (const { file, name } of FILES) expect(await source('plain', name), file).toBe(today(file));
    expect(await source('plain', 'event-card')).toContain('{startDate|datetime MMM}');
    expect(await source('plain', 'event')).toContain('{endDate|datetime jmz}');
  });

  it('leaves a template the owner edited alone, and updates the others of the same site', async () => {
    expect(await source('edited', 'event')).toBe(`${before('db/seed/theme/event.html')}<!-- mine -->\n`);
    expect(await source('edited', 'event')).not.toContain('|datetime');
    expect(await source('edited', 'event-card')).toBe(today('db/seed/theme/_event-card.html'));
  });
});
