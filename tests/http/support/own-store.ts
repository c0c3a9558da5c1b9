// A server of a test's own whose database the test can also change: the test stops the server (the
// embedded PGlite serves one process at a time, and a restart empties the server's read caches),
// writes, and starts it again on the same data (same SESSION_SECRET, so session cookies still hold).
// With STOREFRONT_TEST_POSTGRES (CI) the data is a throw-away database there instead of the embedded
// one: a start then takes about a second instead of ten or more (ADR 0018).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDb, type Sql } from '../../../db/client.server.js';
import { startServer, type Started } from './spawn-server.js';

export class OwnStore {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'storefront-own-'));
  private readonly secret = randomBytes(32).toString('base64url');
  private server: Started | null = null;
  /** The throw-away PostgreSQL database's URL, once made (STOREFRONT_TEST_POSTGRES only). */
  private databaseUrl: string | null = null;
  /** Everything the servers printed, start after start. */
  log = '';

  constructor(private readonly env: Record<string, string | undefined> = {}) {}

  /** The running server's base URL. */
  url(): string {
    if (!this.server) throw new Error('the server is not running');
    return this.server.url;
  }

  async start(): Promise<void> {
    const database = this.env.DATABASE_URL ?? (await this.throwAwayDatabase());
    const s = await startServer({ ...this.env, DATA_DIR: this.dataDir, SESSION_SECRET: this.secret, DATABASE_URL: database });
    if (s.child.exitCode !== null) throw new Error(`the server did not start:\n${s.output()}`);
    // Opening, migrating and seeding happen on the first request: wait for them here.
    const ready = await fetch(`${s.url}/readyz`);
    if (ready.status !== 200) throw new Error(`the server is not ready (${ready.status}):\n${s.output()}`);
    this.server = s;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (!s) return;
    this.server = null;
    s.child.kill('SIGTERM');
    const code = await s.exited;
    this.log += s.output();
    if (code !== 0) throw new Error(`the server exited with ${code}:\n${s.output()}`);
  }

  /** Runs `work` on the database while the server is stopped, then starts it again. */
  async change(work: (sql: Sql) => Promise<unknown>): Promise<void> {
    await this.stop();
    const url = this.env.DATABASE_URL ?? this.databaseUrl ?? undefined;
    const db = await openDb({ url, dataDir: this.dataDir, seedIfEmpty: false, log: () => {} });
    try {
      await work(db.sql);
    } finally {
      await db.close();
    }
    await this.start();
  }

  /** What the running server printed so far (with what the stopped ones printed before it). */
  output(): string {
    return this.log + (this.server?.output() ?? '');
  }

  async dispose(): Promise<void> {
    if (this.server) {
      this.server.kill();
      await this.server.exited;
      this.server = null;
    }
    rmSync(this.dataDir, { recursive: true, force: true });
    if (this.databaseUrl) {
      const name = new URL(this.databaseUrl).pathname.slice(1);
      this.databaseUrl = null;
      await admin((sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
    }
  }

  /** A database of this store's own on STOREFRONT_TEST_POSTGRES, made on the first start; undefined without it. */
  private async throwAwayDatabase(): Promise<string | undefined> {
    const server = process.env.STOREFRONT_TEST_POSTGRES;
    if (!server) return undefined;
    if (!this.databaseUrl) {
      // The prefix .ci/run's clean-up knows (drop_test_databases), should a killed run leave it.
      const name = `storefront_srv_${randomBytes(6).toString('hex')}`;
      await admin((sql) => sql.unsafe(`create database ${name}`));
      const url = new URL(server);
      url.pathname = `/${name}`;
      this.databaseUrl = url.toString();
    }
    return this.databaseUrl;
  }
}

async function admin(work: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const sql = postgres(process.env.STOREFRONT_TEST_POSTGRES!, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await work(sql);
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
  }
}
