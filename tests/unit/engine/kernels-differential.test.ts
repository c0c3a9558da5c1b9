// Every WASM kernel against its TypeScript reference on generated strings (non-ASCII, astral,
// lone surrogates, empty and huge), with the crossing threshold at 0 so that WASM does the work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tsKernels } from '../../../engine/ts/kernels.js';
import { setWasmMinLength, WASM_MIN_LENGTH, wasmKernels } from '../../../engine/wasm/kernels.js';

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc
    .array(
      fc.constantFrom(
        '<',
        '>',
        '&',
        '"',
        "'",
        '\\',
        '/',
        '</',
        ' ',
        '\t',
        '\n',
        '\u00a0',
        '\u3000',
        '\u2028',
        'é',
        '😀',
        'A',
        'z',
        '9',
        '-',
        '_',
        '\u0001',
        '\ud800',
        '\udc00',
      ),
      { maxLength: 60 },
    )
    .map((a) => a.join('')),
);
const same = (f: () => string, g: () => string) => {
  let a: string | Error;
  let b: string | Error;
  try {
    a = f();
  } catch (e) {
    a = e as Error;
  }
  try {
    b = g();
  } catch (e) {
    b = e as Error;
  }
  if (a instanceof Error || b instanceof Error) expect(String(a)).toBe(String(b));
  else expect(a).toBe(b);
};

describe('wasm kernels equal the ts kernels', () => {
  let saved = 0;
  beforeAll(() => {
    saved = WASM_MIN_LENGTH;
    setWasmMinLength(0);
  });
  afterAll(() => setWasmMinLength(saved));

  for (const k of ['escapeHtml', 'escapeAttr', 'escapeJson', 'encodeUriComponent', 'encodeUri', 'slugify'] as const) {
    it(k, () => {
      fc.assert(
        fc.property(text, (s) =>
          same(
            () => wasmKernels[k](s),
            () => tsKernels[k](s),
          ),
        ),
        { numRuns: 3000 },
      );
    });
  }
  it('truncate', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: -2, max: 90 }), fc.constantFrom('...', '', '…'), (s, n, e) =>
        same(
          () => wasmKernels.truncate(s, n, e),
          () => tsKernels.truncate(s, n, e),
        ),
      ),
      { numRuns: 3000 },
    );
  });
  it('groupDigits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{0,40}$/), fc.constantFrom(',', '.', '\u202f', "'"), (d, sep) =>
        same(
          () => wasmKernels.groupDigits(d, sep),
          () => tsKernels.groupDigits(d, sep),
        ),
      ),
      { numRuns: 2000 },
    );
  });
  it('agree on huge strings', () => {
    const huge = '<a href="x">Café & 😀</a>\n'.repeat(40_000);
    for (const k of ['escapeHtml', 'escapeAttr', 'escapeJson', 'encodeUriComponent', 'encodeUri', 'slugify'] as const) {
      expect(wasmKernels[k](huge) === tsKernels[k](huge)).toBe(true);
    }
    expect(wasmKernels.truncate(huge, 500_000, '...')).toBe(tsKernels.truncate(huge, 500_000, '...'));
  });
});
