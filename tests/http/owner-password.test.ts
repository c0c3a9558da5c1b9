// A new owner password ends that owner's sessions, set either way an operator sets one: OWNER_PASSWORD
// at start and `npm run owner:create`. One server of the test's own, started twice on one database,
// without BASE_URL: its invitation mail links to the port it listens on.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailTo } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { OWNER, signIn, visitorWithRole } from './support/owner.js';
import { startServer, type Started } from './support/spawn-server.js';
import { testPostgres, throwAwayDatabase, type ThrowAway } from './support/throwaway-postgres.js';
import { scaled } from '../support/time-scale.js';

const dataDir = mkdtempSync(join(tmpdir(), 'storefront-owner-pw-'));
const secret = randomBytes(32).toString('base64url');
// With STOREFRONT_TEST_POSTGRES (CI), a throw-away database there: faster to migrate and seed than
// the embedded one (ADR 0018). Else the embedded one in dataDir, which the CLI opens while the server
// is stopped.
let database: ThrowAway | undefined;
let databaseUrl: string | undefined;
let server: Started | null = null;

beforeAll(async () => {
  const admin = testPostgres();
  if (!admin) return;
  database = await throwAwayDatabase(admin);
  databaseUrl = database.url;
});

async function start(ownerPassword: string): Promise<Started> {
  const s = await startServer(
    { DATA_DIR: dataDir, SESSION_SECRET: secret, OWNER_PASSWORD: ownerPassword, SMTP_URL: undefined, DATABASE_URL: databaseUrl },
    '/healthz',
    { dataDir },
  );
  server = s;
  // Opening, migrating and seeding happen on the first request: wait for them here.
  const ready = await fetch(`${s.url}/readyz`);
  if (ready.status !== 200) throw new Error(`the server is not ready (${ready.status}):\n${s.output()}`);
  return s;
}

async function stop(): Promise<void> {
  const s = server;
  server = null;
  if (!s) return;
  s.child.kill('SIGTERM');
  expect(await s.exited, s.output()).toBe(0);
}

afterAll(async () => {
  if (server) {
    server.kill();
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/** `npm run owner:create -- --email <email>` on the server's database, the password from OWNER_PASSWORD. */
function ownerCreate(email: string, password: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'app/auth/owner-cli.ts', '--email', email], {
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir, OWNER_PASSWORD: password },
    encoding: 'utf8',
    timeout: scaled(60_000),
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('a new owner password signs that owner out everywhere', () => {
  it(
    'by OWNER_PASSWORD at start, and by npm run owner:create',
    async () => {
      let s = await start(OWNER.password);
      const base = () => s.url;
      const owner = new Visitor(base);
      await signIn(owner, OWNER.email, OWNER.password);
      expect((await owner.get('/config')).status).toBe(200);
      // A second owner, signed in by accepting an invite.
      const { visitor: other, email } = await visitorWithRole(owner, 10, { base, dataDir });
      expect((await other.get('/config')).status).toBe(200);
      // Issue 32: without BASE_URL the invitation links to the port this server listens on (spawned on
      // a free one, never 3000), and the start-up line says which origin links use.
      expect(outboxMailTo(join(dataDir, 'outbox'), email)).toContain(`${s.url}/config/invite/`);
      expect(s.output()).toContain(`listening on ${s.url}; links use ${s.url} (set BASE_URL`);
      // The embedded database serves one process at a time: the CLI runs while the server is down.
      await stop();

      const cli = ownerCreate(email, 'the new cli password');
      expect(cli.status, cli.out).toBe(0);

      s = await start('the new start password');
      // Both cookies were live when the server stopped; both owners' passwords changed since.
      for (const [who, v] of [
        ['OWNER_PASSWORD', owner],
        ['owner:create', other],
      ] as const) {
        const res = await v.get('/config');
        expect.soft(res.status, `signed out by ${who}`).toBe(302);
        expect.soft(res.headers.get('location'), `signed out by ${who}`).toContain('/config/sign-in');
      }
      // Both say so.
      expect(cli.out).toContain(`owner: new password for ${email}; 1 session(s) signed out`);
      expect(s.output()).toContain(`OWNER_PASSWORD is new: 1 session(s) of ${OWNER.email} ended`);
      // The new passwords work; the old ones do not.
      const old = await new Visitor(base).postForm('/config/sign-in', { email: OWNER.email, password: OWNER.password });
      expect(old.status).toBe(400);
      await signIn(new Visitor(base), OWNER.email, 'the new start password');
      await signIn(new Visitor(base), email, 'the new cli password');
      await stop();
    },
    scaled(240_000),
  );
});
