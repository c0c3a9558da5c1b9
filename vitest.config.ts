// Vitest: two projects. `unit` runs the unit, conformance and integration suites in-process;
// `http` drives the built app over real HTTP (tests/http, started by its global setup), so a route
// counts as tested only through the server that `npm start` runs. Playwright e2e runs separately.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Opening, migrating and seeding an embedded database in beforeAll takes seconds on a busy machine.
    hookTimeout: 120_000,
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
