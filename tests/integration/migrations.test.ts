// Migrations: applied once, in order, each in its own transaction, recorded in schema_migrations;
// re-running applies nothing; a failing file leaves nothing behind. On PGlite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { appliedMigrations, migrate, readMigrations } from '../../db/migrate.server.js';
import { readTheme } from '../../db/seed.server.js';
import { bothTargets } from './support/databases.js';

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}

describe('readMigrations', () => {
  it('lists the project migrations in order with checksums', () => {
    const list = readMigrations();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0].file).toBe('0001_init.sql');
    expect(list.map((m) => m.version)).toEqual([...list.map((m) => m.version)].sort());
    for (const m of list) expect(m.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rejects a badly named file and a duplicate number', () => {
    expect(() => readMigrations(tempDir({ '1_init.sql': 'select 1;' }))).toThrow(/must look like 0001_name\.sql/);
    expect(() => readMigrations(tempDir({ '0001_a.sql': 'select 1;', '0001_b.sql': 'select 1;' }))).toThrow(/share the number 0001/);
  });
});

describe.each(bothTargets)('migrations on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('applies every file once and records it', async () => {
    const files = readMigrations();
    const applied = await migrate(db.sql);
    expect(applied).toEqual(files.map((m) => m.file));
    const recorded = await appliedMigrations(db.sql);
    expect([...recorded.keys()]).toEqual(files.map((m) => m.version));
    for (const m of files) expect(recorded.get(m.version)).toBe(m.checksum);
    const tables = await db.sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public' order by table_name`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining([
        'cart',
        'cart_entry',
        'collection',
        'item',
        'navigation',
        'order',
        'order_item',
        'product',
        'schema_migrations',
        'theme_template',
        'variant',
        'website',
      ]),
    );
  });

  it('applies nothing the second time, even when two runs race', async () => {
    expect(await migrate(db.sql)).toEqual([]);
    const both = await Promise.all([migrate(db.sql), migrate(db.sql)]);
    expect(both).toEqual([[], []]);
    const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from schema_migrations`;
    expect(n).toBe(readMigrations().length);
  });

  it('rolls a failing migration back entirely and does not record it', async () => {
    const dir = tempDir({
      '9001_half_done.sql': 'create table half_done (x int);\ninsert into half_done values (1);\nselect * from no_such_table;\n',
    });
    await expect(migrate(db.sql, readMigrations(dir))).rejects.toThrow(
      /Migration 9001_half_done\.sql failed \(nothing of it was applied\)/,
    );
    const [{ exists }] = await db.sql<{ exists: boolean }[]>`select to_regclass('public.half_done') is not null as exists`;
    expect(exists).toBe(false);
    expect((await appliedMigrations(db.sql)).has('9001')).toBe(false);
  });

  it('applies a new numbered file after the existing ones', async () => {
    const dir = tempDir({ '9002_extra.sql': 'create table extra_thing (id int primary key);\n' });
    const list = [...readMigrations(), ...readMigrations(dir)];
    expect(await migrate(db.sql, list)).toEqual(['9002_extra.sql']);
    expect(await migrate(db.sql, list)).toEqual([]);
    const [{ exists }] = await db.sql<{ exists: boolean }[]>`select to_regclass('public.extra_thing') is not null as exists`;
    expect(exists).toBe(true);
  });

  it('warns when an applied file has changed', async () => {
    const lines: string[] = [];
    const changed = readMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'x'.repeat(64) } : m));
    expect(await migrate(db.sql, changed, (s) => lines.push(s))).toEqual([]);
    expect(lines.join('\n')).toMatch(/0001_init\.sql changed after it was applied/);
  });
});

describe.each(bothTargets)('0007 on a database seeded before it, on $name', (target) => {
  let db: Db;
  // What the demo seed wrote before 0007: the CSS as a <style> partial the layout applies.
  const css = readTheme()
    .find((t) => t.kind === 'stylesheet')!
    .source.replace(/^\/\*[\s\S]*?\*\/\n/, '');
  const oldPartial = `{## The theme's stylesheet, applied by the layout. ##}\n<style>\n${css}</style>\n`;
  const oldLayout = '{## The layout. ##}\n{@|apply styles}\n<main>{mainContent}</main>\n';

  beforeAll(async () => {
    db = await target.open({ migrate: false, seed: false });
    await migrate(
      db.sql,
      readMigrations().filter((m) => m.version < '0007'),
    );
    for (const id of ['old', 'edited']) await db.sql`insert into website (id, title) values (${id}, ${id})`;
    const rows = [
      { website_id: 'old', name: 'layout', kind: 'layout', source: oldLayout },
      { website_id: 'old', name: 'styles', kind: 'partial', source: oldPartial },
      { website_id: 'edited', name: 'layout', kind: 'layout', source: oldLayout },
      // A partial that is a template (it prints a setting) cannot become plain CSS.
      { website_id: 'edited', name: 'styles', kind: 'partial', source: '<style>\nbody { color: {websiteSettings.ink}; }\n</style>\n' },
    ];
    await db.sql`insert into theme_template ${db.sql(rows, 'website_id', 'name', 'kind', 'source')}`;
    expect(await migrate(db.sql, readMigrations())).toEqual(
      readMigrations()
        .filter((m) => m.version >= '0007')
        .map((m) => m.file),
    );
  });
  afterAll(async () => {
    await db?.close();
  });

  const theme = (id: string) =>
    db.sql<
      { name: string; kind: string; source: string }[]
    >`select name, kind, source from theme_template where website_id = ${id} order by name`;

  it('moves the <style> partial into the stylesheet theme.css and stops the layout applying it', async () => {
    expect(await theme('old')).toEqual([
      { name: 'layout', kind: 'layout', source: '{## The layout. ##}\n<main>{mainContent}</main>\n' },
      { name: 'theme.css', kind: 'stylesheet', source: css },
    ]);
  });

  it('leaves a partial that is more than CSS where it was, still applied by the layout', async () => {
    const rows = await theme('edited');
    expect(rows.map((r) => [r.name, r.kind])).toEqual([
      ['layout', 'layout'],
      ['styles', 'partial'],
    ]);
    expect(rows[0].source).toBe(oldLayout);
  });

  it('allows the stylesheet kind and nothing unknown', async () => {
    await expect(db.sql`insert into theme_template (website_id, name, kind, source) values ('old', 'x', 'script', '')`).rejects.toThrow(
      /theme_template_kind_check/,
    );
  });
});
