// Scanner: instruction boundaries, comments, and braces that stay literal text.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scan, lineColumn, TOK_TEXT, TOK_TAG, TOK_COMMENT, TOK_MCOMMENT } from '../../../engine/ts/scanner.js';
import { wasmScan } from '../../../engine/wasm/scanner.js';

function tokens(src: string) {
  const t = scan(src);
  const out: [number, string][] = [];
  for (let i = 0; i < t.length; i += 3) out.push([t[i], src.slice(t[i + 1], t[i + 2])]);
  return out;
}

describe('scanner', () => {
  it('splits text and tags', () => {
    expect(tokens('a {b} c')).toEqual([
      [TOK_TEXT, 'a '],
      [TOK_TAG, '{b}'],
      [TOK_TEXT, ' c'],
    ]);
  });
  it('keeps a brace literal when another brace comes before the closing one; newlines may stand inside a tag', () => {
    expect(tokens('{x{y}')).toEqual([
      [TOK_TEXT, '{x'],
      [TOK_TAG, '{y}'],
    ]);
    expect(tokens('{x\n}')).toEqual([[TOK_TAG, '{x\n}']]);
    expect(tokens('{{y}}')).toEqual([
      [TOK_TEXT, '{'],
      [TOK_TAG, '{y}'],
      [TOK_TEXT, '}'],
    ]);
    expect(tokens('open { only')).toEqual([[TOK_TEXT, 'open { only']]);
  });
  it('finds single-line and multi-line comments, even across lines', () => {
    expect(tokens('a{# note }b')).toEqual([
      [TOK_TEXT, 'a'],
      [TOK_COMMENT, '{# note }'],
      [TOK_TEXT, 'b'],
    ]);
    expect(tokens('{## a }\n b ##}c')).toEqual([
      [TOK_MCOMMENT, '{## a }\n b ##}'],
      [TOK_TEXT, 'c'],
    ]);
    expect(tokens('{# spans\n lines}')).toEqual([[TOK_COMMENT, '{# spans\n lines}']]);
  });
  it('resumes after tags, comments and unclosed openers (the cached brace searches)', () => {
    expect(tokens('}{a}}{b}')).toEqual([
      [TOK_TEXT, '}'],
      [TOK_TAG, '{a}'],
      [TOK_TEXT, '}'],
      [TOK_TAG, '{b}'],
    ]);
    expect(tokens('{#x}{y}{')).toEqual([
      [TOK_COMMENT, '{#x}'],
      [TOK_TAG, '{y}'],
      [TOK_TEXT, '{'],
    ]);
    expect(tokens('{## x {a}')).toEqual([
      [TOK_TEXT, '{## x '],
      [TOK_TAG, '{a}'],
    ]);
    expect(tokens('{# x {a}{b}')).toEqual([
      [TOK_COMMENT, '{# x {a}'],
      [TOK_TAG, '{b}'],
    ]);
    expect(tokens('{a{b{c}d}')).toEqual([
      [TOK_TEXT, '{a{b'],
      [TOK_TAG, '{c}'],
      [TOK_TEXT, 'd}'],
    ]);
    expect(tokens('{a} {b')).toEqual([
      [TOK_TAG, '{a}'],
      [TOK_TEXT, ' {b'],
    ]);
  });
  it('reports 1-based line and column', () => {
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('x', 0)).toEqual({ line: 1, column: 1 });
  });
  it('handles the empty source and astral characters', () => {
    expect(tokens('')).toEqual([]);
    expect(tokens('😀{a}😀')).toEqual([
      [TOK_TEXT, '😀'],
      [TOK_TAG, '{a}'],
      [TOK_TEXT, '😀'],
    ]);
  });
  it('agrees with the WASM scanner, which reads braces 32 bytes at a time', () => {
    // Sources of braces, hashes, multi-byte characters and filler, long enough to cross blocks.
    const piece = fc.constantFrom('{', '}', '#', '##}', '{#', '{##', '{.end}', 'a', ' ', '\n', 'é', '€', '😀', 'x'.repeat(29));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const src = parts.join('');
        expect(Array.from(wasmScan(src))).toEqual(scan(src));
      }),
      { numRuns: 3000 },
    );
  });
});
