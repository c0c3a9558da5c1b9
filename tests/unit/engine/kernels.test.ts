// The TypeScript string kernels: escaping, JSON string bodies, slugify, truncate, digit grouping.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tsKernels as k } from '../../../engine/ts/kernels.js';

describe('escapeHtml / escapeAttr', () => {
  it('escapes only & < > in text, and also " in attributes', () => {
    expect(k.escapeHtml(`Tom & "Jerry" <3 'x'>`)).toBe(`Tom &amp; "Jerry" &lt;3 'x'&gt;`);
    expect(k.escapeAttr(`Tom & "Jerry" <3 'x'>`)).toBe(`Tom &amp; &quot;Jerry&quot; &lt;3 'x'&gt;`);
  });
  it('returns the same string when nothing needs escaping', () => {
    const s = 'plain text, no specials';
    expect(k.escapeHtml(s)).toBe(s);
    expect(k.escapeAttr(s)).toBe(s);
  });
  it('agrees with a naive replace chain on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const h = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        expect(k.escapeHtml(s)).toBe(h);
        expect(k.escapeAttr(s)).toBe(h.replace(/"/g, '&quot;'));
      }),
    );
  });
});

describe('escapeJson', () => {
  it('writes a JSON string body with </ escaped and U+2028 kept', () => {
    expect(k.escapeJson('say "hi"</p>\n')).toBe('say \\"hi\\"<\\/p>\\n');
    expect(k.escapeJson('a\u2028b/c')).toBe('a\u2028b/c');
    expect(k.escapeJson('\u0001\ud800é😀')).toBe('\\u0001\\ud800é😀');
  });
  it('round-trips through JSON.parse', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(JSON.parse('"' + k.escapeJson(s) + '"')).toBe(s);
      }),
    );
  });
});

describe('slugify', () => {
  it('keeps ASCII letters, digits and hyphens; a white-space run becomes one hyphen', () => {
    expect(k.slugify('  Grilled Cheese, Extra!  ')).toBe('-grilled-cheese-extra-');
    expect(k.slugify('a - b')).toBe('a---b');
    expect(k.slugify('snake_case\tand\nlines')).toBe('snakecase-and-lines');
  });
  it('drops non-ASCII letters, and dropped characters do not split a space run', () => {
    expect(k.slugify('Café Olé ñ ü done')).toBe('caf-ol-done');
    expect(k.slugify('x\u00a0y\u3000z')).toBe('x-y-z');
    expect(k.slugify('\u212aelvin')).toBe('elvin');
  });
});

describe('truncate', () => {
  it('leaves short text alone and cuts long text after the last space of the cut', () => {
    expect(k.truncate('short', 5, '...')).toBe('short');
    expect(k.truncate('one two three', 9, '...')).toBe('one two ...');
    expect(k.truncate('one two three', 7, '...')).toBe('one ...');
  });
  it('cuts mid-word when the cut has no ASCII white space', () => {
    expect(k.truncate('abcdefgh', 3, '~')).toBe('abc~');
    expect(k.truncate('ab\u00a0cdefgh', 5, '')).toBe('ab\u00a0cd');
    expect(k.truncate('ab\ncdefgh', 5, '')).toBe('ab\n');
  });
  it('ignores a length that is not positive', () => {
    expect(k.truncate('abcdef', 0, '...')).toBe('abcdef');
    expect(k.truncate('abcdef', NaN, '...')).toBe('abcdef');
  });
});

describe('encoders and groupDigits', () => {
  it('percent-encodes like encodeURI / encodeURIComponent and throws on lone surrogates', () => {
    expect(k.encodeUri('a b/c?d=é')).toBe('a%20b/c?d=%C3%A9');
    expect(k.encodeUriComponent('a b/c?d=é')).toBe('a%20b%2Fc%3Fd%3D%C3%A9');
    expect(() => k.encodeUriComponent('\ud800')).toThrow();
  });
  it('groups digits by three from the right', () => {
    expect(k.groupDigits('1234567', ',')).toBe('1,234,567');
    expect(k.groupDigits('123', ',')).toBe('123');
    expect(k.groupDigits('12345', '\u00a0')).toBe('12\u00a0345');
  });
});
