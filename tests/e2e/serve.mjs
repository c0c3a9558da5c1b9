// Starts the built app for an e2e run (and for the HTTP suite): the production server on PORT with a
// fresh database, removed when the run stops the server, so runs never share state. The database is
// the embedded one in a temporary DATA_DIR, or, when STOREFRONT_TEST_POSTGRES names a PostgreSQL
// server (.ci/run sets it when one answers), a throw-away copy there of the migrated, seeded template.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const server = 'build/server.js';
if (!existsSync(server)) {
  console.error(`e2e: ${server} is missing; run "npm run build" first (npm run e2e does).`);
  process.exit(1);
}

// The HTTP suite names the folder (to read the outbox) and removes it itself.
const given = process.env.STOREFRONT_TEST_DATA_DIR;
const dataDir = given || mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
// Production, as deployed: a session secret is then required (a fresh one per run).
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  SESSION_SECRET: randomBytes(32).toString('base64url'),
  COOKIE_SECURE: '0',
  // The first owner (administrator of every site) the owner-area tests sign in as.
  OWNER_EMAIL: process.env.OWNER_EMAIL || 'owner@example.com',
  OWNER_PASSWORD: process.env.OWNER_PASSWORD || 'correct horse battery staple',
};
// A DATABASE_URL meant for integration tests is not the server's: it would share their state.
delete env.DATABASE_URL;

// Its own database on a real PostgreSQL, a copy of the migrated and seeded template of this checkout's
// db/ (made by whichever test process needs it first: tests/support/postgres-template.ts), so the
// server and sites.ts find the migrations applied and the demo seeded. Faster on a small machine: the
// embedded database runs in the server's own thread, a PostgreSQL in processes of its own
// (docs/decisions/0018-test-servers-on-postgresql.md). Dropped again when the server stops.
let dropThrowAway = async () => {};
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else if (process.env.STOREFRONT_TEST_POSTGRES) {
  const admin = process.env.STOREFRONT_TEST_POSTGRES;
  const { tsImport } = await import('tsx/esm/api');
  const pg = await tsImport('../support/postgres-template.ts', import.meta.url);
  const name = await pg.copyOfTemplate(admin, 'storefront_srv');
  env.DATABASE_URL = pg.databaseUrl(admin, name);
  dropThrowAway = () => pg.dropDatabase(admin, name);
}

// Playwright's run (E2E_SITES=N) gets one site per worker, made before the server opens the database
// (the embedded one admits one process at a time): tests/e2e/sites.ts.
if (process.env.E2E_SITES) {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/sites.ts'], { env, stdio: 'inherit' });
  if (made.status !== 0) {
    console.error('e2e: making the sites of the run failed');
    await dropThrowAway().catch(() => {});
    process.exit(1);
  }
}

const child = spawn(process.execPath, [server], { env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code, signal) => {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
  await dropThrowAway().catch((e) => console.error(`e2e: ${e.message}`));
  process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
});
