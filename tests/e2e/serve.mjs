// Starts the built app for an e2e run (and for the HTTP suite): the production server on PORT with a fresh embedded database in a
// temporary DATA_DIR, removed when the run stops the server, so runs never share state.
import { spawn } from 'node:child_process';
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
// The journeys run on the embedded database: a DATABASE_URL meant for integration tests is not theirs.
delete env.DATABASE_URL;
if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;

const child = spawn(process.execPath, [server], { env, stdio: 'inherit' });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code, signal) => {
  if (!given) rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal === 'SIGTERM' ? 0 : 1));
});
