// WASM vs TypeScript backend: identical outputs and errors on the whole corpus and on generated
// templates and inputs (non-ASCII, astral, lone surrogates, huge and empty strings).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compile, render } from '../../engine/node.js';
import { scan } from '../../engine/ts/scanner.js';
import { wasmScan } from '../../engine/wasm/scanner.js';
import { DEFAULT_CASES_DIR, loadCases } from './cases.js';
import { runCase } from './runner.js';

const cases = loadCases(DEFAULT_CASES_DIR);

describe('wasm and ts backends agree on the corpus', () => {
  if (cases.length === 0) {
    // A clone without ../shared says it skipped; CI (CI set) must never pass without the files.
    it(process.env.CI ? 'has its files (CI runs them)' : 'is skipped: the corpus folder is missing', () => {
      if (process.env.CI) expect.fail(`conformance corpus not found at ${DEFAULT_CASES_DIR}: CI needs them`);
      console.warn(`conformance corpus not found at ${DEFAULT_CASES_DIR}; skipped`);
    });
    return;
  }
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_n, c) => {
    const ts = runCase(c, 'ts');
    const wasm = runCase(c, 'wasm');
    expect(wasm.output).toBe(ts.output);
    expect(wasm.errors).toEqual(ts.errors);
  });
});

const fragment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom(
    '{',
    '}',
    '{#',
    '{##',
    '##}',
    '\n',
    '{a}',
    '{.section a}',
    '{.end}',
    '{a|html}',
    '{a|json}',
    '{.or}',
    'é',
    '😀',
    '\ud800',
    '{@}',
    '{.repeated section l}',
    '{a|truncate 3}',
    '{a|slugify}',
    '{a|htmlattr}',
    '{a|url-encode}',
  ),
);
const template = fc.array(fragment, { maxLength: 24 }).map((a) => a.join(''));
const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constant(''),
);
const huge = ['', 'x'.repeat(70_000) + '{a}', '{a}'.repeat(5000), 'é{a|html}'.repeat(3000) + '😀'.repeat(2000), '{'.repeat(100_000)];

describe('wasm and ts backends agree on generated input (property)', () => {
  it('agree on huge and empty templates and values', () => {
    const both = (src: string, a: string) => {
      const rt = render(compile(src, { backend: 'ts' }).code, { a }, { backend: 'ts' });
      const rw = render(compile(src, { backend: 'wasm' }).code, { a }, { backend: 'wasm' });
      expect(rw.output === rt.output).toBe(true);
      expect(rw.errors).toEqual(rt.errors);
    };
    for (const src of huge) {
      expect(Array.from(wasmScan(src))).toEqual(scan(src));
      both(src, '<é😀&>');
    }
    for (const a of ['', 'y'.repeat(300_000), '<é😀&"\ud800>'.repeat(30_000)]) {
      both('{a}{a|html}{a|htmlattr}{a|json}{a|slugify}{a|truncate 50}{a|url-encode}', a);
    }
  });
  it('scan to the same tokens', () => {
    fc.assert(
      fc.property(template, (src) => {
        expect(Array.from(wasmScan(src))).toEqual(scan(src));
      }),
      { numRuns: 10_000 },
    );
  });
  it('compile and render to the same output and errors', () => {
    fc.assert(
      fc.property(template, value, fc.array(value, { maxLength: 3 }), (src, a, l) => {
        const json = { a, l };
        const ts = compile(src, { backend: 'ts' });
        const wasm = compile(src, { backend: 'wasm' });
        expect(wasm).toEqual(ts);
        const rt = render(ts.code, json, { backend: 'ts' });
        const rw = render(wasm.code, json, { backend: 'wasm' });
        expect(rw).toEqual(rt);
      }),
      { numRuns: 10_000 },
    );
  });
});
