// Applies the numbered SQL files of db/migrations in order, each in its own transaction, and
// records them in schema_migrations; the same files run on PostgreSQL and on PGlite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';
import { projectPath } from './paths.server.js';

type Sql = postgres.Sql;

export interface Migration {
  version: string;
  name: string;
  file: string;
  source: string;
  checksum: string;
}

const FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any fixed number: every process migrating the same database queues on it.
const LOCK_KEY = 720_431_001;

/** The migrations of a folder, in order; a malformed or duplicate number is an error. */
export function readMigrations(dir: string = projectPath('db/migrations')): Migration[] {
  const out: Migration[] = [];
  const seen = new Map<string, string>();
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const m = FILE.exec(file);
    if (!m) throw new Error(`Migration file name ${file} must look like 0001_name.sql (four digits, lower-case name).`);
    const other = seen.get(m[1]);
    if (other) throw new Error(`Migrations ${other} and ${file} share the number ${m[1]}.`);
    seen.set(m[1], file);
    const source = fs.readFileSync(path.join(dir, file), 'utf8');
    out.push({ version: m[1], name: m[2], file, source, checksum: sha256(source) });
  }
  return out;
}

function sha256(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex');
}

/** Versions already applied, with their checksums. */
export async function appliedMigrations(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ version: string; checksum: string }[]>`select version, checksum from schema_migrations order by version`;
  return new Map(rows.map((r) => [r.version, r.checksum]));
}

/**
 * Applies what is pending and returns the files applied (empty when up to date). Safe to run from
 * several processes at once: each step holds a transaction-scoped advisory lock.
 */
export async function migrate(
  sql: Sql,
  migrations: Migration[] = readMigrations(),
  log: (s: string) => void = console.warn,
): Promise<string[]> {
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
    await tx`create table if not exists schema_migrations (
      version    text primary key,
      name       text not null,
      checksum   text not null,
      applied_at timestamptz not null default now()
    )`;
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${LOCK_KEY})`;
      const [row] = await tx<{ checksum: string }[]>`select checksum from schema_migrations where version = ${m.version}`;
      if (row) {
        if (row.checksum !== m.checksum) {
          log(
            `db: migration ${m.file} changed after it was applied; changes belong in a new numbered file (a disposable local database can be deleted and recreated).`,
          );
        }
        return false;
      }
      try {
        // Simple protocol: a file holds many statements.
        await tx.unsafe(m.source).simple();
      } catch (e) {
        const err = e as Error & { position?: string };
        throw new Error(
          `Migration ${m.file} failed (nothing of it was applied): ${err.message}${err.position ? ` at character ${err.position}` : ''}`,
          { cause: e },
        );
      }
      await tx`insert into schema_migrations (version, name, checksum) values (${m.version}, ${m.name}, ${m.checksum})`;
      return true;
    });
    if (done) applied.push(m.file);
  }
  return applied;
}

let expectedVersion: string | undefined;

/**
 * Where the database's schema is against this build: the last migration applied there (null on an
 * empty database) and the last one this build ships. A server whose database is behind (emptied,
 * restored from an old backup) can only fail its queries, so it is not ready (/readyz).
 */
export async function schemaState(sql: Sql): Promise<{ at: string | null; expected: string | null }> {
  expectedVersion ??= readMigrations().at(-1)?.version ?? '';
  const [{ present }] = await sql<{ present: boolean }[]>`select to_regclass('schema_migrations') is not null as present`;
  const at = present ? ((await sql<{ v: string | null }[]>`select max(version) as v from schema_migrations`)[0]?.v ?? null) : null;
  return { at, expected: expectedVersion || null };
}
