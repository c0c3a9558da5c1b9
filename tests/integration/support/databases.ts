// The databases integration suites run against: always an in-memory PGlite (served over its socket,
// as the app uses it), and a throw-away database on the PostgreSQL of DATABASE_URL when it is set.
import crypto from 'node:crypto';
import postgres from 'postgres';
import { openDb, redact, type Db } from '../../../db/client.server.js';

export interface Target {
  name: 'pglite' | 'postgres';
  /** Opens a fresh, empty database (migrated and seeded unless told otherwise). */
  open(opts?: { migrate?: boolean; seed?: boolean }): Promise<Db>;
}

const quiet = () => {};

const pglite: Target = {
  name: 'pglite',
  open: (opts = {}) => openDb({ dataDir: null, migrate: opts.migrate ?? true, seedIfEmpty: opts.seed ?? true, log: quiet }),
};

/** A database created for this run on the server of `url`, dropped again on close. */
function postgresTarget(url: string): Target {
  return {
    name: 'postgres',
    async open(opts = {}) {
      const name = `storefront_test_${crypto.randomBytes(6).toString('hex')}`;
      const admin = postgres(url, { max: 1, onnotice: quiet });
      try {
        await admin.unsafe(`create database ${name}`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      const u = new URL(url);
      u.pathname = `/${name}`;
      let db: Db;
      try {
        db = await openDb({ url: u.toString(), max: 4, migrate: opts.migrate ?? true, seedIfEmpty: opts.seed ?? true, log: quiet });
      } catch (e) {
        await drop(url, name);
        throw e;
      }
      return {
        ...db,
        async close() {
          await db.close();
          await drop(url, name);
        },
      };
    },
  };
}

async function drop(url: string, name: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: quiet });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

const url = process.env.DATABASE_URL?.trim();
if (!url) {
  console.info('integration: DATABASE_URL is not set, so only the embedded PGlite runs (set it to also run against PostgreSQL)');
} else {
  console.info(`integration: running against PGlite and against PostgreSQL at ${redact(url)}`);
}

export const targets: Target[] = url ? [pglite, postgresTarget(url)] : [pglite];

/** Row counts of every storefront table, for "nothing changed" checks. */
export async function snapshot(sql: Db['sql']): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ['website', 'theme_template', 'collection', 'item', 'product', 'variant', 'navigation']) {
    const rows = await sql.unsafe(`select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n from "${table}" t`);
    out[table] = `${rows[0].n}:${rows[0].h}`;
  }
  return out;
}
