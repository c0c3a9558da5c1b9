// A benchmark's own database: a throw-away one made on a PostgreSQL server and dropped after the
// run, else (no server) an in-memory PGlite, so a benchmark never touches a database someone keeps.
import crypto from 'node:crypto';
import postgres from 'postgres';
import { openDb, type Db } from '../../db/client.server.js';

const quiet = () => {};

/**
 * Creates an empty `storefront_bench_*` database on the server of `serverUrl` and returns its URL;
 * `drop` removes it (forcing out any connection left, such as a spawned server's). For a benchmark
 * whose database is opened by someone else (a built server it starts).
 */
export async function createThrowAwayDb(serverUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `storefront_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const a = postgres(serverUrl, { max: 1, onnotice: quiet });
    await a.unsafe(statement).finally(() => a.end({ timeout: 5 }));
  };
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return { name, url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/**
 * Opens (migrates, and seeds when `seedIfEmpty`) a fresh `storefront_bench_*` database on the
 * server of `serverUrl`, or an in-memory PGlite when `serverUrl` is null. `drop` removes it.
 */
export async function openThrowAwayDb(
  serverUrl: string | null,
  options: { max: number; seedIfEmpty?: boolean },
): Promise<{ db: Db; name: string | null; drop: () => Promise<void> }> {
  const { max, seedIfEmpty } = options;
  if (!serverUrl) return { db: await openDb({ dataDir: null, seedIfEmpty, log: quiet }), name: null, drop: async () => {} };
  const { name, url, drop } = await createThrowAwayDb(serverUrl);
  try {
    return { db: await openDb({ url, max, seedIfEmpty, log: quiet }), name, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}
