// Vitest: unit, conformance and integration suites under tests/ (Playwright e2e runs separately).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
