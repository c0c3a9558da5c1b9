// The versions screen's line diff (app/config/theme-diff.ts): changed, added and removed lines with
// their numbers on each side, and context around them.
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../app/config/theme-diff.js';

const show = (a: string, b: string) => unifiedDiff(a, b).map((h) => h.lines.map((l) => `${l.op}${l.text}`));

describe('unifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(unifiedDiff('a\nb', 'a\nb')).toEqual([]);
  });
  it('shows a changed line as removed then added, with context', () => {
    expect(show('a\nb\nc\n', 'a\nB\nc\n')).toEqual([[' a', '-b', '+B', ' c', ' ']]);
  });
  it('shows lines added at the end and removed in the middle, numbered on each side', () => {
    const [h] = unifiedDiff('one\ntwo\nthree', 'one\nthree\nfour');
    expect(h.lines.map((l) => [l.op, l.text, l.oldLine, l.newLine])).toEqual([
      [' ', 'one', 1, 1],
      ['-', 'two', 2, null],
      [' ', 'three', 3, 2],
      ['+', 'four', null, 3],
    ]);
  });
  it('splits far-apart changes into hunks', () => {
    const a = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n');
    const b = a.replace('line 2\n', 'line two\n').replace('line 27', 'line twenty-seven');
    const hunks = show(a, b);
    expect(hunks).toHaveLength(2);
    expect(hunks[0]).toContain('-line 2');
    expect(hunks[1]).toContain('+line twenty-seven');
  });
});
