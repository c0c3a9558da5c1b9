// A PostgreSQL database of a test's own on the server STOREFRONT_TEST_POSTGRES names (ADR 0018),
// for tests that change the database under a running server (the embedded one serves one process).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ThrowAway {
  /** The connection string of the new database. */
  url: string;
  /** A client on it, for the test's own changes. */
  sql: postgres.Sql;
  drop(): Promise<void>;
}

/** The admin URL test servers may make databases on, when there is one. */
export const testPostgres = (): string | undefined => process.env.STOREFRONT_TEST_POSTGRES || undefined;

export async function throwAwayDatabase(admin: string): Promise<ThrowAway> {
  // The prefix .ci/run's clean-up knows (drop_test_databases), should a killed run leave one.
  const name = `storefront_srv_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const a = postgres(admin, { max: 1, connect_timeout: 5, onnotice: () => {} });
    try {
      await a.unsafe(statement);
    } finally {
      await a.end({ timeout: 2 }).catch(() => {});
    }
  };
  await run(`create database ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const url = u.toString();
  const sql = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
  return {
    url,
    sql,
    async drop() {
      await sql.end({ timeout: 2 }).catch(() => {});
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}
