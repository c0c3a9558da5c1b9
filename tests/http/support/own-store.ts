// A server of a test's own whose database the test can also change: the embedded PGlite serves one
// process at a time, so the test stops the server, opens the same DATA_DIR, writes, and starts the
// server again on it (same SESSION_SECRET, so the visitors' session cookies still hold).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, type Sql } from '../../../db/client.server.js';
import { startServer, type Started } from './spawn-server.js';

export class OwnStore {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'storefront-own-'));
  private readonly secret = randomBytes(32).toString('base64url');
  private server: Started | null = null;
  /** Everything the servers printed, start after start. */
  log = '';

  constructor(private readonly env: Record<string, string | undefined> = {}) {}

  /** The running server's base URL. */
  url(): string {
    if (!this.server) throw new Error('the server is not running');
    return this.server.url;
  }

  async start(): Promise<void> {
    const s = await startServer({ ...this.env, DATA_DIR: this.dataDir, SESSION_SECRET: this.secret });
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
    const db = await openDb({ dataDir: this.dataDir, seedIfEmpty: false, log: () => {} });
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
  }
}
