// Copies of one migrated (and seeded) PostgreSQL database, for everything that tests on a throw-away
// database: the integration suites (tests/integration/support/databases.ts) and the test servers
// (tests/e2e/serve.mjs). Copying the template costs a fraction of migrating and seeding anew.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

const quiet = () => {};

/** Everything that decides what a migrated, seeded database holds (all of db/): its hash names the template. */
function schemaHash(): string {
  const root = fileURLToPath(new URL('../../db/', import.meta.url));
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(root, file)).update(fs.readFileSync(file));
    }
  };
  walk(root);
  return hash.digest('hex').slice(0, 16);
}

let hashOnce: string | undefined;
/** The hash of this checkout's db/ folder (migrations, seed, client), computed once per process. */
export const hashNow = () => (hashOnce ??= schemaHash());

/** `url` (a server's admin connection string) pointing at database `name` instead. */
export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The name of a template database holding a freshly migrated (and seeded) database on the server
 * of `url`, made on first need: built under a temporary name, then renamed, so nobody copies a
 * half-built one (a second process racing to build it drops its own). The name carries the hash of
 * db/, so a checkout with other migrations or another seed gets a template of its own; .ci/run drops
 * every `storefront_tpl%` at its end.
 */
export async function postgresTemplate(url: string, seed: boolean): Promise<string> {
  const name = `storefront_tpl_${hashNow()}_${seed ? 's' : 'm'}`;
  const admin = postgres(url, { max: 1, onnotice: quiet });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (found) return name;
    const building = `storefront_tplb_${crypto.randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database ${building}`);
    // Loaded only to build: a process that finds the template made copies it without the app's code.
    const { openDb } = await import('../../db/client.server.js');
    const db = await openDb({ url: databaseUrl(url, building), max: 2, migrate: true, seedIfEmpty: seed, log: quiet });
    await db.close();
    try {
      await admin.unsafe(`alter database ${building} rename to ${name}`);
    } catch {
      await admin.unsafe(`drop database if exists ${building} with (force)`);
    }
    return name;
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * Creates database `prefix_<random>` on the server of `url` as a copy of the migrated and seeded
 * template, and returns its name. Tried twice: another run's clean-up may drop the template between
 * the look-up and the copy (it is then built again).
 */
export async function copyOfTemplate(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  for (let attempt = 1; ; attempt++) {
    const template = await postgresTemplate(url, true);
    const admin = postgres(url, { max: 1, onnotice: quiet });
    try {
      await admin.unsafe(`create database ${name} template ${template}`);
      return name;
    } catch (e) {
      if (attempt >= 2) throw e;
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
}

/** Drops database `name` on the server of `url`, connections and all. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = postgres(url, { max: 1, onnotice: quiet });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
