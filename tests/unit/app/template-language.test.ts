// Highlighting of the template language in the theme editor (app/components/config/template-language.ts):
// directives, variables and formatters, strings, comments over several lines, literals, and plain
// text (CSS braces included) left alone.
import { classHighlighter, highlightTree } from '@lezer/highlight';
import { describe, expect, it } from 'vitest';
import { templateLanguage } from '../../../app/components/config/template-language.js';

function tokens(src: string): [string, string][] {
  const out: [string, string][] = [];
  highlightTree(templateLanguage.parser.parse(src), classHighlighter, (from, to, cls) => out.push([src.slice(from, to), cls]));
  return out;
}

describe('template language highlighting', () => {
  it('marks directives, variables, formatters and strings', () => {
    const t = tokens('{.repeated section items}<b>{title|htmlattr}</b>{.end}{.equal? a "x"}');
    expect(t).toContainEqual(['{.repeated section', 'tok-keyword']);
    expect(t).toContainEqual(['items', 'tok-variableName']);
    expect(t).toContainEqual(['htmlattr', 'tok-propertyName']);
    expect(t).toContainEqual(['{.end', 'tok-keyword']);
    expect(t).toContainEqual(['{.equal?', 'tok-keyword']);
    expect(t).toContainEqual(['"x"', 'tok-string']);
  });

  it('marks comments, a multi-line one included, and literals', () => {
    const t = tokens('{# one}\n{## two\nthree ##}{.space}');
    expect(t).toContainEqual(['{# one}', 'tok-comment']);
    expect(t).toContainEqual(['three ##}', 'tok-comment']);
    expect(t).toContainEqual(['{.space}', 'tok-atom']);
  });

  it('leaves text and CSS braces plain', () => {
    expect(tokens('a { color: red } <p>hi</p>')).toEqual([]);
  });
});
