// The database client without DATABASE_URL: PGlite in a data folder, served over a loopback socket,
// migrated and seeded on first use, kept by one process at a time (a second one gets a clear error).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite, resolvePath, searchCatalog } from '../../app/catalog/catalog.server.js';
import { closeDb, getReadSql, getSql, openDb } from '../../db/client.server.js';
import { databaseFromEnv } from '../../db/env.server.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-data-'));
}

/** Runs a short script in a new Node process (with tsx), from the project root. */
function runNode(code: string, env: Record<string, string> = {}) {
  const file = path.join(ROOT, `.tmp-client-test-${process.pid}-${Math.random().toString(36).slice(2)}.mts`);
  fs.writeFileSync(file, code);
  try {
    return spawnSync(process.execPath, ['--import', 'tsx', file], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 150_000,
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('databaseFromEnv', () => {
  it('uses DATABASE_URL when set, else PGlite in DATA_DIR or .data', () => {
    expect(databaseFromEnv({ DATABASE_URL: 'postgres://u@h/db' })).toEqual({ url: 'postgres://u@h/db', readUrls: [], max: undefined });
    // Standbys for the catalog's reads (ADR 0033), comma-separated, blanks dropped.
    expect(
      databaseFromEnv({ DATABASE_URL: 'postgres://u@h/db', DATABASE_READ_URL: ' postgres://u@s1/db, ,postgres://u@s2/db' }).readUrls,
    ).toEqual(['postgres://u@s1/db', 'postgres://u@s2/db']);
    expect(databaseFromEnv({ DATABASE_URL: ' ', DATA_DIR: '/tmp/x' })).toEqual({ dataDir: '/tmp/x' });
    expect(databaseFromEnv({})).toEqual({ dataDir: '.data' });
  });

  it('takes DATABASE_CONNECT_TIMEOUT_S in seconds when positive, else leaves the default', () => {
    const url = 'postgres://u@h/db';
    expect(databaseFromEnv({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_S: '1' }).connectTimeoutS).toBe(1);
    for (const bad of ['0', '-1', 'soon', ''])
      expect(databaseFromEnv({ DATABASE_URL: url, DATABASE_CONNECT_TIMEOUT_S: bad }).connectTimeoutS, bad).toBeUndefined();
  });
});

describe('embedded PGlite in a data folder', () => {
  const dir = tempDir();
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('creates, migrates and seeds it on first open, and keeps the data', async () => {
    const lines: string[] = [];
    const db = await openDb({ dataDir: dir, log: (l) => lines.push(l) });
    expect(db.kind).toBe('pglite');
    expect(db.where).toBe(path.join(dir, 'pglite'));
    expect(lines.join('\n')).toMatch(/applied migrations 0001_init\.sql/);
    expect(lines.join('\n')).toMatch(/seeded the demo store/);
    const lock = JSON.parse(fs.readFileSync(path.join(dir, 'storefront.lock'), 'utf8'));
    expect(lock.pid).toBe(process.pid);
    await db.sql`update website set title = 'Kept'`;
    await db.close();
    expect(fs.existsSync(path.join(dir, 'storefront.lock'))).toBe(false);

    const again: string[] = [];
    const db2 = await openDb({ dataDir: dir, log: (l) => again.push(l) });
    try {
      expect(again).toEqual([]);
      const [{ title }] = await db2.sql<{ title: string }[]>`select title from website`;
      expect(title).toBe('Kept');
    } finally {
      await db2.close();
    }
  });

  it('is reached through a Unix socket in a folder only this user may enter, never a TCP port', async () => {
    const db = await openDb({ dataDir: null, log: () => {} });
    try {
      const socket = (db.sql.options as { path?: string }).path ?? '';
      expect(socket).toMatch(/\.s\.PGSQL\.5432$/);
      expect(fs.statSync(socket).isSocket()).toBe(true);
      expect(fs.statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);
      expect((db.sql.options as { host?: string[] }).host ?? []).not.toContain('127.0.0.1');
      const [{ one }] = await db.sql<{ one: number }[]>`select 1 as one`;
      expect(one).toBe(1);
      await db.close();
      expect(fs.existsSync(path.dirname(socket))).toBe(false);
    } finally {
      await db.close();
    }
  });

  it('refuses a second opener in this process', async () => {
    const db = await openDb({ dataDir: dir, log: () => {} });
    try {
      await expect(openDb({ dataDir: dir, log: () => {} })).rejects.toThrow(/already open in this process/);
    } finally {
      await db.close();
    }
  });

  it('refuses another process with a clear error, and loses nothing', async () => {
    const db = await openDb({ dataDir: dir, log: () => {} });
    try {
      const r = runNode(
        `import { openDb } from './db/client.server.ts';\n` +
          `try { await openDb({ dataDir: ${JSON.stringify(dir)}, log: () => {} }); console.log('opened'); process.exit(0); }\n` +
          `catch (e) { console.error(e.message); process.exit(3); }\n`,
      );
      expect(r.stdout).not.toContain('opened');
      expect(r.status).toBe(3);
      expect(r.stderr).toContain(`is in use by another process (pid ${process.pid}`);
      expect(r.stderr).toMatch(/set DATA_DIR to another folder, or set DATABASE_URL/);
      // Still ours, still working.
      const [{ n }] = await db.sql<{ n: number }[]>`select count(*)::int as n from product`;
      expect(n).toBe(36);
    } finally {
      await db.close();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(gone.stdout.trim());
    fs.writeFileSync(path.join(dir, 'storefront.lock'), JSON.stringify({ pid: deadPid, host: os.hostname(), started: 'earlier' }));
    const db = await openDb({ dataDir: dir, log: () => {} });
    try {
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'storefront.lock'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await db.close();
    }
  });

  it('serves npm run db:migrate and db:seed on the same folder', () => {
    const migrate = spawnSync(process.execPath, ['--import', 'tsx', 'db/cli.ts', 'migrate'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toMatch(/migrations are up to date/);
    const seed = spawnSync(process.execPath, ['--import', 'tsx', 'db/cli.ts', 'seed'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir },
      encoding: 'utf8',
    });
    expect(seed.status, seed.stderr).toBe(0);
    expect(seed.stdout).toMatch(/already seeded, nothing changed/);
    const bad = spawnSync(process.execPath, ['--import', 'tsx', 'db/cli.ts', 'seed', '--force'], { cwd: ROOT, encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage:/);
  });
});

describe('getSql() and the catalog API without DATABASE_URL', () => {
  const dir = tempDir();
  const saved = { url: process.env.DATABASE_URL, dir: process.env.DATA_DIR };
  beforeAll(() => {
    delete process.env.DATABASE_URL;
    process.env.DATA_DIR = dir;
  });
  afterAll(async () => {
    await closeDb();
    if (saved.url === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved.url;
    if (saved.dir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved.dir;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('opens one client per process on first use', async () => {
    const [a, b] = await Promise.all([getSql(), getSql()]);
    expect(a).toBe(b);
    // Without standbys (DATABASE_READ_URL) the storefront's cached reads go to the same client.
    expect(await getReadSql()).toBe(a);
    expect(fs.existsSync(path.join(dir, 'storefront.lock'))).toBe(true);
    const site = await loadSite('saltgrass');
    expect(site.website.siteTitle).toBe('Saltgrass Studio');
    expect((await resolvePath('saltgrass', '/shop/p/tide-pool-mug')).kind).toBe('product');
    expect((await searchCatalog('saltgrass', 'teapot'))[0]?.title).toBe('Harbour Teapot');
  });

  it('closes it, and opens it again on next use', async () => {
    const first = await getSql();
    await closeDb();
    expect(fs.existsSync(path.join(dir, 'storefront.lock'))).toBe(false);
    const second = await getSql();
    expect(second).not.toBe(first);
    expect((await resolvePath('saltgrass', '/about')).kind).toBe('page');
  });
});
