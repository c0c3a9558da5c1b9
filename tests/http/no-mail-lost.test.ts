// No mail lost (issue 28), through a server of the test's own: an order's confirmation is queued in
// the order's transaction, so a server killed (SIGKILL) right after the order, or stopped (SIGTERM),
// sends it after its restart on the same database: exactly once. A send that fails is retried, and
// the owner sees it on the order's page and the dashboard.
import fs from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
import { freePort, startServer, type Started } from './support/spawn-server.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './support/throwaway-postgres.js';
import { scaled } from '../support/time-scale.js';

const PATTERN = 'itm-wave-quilt-pattern'; // digital: an email is all checkout asks

const started: Started[] = [];
afterAll(() => {
  for (const s of started) if (s.child.exitCode === null) s.kill();
});

/** The outbox's messages to `to`. */
function mailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml') && f.includes('-order-'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((t) => t.includes(`To: ${to}\r\n`));
}

/**
 * Waits until the outbox has a confirmation to `to`. The worker polls each second; but a server
 * killed while it was sending one (it took the job before the kill: on a loaded machine it may)
 * leaves the job running until it expires (60 s), maintenance finds it (every 30 s) and its retry
 * comes (30 s later): about two minutes.
 */
async function confirmationsTo(dataDir: string, to: string): Promise<string[]> {
  await expect.poll(() => mailsTo(dataDir, to).length, { timeout: scaled(180_000), interval: 250 }).toBeGreaterThan(0);
  return mailsTo(dataDir, to);
}

describe('the order confirmation survives the server', () => {
  it(
    'is sent once after a restart, whether the server was killed (SIGKILL) or stopped (SIGTERM) right after the order',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-mail-'));
      // PostgreSQL when the suite has one (ADR 0018), else the embedded database in DATA_DIR.
      const admin = testPostgres();
      let db: ThrowAway | null = null;
      try {
        if (admin) db = await throwAwayDatabase(admin);
        const env = { SESSION_SECRET: randomBytes(32).toString('base64url'), SMTP_URL: undefined, ...(db ? { DATABASE_URL: db.url } : {}) };
        const start = async () => {
          const s = await startServer(env, '/readyz', { dataDir });
          started.push(s);
          expect(s.child.exitCode, s.output()).toBeNull();
          return s;
        };
        const order = async (s: Started, email: string) => {
          const v = new Visitor(() => s.url);
          expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: PATTERN, quantity: 1 })).status).toBe(200);
          const placed = await v.postForm('/checkout', { cart: 'cart', intent: 'place', email });
          expect(placed.status).toBe(303);
          expect(placed.headers.get('location')).toMatch(/^\/order-confirmed\//);
        };

        const killed = `killed-${randomBytes(4).toString('hex')}@example.com`;
        let s = await start();
        await order(s, killed);
        // At once: the old fire-and-forget send had not written it yet.
        s.child.kill('SIGKILL');
        await s.exited;

        const stopped = `stopped-${randomBytes(4).toString('hex')}@example.com`;
        s = await start();
        await order(s, stopped);
        s.child.kill('SIGTERM');
        expect(await s.exited).toBe(0);

        s = await start();
        const first = await confirmationsTo(dataDir, killed).catch(() => []);
        expect(first, 'the confirmation of the order placed before the SIGKILL').toHaveLength(1);
        expect(first[0]).toMatch(/^Subject: \[TEST\] Your Saltgrass Studio order #\d+ is confirmed\r$/m);
        expect(first[0]).toMatch(/^Message-ID: <[0-9a-f-]{36}@saltgrass\.example>\r$/m);
        expect(
          await confirmationsTo(dataDir, stopped).catch(() => []),
          'the confirmation of the order placed before the SIGTERM',
        ).toHaveLength(1);
        // Another poll of the worker later, still one each: nothing is sent twice.
        await new Promise((r) => setTimeout(r, 1500));
        expect(mailsTo(dataDir, killed)).toHaveLength(1);
        expect(mailsTo(dataDir, stopped)).toHaveLength(1);
        s.child.kill('SIGTERM');
        expect(await s.exited).toBe(0);
      } finally {
        await db?.drop().catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    scaled(420_000),
  );

  it(
    'that cannot be sent is retried, and the owner sees why on the order and the dashboard',
    async () => {
      const admin = testPostgres();
      const db = admin ? await throwAwayDatabase(admin) : null;
      // A mail server that is down: nothing listens on its port.
      const s = await startServer({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}`, ...(db ? { DATABASE_URL: db.url } : {}) }, '/readyz');
      started.push(s);
      try {
        const v = new Visitor(() => s.url);
        expect((await v.json('/api/commerce/shopping-cart/entries', { itemId: PATTERN, quantity: 1 })).status).toBe(200);
        const placed = await v.postForm('/checkout', { cart: 'cart', intent: 'place', email: 'unlucky@example.com' });
        expect(placed.status).toBe(303);
        const orderId = /^\/order-confirmed\/([0-9a-f-]{36})$/.exec(placed.headers.get('location') ?? '')?.[1];
        expect(orderId).toBeTruthy();
        const owner = await adminVisitor(() => s.url);
        let html = '';
        for (let i = 0; i < 150 && !html.includes('data-confirmation-email="retrying"'); i++) {
          if (i > 0) await new Promise((r) => setTimeout(r, 100));
          html = await (await owner.get(`/config/orders/${orderId}`)).text();
        }
        expect(html, s.output().slice(-2000)).toContain('data-confirmation-email="retrying"');
        expect(html).toMatch(/>Confirmation email: Not sent yet, retrying \(attempt 1 failed on [^)]*: connect ECONNREFUSED [^)]*\)</);
        const dashboard = await (await owner.get('/config')).text();
        expect(dashboard).toContain('<h2 id="mail-problems">Emails not sent</h2>');
        expect(dashboard).toMatch(
          new RegExp(
            `<a [^>]*href="/config/orders/${orderId}">Order confirmation</a> to unlucky@example\\.com: Not sent yet, retrying \\(attempt 1`,
          ),
        );
      } finally {
        s.kill();
        await s.exited;
        await db?.drop().catch(() => {});
      }
    },
    scaled(120_000),
  );
});
