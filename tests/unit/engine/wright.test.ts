// Renders the real commerce page of ../shared/bench (wright) and compares it byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, render } from '../../../engine/node.js';

const dir = resolve(__dirname, '../../../../shared/bench');
const present = existsSync(resolve(dir, 'wright.html'));

describe('wright page', () => {
  if (!present) {
    // A clone without ../shared says it skipped; CI (CI set) must never pass without the files.
    it(process.env.CI ? 'has its files (CI runs them)' : 'is skipped: ../shared/bench is missing', () => {
      if (process.env.CI) expect.fail(`wright bench files not found at ${dir}: CI needs them`);
      console.warn(`wright bench files not found at ${dir}; skipped`);
    });
    return;
  }
  it('renders wright.expected.html byte for byte, with no errors', () => {
    const read = (f: string) => readFileSync(resolve(dir, f), 'utf8');
    const partialSources: Record<string, string> = JSON.parse(read('wright-partials.json'));
    const partials = Object.fromEntries(Object.entries(partialSources).map(([k, v]) => [k, compile(v).code]));
    const { code, errors: compileErrors } = compile(read('wright.html'));
    expect(compileErrors).toEqual([]);
    const { output, errors } = render(code, JSON.parse(read('wright.json')), { locale: 'en', partials, enableExpr: true });
    expect(errors).toEqual([]);
    expect(output).toBe(read('wright.expected.html'));
  });
});
