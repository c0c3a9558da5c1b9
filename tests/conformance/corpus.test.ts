// Runs the shared conformance corpus through the engine: the pass rate must stay at 100%.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CASES_DIR, loadCases } from './cases.js';
import { runCase, shortDiff } from './runner.js';

const cases = loadCases(DEFAULT_CASES_DIR);

describe('conformance corpus', () => {
  if (cases.length === 0) {
    it('is skipped: the corpus folder is missing', () => {
      console.warn(`conformance corpus not found at ${DEFAULT_CASES_DIR}; skipped`);
      expect(cases.length).toBe(0);
    });
    return;
  }
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const r = runCase(c);
    expect(r.pass, shortDiff(c.output, r.output)).toBe(true);
  });
});
