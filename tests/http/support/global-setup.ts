// Global setup of the HTTP suite: starts the built app exactly as the e2e journeys do
// (tests/e2e/serve.mjs: the production server on a free port, a fresh embedded database in a
// temporary folder) and hands its base URL to the tests through `inject('baseUrl')`.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitUntilServing } from './spawn-server.js';
import { scaled } from '../../support/time-scale.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's DATA_DIR (its outbox of emails is DATA_DIR/outbox). */
    dataDir: string;
  }
}

let child: ChildProcess | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync('build/server/index.js')) {
    throw new Error('The HTTP suite drives the built app: run "npm run build" first (npm test does).');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const stderr: string[] = [];
  // Vitest puts Vite's own variables (BASE_URL='/', MODE, DEV, PROD, SSR) into process.env: they are not the server's.
  const dataDir = mkdtempSync(join(tmpdir(), 'storefront-http-'));
  const env: Record<string, string | undefined> = { ...process.env, PORT: String(port), STOREFRONT_TEST_DATA_DIR: dataDir };
  // No mail server: the outbox writes .eml files the tests read.
  delete env.SMTP_URL;
  // One proxy hop believed: each test visitor sends an address of its own (support/client.ts).
  env.TRUST_PROXY = '1';
  // Visitors who come in as `localhost` are on an internal host (experiment overrides, SPEC 6).
  env.INTERNAL_HOSTS = 'localhost';
  for (const k of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR']) delete env[k];
  // HTTP_SERVER_WORKERS=N: the suite's server runs N workers (WEB_CONCURRENCY), on a PostgreSQL only
  // (serve.mjs makes one when STOREFRONT_TEST_POSTGRES is set); the embedded database serves one process.
  delete env.WEB_CONCURRENCY;
  const workers = process.env.HTTP_SERVER_WORKERS;
  if (workers && workers !== '1') {
    if (!process.env.STOREFRONT_TEST_POSTGRES && !process.env.E2E_DATABASE_URL) {
      throw new Error('HTTP_SERVER_WORKERS needs a PostgreSQL for the server: set STOREFRONT_TEST_POSTGRES too.');
    }
    env.WEB_CONCURRENCY = workers;
    // Which worker answered (X-Storefront-Worker): tests that hold whichever answers can tell.
    env.STOREFRONT_WORKER_HEADER = '1';
  }
  // Vitest's own variables would make the server think it runs under a test (silent logs).
  for (const k of Object.keys(env)) if (k.startsWith('VITEST')) delete env[k];
  child = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr.push(d.toString());
    if (process.env.HTTP_SERVER_LOG) process.stderr.write(d);
  });
  try {
    await waitUntilServing(`${baseUrl}/healthz`, child, () => stderr.join(''), { answers: (r) => r.status < 500 });
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    const c = child;
    const removeData = () => rmSync(dataDir, { recursive: true, force: true });
    if (!c || c.exitCode !== null) return removeData();
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        c.kill('SIGKILL');
        resolve();
      }, scaled(10_000));
      c.once('exit', () => {
        clearTimeout(t);
        resolve();
      });
      c.kill('SIGTERM');
    });
    removeData();
  };
}
