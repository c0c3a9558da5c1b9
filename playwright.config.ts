// Playwright: every storefront journey in Debian's Chromium, once with JavaScript on and once off,
// against the built app started on a free port with a fresh embedded database.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { scaled } from './tests/support/time-scale.js';

// Workers load this file again: the port chosen by the runner travels to them in the environment.
if (!process.env.E2E_PORT) {
  process.env.E2E_PORT = execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}
const port = Number(process.env.E2E_PORT);
// The server's data folder, named here so the owner journeys can read its outbox (invitations);
// removed by tests/e2e/teardown.ts.
process.env.E2E_DATA_DIR ||= mkdtempSync(join(tmpdir(), 'storefront-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
// Each worker's journeys run on a site of that worker's own (tests/e2e/fixtures.ts), which the server
// makes at start: the count is set here (E2E_WORKERS), not with --workers.
const workers = Number(process.env.E2E_WORKERS) || 3;

// Playwright cannot download its own browser here; Debian's chromium package is the browser.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: scaled(30_000),
  expect: { timeout: scaled(10_000) },
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers,
  reporter: [['list'], ['./tests/e2e/summary-reporter.ts']],
  globalTeardown: './tests/e2e/teardown.ts',
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    // A failed journey keeps its trace (actions, DOM snapshots, network, console: how CI flakes were
    // diagnosed) but not the screencast: its screenshots were taken for every journey and thrown away
    // on success: 14 % of the CPU of a11y and cart, both projects (75 s down to 64 s; no trace at all: 58 s).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true } },
    // What exists only with JavaScript (the browser build of the engine, the live theme preview,
    // Quill) has no journey without it: such specs are named *.js-only.spec.ts.
    { name: 'no-js', use: { javaScriptEnabled: false }, testIgnore: ['**/engine-browser.spec.ts', '**/*.js-only.spec.ts'] },
  ],
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `${baseURL}/`,
    // TRUST_PROXY: a journey may come from an address of its own (X-Forwarded-For), as the HTTP suite's
    // visitors do, so per-address limits are not shared by every browser of the run (all on 127.0.0.1).
    env: { PORT: String(port), STOREFRONT_TEST_DATA_DIR: process.env.E2E_DATA_DIR, E2E_SITES: String(workers), TRUST_PROXY: '1' },
    timeout: scaled(120_000),
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
