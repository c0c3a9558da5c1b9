// A benchmark's own database: a throw-away one made on a PostgreSQL server and dropped after the
// run, else (no server) an in-memory PGlite, so a benchmark never touches a database someone keeps.
import crypto from 'node:crypto';
import postgres from 'postgres';
import { openDb, type Db } from '../../db/client.server.js';

const quiet = () => {};

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
  const name = `storefront_bench_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const a = postgres(serverUrl, { max: 1, onnotice: quiet });
    await a.unsafe(statement).finally(() => a.end({ timeout: 5 }));
  };
  await admin(`create database ${name}`);
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  try {
    return { db: await openDb({ url: u.toString(), max, seedIfEmpty, log: quiet }), name, drop };
  } catch (e) {
    await drop();
    throw e;
  }
}
