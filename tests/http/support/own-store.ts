// A server of a test's own whose database the test can also change: the test stops the server (the
// embedded PGlite serves one process at a time, and a restart empties the server's read caches),
// writes, and starts it again on the same data (same SESSION_SECRET, so session cookies still hold).
// With STOREFRONT_TEST_POSTGRES (CI) the data is a throw-away database there instead of the embedded
// one: a start then takes about a second instead of ten or more (ADR 0018).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Sql } from '../../../db/client.server.js';
import { startServer, type Started } from './spawn-server.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './throwaway-postgres.js';

export class OwnStore {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'storefront-own-'));
  private readonly secret = randomBytes(32).toString('base64url');
  private server: Started | null = null;
  /** The throw-away PostgreSQL database, once made (STOREFRONT_TEST_POSTGRES only). */
  private database: ThrowAway | null = null;
  /** Everything the servers printed, start after start. */
  log = '';

  constructor(private readonly env: Record<string, string | undefined> = {}) {}

  /** The running server's base URL. */
  url(): string {
    if (!this.server) throw new Error('the server is not running');
    return this.server.url;
  }

  async start(): Promise<void> {
    const database = this.env.DATABASE_URL ?? (await this.databaseUrl());
    const s = await startServer({ ...this.env, DATA_DIR: this.dataDir, SESSION_SECRET: this.secret, DATABASE_URL: database });
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
    const url = this.env.DATABASE_URL ?? this.database?.url;
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
    const database = this.database;
    this.database = null;
    await database?.drop();
  }

  /** A database of this store's own on STOREFRONT_TEST_POSTGRES, made on the first start; undefined without it. */
  private async databaseUrl(): Promise<string | undefined> {
    const admin = testPostgres();
    if (!admin) return undefined;
    this.database ??= await throwAwayDatabase(admin);
    return this.database.url;
  }
}
