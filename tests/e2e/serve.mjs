// Starts the built app for an e2e run (and for the HTTP suite): the production server on PORT with a
// fresh database, removed when the run stops the server, so runs never share state. The database is
// the embedded one in a temporary DATA_DIR, or, when STOREFRONT_TEST_POSTGRES names a PostgreSQL
// server (.ci/run sets it when one answers), a throw-away database made there for this server.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';

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

/** Runs one statement as the admin of STOREFRONT_TEST_POSTGRES. */
async function admin(statement) {
  const sql = postgres(process.env.STOREFRONT_TEST_POSTGRES, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 2 }).catch(() => {});
  }
}

// Its own database on a real PostgreSQL: the server migrates and seeds it as it would the embedded
// one. Faster on a small machine: the embedded database runs in the server's own thread, a
// PostgreSQL in processes of its own (docs/decisions/0018-test-servers-on-postgresql.md).
let throwAway = null;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
else if (process.env.STOREFRONT_TEST_POSTGRES) {
  throwAway = `storefront_srv_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${throwAway}`);
  const url = new URL(process.env.STOREFRONT_TEST_POSTGRES);
  url.pathname = `/${throwAway}`;
  env.DATABASE_URL = url.toString();
}

// Playwright's run (E2E_SITES=N) gets one site per worker, made before the server opens the database
// (the embedded one admits one process at a time): tests/e2e/sites.ts.
if (process.env.E2E_SITES) {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'tests/e2e/sites.ts'], { env, stdio: 'inherit' });
  if (made.status !== 0) {
    console.error('e2e: making the sites of the run failed');
    if (throwAway) await admin(`drop database if exists ${throwAway} with (force)`).catch(() => {});
    process.exit(1);
  }
}

const child = spawn(process.execPath, [server], { env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code, signal) => {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
  if (throwAway) await admin(`drop database if exists ${throwAway} with (force)`).catch((e) => console.error(`e2e: ${e.message}`));
  process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
});
