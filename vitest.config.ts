// Vitest: two projects. `unit` runs the unit, conformance and integration suites in-process;
// `http` drives the built app over real HTTP (tests/http, started by its global setup), so a route
// counts as tested only through the server that `npm start` runs. Playwright e2e runs separately.
import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { scaled } from './tests/support/time-scale.js';

export default defineConfig({
  test: {
    // Generous: `npm test` runs the unit and HTTP suites side by side on two cores (ADR 0032), and a
    // PGlite start (migrate and seed, single-threaded) took over 60 s under that load. A test that
    // passes returns as soon as it can; only a hung one waits this long.
    testTimeout: scaled(150_000),
    // Opening, migrating and seeding an embedded database in beforeAll takes seconds on a busy machine.
    hookTimeout: scaled(120_000),
    // Vitest's default (one fork per core but one) leaves a 2-core machine with a single fork for
    // ~90 unit and integration files that mostly wait on imports and databases: two forks finished
    // them in 92 s where one took 221 s (session 10 measurement). The http project stays one fork.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/http/**', 'node_modules/**'],
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['tests/http/**/*.test.ts'],
          globalSetup: ['tests/http/support/global-setup.ts'],
          // One server for the whole suite; files run one at a time so rate limits and stock are predictable.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
