// The databases integration suites run against: a throw-away database on the PostgreSQL of
// DATABASE_URL when it is set, else an in-memory PGlite (served over its socket, as the app uses it);
// the migrations and the seed run on both (`bothTargets`), since the demo runs on PGlite.
// Each starts from a copy of one migrated (and seeded) database made once per run and per version
// of the migrations and seed: a PGlite data dump in the temp folder, a PostgreSQL template database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDb, redact, type Db } from '../../../db/client.server.js';
import { copyOfTemplate, databaseUrl, dropDatabase, hashNow, postgresTemplate } from '../../support/postgres-template.js';

export interface Target {
  name: 'pglite' | 'postgres';
  /** Opens a fresh, empty database (migrated and seeded unless told otherwise). */
  open(opts?: { migrate?: boolean; seed?: boolean }): Promise<Db>;
}

const quiet = () => {};

/**
 * The PGlite dump of a freshly migrated (and seeded) database: made by the first worker that needs
 * it, written atomically, and read by every later open (other workers and runs too).
 */
async function pgliteSnapshot(seed: boolean): Promise<Blob> {
  const file = path.join(os.tmpdir(), `storefront-test-pglite-${hashNow()}-${seed ? 'seeded' : 'migrated'}.tar.gz`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const db = await openDb({ dataDir: null, migrate: true, seedIfEmpty: seed, log: quiet });
  try {
    const blob = await db.dumpSnapshot!();
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    return blob;
  } finally {
    await db.close();
  }
}

const pglite: Target = {
  name: 'pglite',
  async open(opts = {}) {
    const migrate = opts.migrate ?? true;
    const seed = opts.seed ?? true;
    // An unmigrated database is wanted only by the migration tests: nothing to copy.
    if (!migrate) return openDb({ dataDir: null, migrate: false, seedIfEmpty: false, log: quiet });
    return openDb({ dataDir: null, pgliteSnapshot: await pgliteSnapshot(seed), migrate: true, seedIfEmpty: seed, log: quiet });
  },
};

/** A database created for this run on the server of `url`, dropped again on close. */
function postgresTarget(url: string): Target {
  return {
    name: 'postgres',
    async open(opts = {}) {
      const name = `storefront_test_${crypto.randomBytes(6).toString('hex')}`;
      const migrate = opts.migrate ?? true;
      const template = migrate ? await postgresTemplate(url, opts.seed ?? true) : null;
      const admin = postgres(url, { max: 1, onnotice: quiet });
      try {
        await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      let db: Db;
      try {
        db = await openDb({
          url: databaseUrl(url, name),
          max: 4,
          migrate: opts.migrate ?? true,
          seedIfEmpty: opts.seed ?? true,
          log: quiet,
        });
      } catch (e) {
        await dropDatabase(url, name);
        throw e;
      }
      return {
        ...db,
        async close() {
          await db.close();
          await dropDatabase(url, name);
        },
      };
    },
  };
}

const url = process.env.DATABASE_URL?.trim();
if (!url) {
  console.info('integration: DATABASE_URL is not set, so the suites run on the embedded PGlite (set it to run them on PostgreSQL)');
} else {
  console.info(`integration: running on PostgreSQL at ${redact(url)} (migrations and seed on PGlite too)`);
}

/**
 * Where a suite runs: the real PostgreSQL when one is configured, else the embedded PGlite. Running
 * every suite on both doubled the integration time in CI for little: PGlite is PostgreSQL itself,
 * and the servers of the HTTP suite and Playwright run on it whenever no PostgreSQL is given.
 */
export const targets: Target[] = url ? [postgresTarget(url)] : [pglite];
/** Both stores, for what must hold on each: the schema's migrations and the seed. */
export const bothTargets: Target[] = url ? [pglite, postgresTarget(url)] : [pglite];

/**
 * For a file whose app code reaches the database through the process-wide client (getSql()), called
 * before it imports that code: with DATABASE_URL, a copy of the migrated and seeded template there
 * becomes DATABASE_URL (a copy costs a fraction of the CPU of migrating and seeding a PGlite, and CPU is
 * what CI runs short of); without, the client opens a fresh PGlite in the file's DATA_DIR. `drop`
 * removes the copy once the file has closed the client.
 */
export async function processDatabase(): Promise<{ drop(): Promise<void> }> {
  if (!url) {
    delete process.env.DATABASE_URL;
    return { drop: async () => {} };
  }
  const name = await copyOfTemplate(url, 'storefront_test');
  process.env.DATABASE_URL = databaseUrl(url, name);
  return { drop: () => dropDatabase(url, name) };
}

/** Row counts of every storefront table, for "nothing changed" checks. */
export async function snapshot(sql: Db['sql']): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['website', 'theme_template', 'collection', 'item', 'product', 'variant', 'navigation']) {
    const rows = await sql.unsafe(`select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n from "${table}" t`);
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}
