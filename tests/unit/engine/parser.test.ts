// Parser: tags into nodes; invalid tags stay text; unknown names are syntax errors.
import { describe, expect, it } from 'vitest';
import { ALTERNATES, END, Parser, isSpace, parsePath } from '../../../engine/ts/parser.js';

const tables = { formatters: { html: 1, truncate: 1, json: 1 }, predicates: { 'equal?': 1 } };

/** Parses `{inner}` and checks that `op` always names what was returned. */
function p(inner: string) {
  const src = `{${inner}}`;
  const parser = new Parser(src, tables);
  const node = parser.parse(0, src.length);
  expect(parser.op).toBe(node.op);
  return { node, error: parser.error };
}
const text = (inner: string) => ({ op: 0, text: `{${inner}}` });

describe('parser', () => {
  it('parses variables with formatter chains and several variables', () => {
    expect(p('a.b|truncate 10 ...|html').node).toEqual({
      op: 1,
      vars: [['a', 'b']],
      fmt: [
        { name: 'truncate', args: ['10', '...'] },
        { name: 'html', args: [] },
      ],
    });
    expect(p('x, y').node).toEqual({ op: 1, vars: [['x'], ['y']], fmt: [] });
    expect(p('x ,\u00a0y').node).toEqual({ op: 1, vars: [['x'], ['y']], fmt: [] });
    expect(p('a|truncate:5:!').node).toMatchObject({ fmt: [{ name: 'truncate', args: ['5', '!'] }] });
    expect(p('a|html ').node).toMatchObject({ fmt: [{ name: 'html', args: [''] }] });
    expect(p('a|truncate\n5').node).toMatchObject({ fmt: [{ name: 'truncate', args: ['5'] }] });
  });
  it('keeps invalid references as literal text', () => {
    for (const s of ['_a', '-x', 'x ', ' x', 'x |html', 'x| html', 'a..b', 'a.', 'x||html', 'x|', 'x|html|', 'a,', 'a b', 'a?', '']) {
      expect(p(s)).toEqual({ node: text(s), error: null });
    }
  });
  it('reports unknown formatters and predicates, checking names left to right', () => {
    expect(p('x|bogus')).toEqual({ node: text('x|bogus'), error: "Formatter 'bogus' is unknown" });
    expect(p('x|bogus|').error).toBe("Formatter 'bogus' is unknown");
    expect(p('x||bogus').error).toBeNull();
    expect(p('.nope? a')).toEqual({
      node: { op: 4, pred: 'nope?', args: ['a'], body: [], alt: null },
      error: "Predicate 'nope?' is unknown",
    });
    expect(p('.if nope?').error).toBe("Predicate 'nope?' is unknown");
    expect(p('.or nope?').error).toBe("Predicate 'nope?' is unknown");
  });
  it('knows the names the tables inherit, as the published engine does', () => {
    expect(p('x|constructor').error).toBeNull();
  });
  it('answers repeated names the same way', () => {
    const src = '{x|html}{x|bogus}{x|html}{x|bogus}{.equal? a}{.nope?}{.equal? b}';
    const parser = new Parser(src, tables);
    const errors: (string | null)[] = [];
    for (let i = 0; i < src.length;) {
      const end = src.indexOf('}', i) + 1;
      parser.parse(i, end);
      errors.push(parser.error);
      i = end;
    }
    expect(errors).toEqual([
      null,
      "Formatter 'bogus' is unknown",
      null,
      "Formatter 'bogus' is unknown",
      null,
      "Predicate 'nope?' is unknown",
      null,
    ]);
  });
  it('parses block instructions', () => {
    expect(p('.section  a.b').node).toEqual({ op: 2, path: ['a', 'b'], body: [], alt: null });
    expect(p('.section\n\u00a0a').node).toEqual({ op: 2, path: ['a'], body: [], alt: null });
    expect(p('.repeated section items').node).toEqual({ op: 3, path: ['items'], body: [], alternates: null, alt: null });
    expect(p('.repeated section   items').node).toMatchObject({ op: 3, path: ['items'] });
    expect(p('.equal? a "b"').node).toEqual({ op: 4, pred: 'equal?', args: ['a', '"b"'], body: [], alt: null });
    expect(p('.equal?').node).toEqual({ op: 4, pred: 'equal?', args: [], body: [], alt: null });
    expect(p('.equal?:a:b').node).toMatchObject({ args: ['a', 'b'] });
    expect(p('.or').node).toEqual({ op: 5, pred: null, args: [], body: [], alt: null });
    expect(p('.or equal? a 1').node).toEqual({ op: 5, pred: 'equal?', args: ['a', '1'], body: [], alt: null });
    expect(p('.or\tequal? a').node).toMatchObject({ op: 5, pred: 'equal?' });
    expect(p('.if a && b || c').node).toEqual({
      op: 6,
      pred: null,
      args: [],
      paths: [['a'], ['b'], ['c']],
      ops: ['&&', '||'],
      body: [],
      alt: null,
    });
    expect(p('.if\na\t&&\u3000b').node).toMatchObject({ op: 6, paths: [['a'], ['b']], ops: ['&&'] });
    expect(p('.if equal? a').node).toEqual({ op: 6, pred: 'equal?', args: ['a'], paths: [], ops: [], body: [], alt: null });
    expect(p('.macro my-macro').node).toEqual({ op: 13, name: 'my-macro', body: [] });
  });
  it('parses the other instructions', () => {
    expect(p('.var @x a|json').node).toEqual({ op: 7, name: '@x', vars: [['a']], fmt: [{ name: 'json', args: [] }] });
    expect(p('.bindvar @x a, b').node).toEqual({ op: 8, name: '@x', vars: [['a'], ['b']], fmt: [] });
    expect(p('.ctx @c k=a.b  j=@').node).toEqual({
      op: 9,
      name: '@c',
      bindings: [
        ['k', ['a', 'b']],
        ['j', ['@']],
      ],
    });
    expect(p('.eval 1 +\n 2').node).toEqual({ op: 10, expr: '1 +\n 2', code: null, error: null });
    expect(p('.eval ').node).toEqual({ op: 10, expr: '', code: null, error: null });
    expect(p('.include part.html a b').node).toEqual({ op: 11, name: 'part.html', args: ['a', 'b'] });
    // Split on single spaces, as the published engine does: a second space makes an empty name.
    expect(p('.include  part.html a').node).toEqual({ op: 11, name: '', args: ['part.html', 'a'] });
    expect(p('.inject @f foo.json x').node).toEqual({ op: 12, name: '@f', path: 'foo.json', args: ['x'] });
    expect(p('.end').node).toBe(END);
    expect(p('.alternates with').node).toBe(ALTERNATES);
    expect(p('.alternates\nwith').node).toBe(ALTERNATES);
  });
  it('rejects malformed instructions as text', () => {
    for (const s of [
      '.end ',
      '.endx',
      '.section',
      '.section a ',
      '.repeated  section a',
      '.repeated\tsection a',
      '.repeated section',
      '.alternates',
      '.alternates with ',
      '.var @v',
      '.var @v x y',
      '.var @v  x',
      '.var\t@v x',
      '.var @v x\ny',
      '.var @ x',
      '.ctx @c',
      '.ctx @c k',
      '.ctx @c =a',
      '.ctx c k=a',
      '.ctx @c\tk=a',
      '.macro',
      '.macro a b',
      '.eval',
      '.include',
      '.inject @f',
      '.foo',
      '.if',
      '.if !a',
      '.if a &&',
      '.if a && ',
      '.if a&&b',
      '.if a &&b',
      '.if a b',
      '.or  equal? a',
      '.section a|b',
      '.',
    ]) {
      expect(p(s)).toEqual({ node: text(s), error: null });
    }
  });
  it('keeps predicate arguments on one line', () => {
    expect(p('.equal? a\nb').node).toEqual(text('.equal? a\nb'));
    expect(p('.or equal? a\u2028b').node).toEqual(text('.or equal? a\u2028b'));
    // .if then reads paths: `equal?` is none.
    expect(p('.if equal? a\nb').node).toEqual(text('.if equal? a\nb'));
  });
  it('turns literal instructions into their characters, and no other name', () => {
    expect(['.newline', '.space', '.tab', '.meta-left', '.meta-right'].map((s) => (p(s).node as { text: string }).text)).toEqual([
      '\n',
      ' ',
      '\t',
      '{',
      '}',
    ]);
    for (const s of ['.newline ', '.constructor', '.toString', '.__proto__', '.hasOwnProperty']) expect(p(s).node).toEqual(text(s));
  });
  it('parses paths', () => {
    expect(parsePath('@')).toEqual(['@']);
    expect(parsePath('@index')).toEqual(['@index']);
    expect(parsePath('a.0.b-c')).toEqual(['a', '0', 'b-c']);
    expect(parsePath('a@b._c')).toBeNull();
    expect(parsePath('xa.bx', 1, 4)).toEqual(['a', 'b']);
    for (const s of ['', 'a.', '.a', 'a..b', '_a', '-a', 'a b', 'é']) expect(parsePath(s)).toBeNull();
  });
  it('knows white space as JavaScript regular expressions do', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isSpace(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });
  it('remembers names per table: a name known to one table is unknown to another', () => {
    const other = { formatters: { json: 1 }, predicates: {} };
    for (let round = 0; round < 2; round++) {
      for (const [t, known] of [
        [tables, true],
        [other, false],
      ] as const) {
        const src = '{a|html}{.equal? x}';
        const parser = new Parser(src, t);
        parser.parse(0, 8);
        expect(parser.error).toBe(known ? null : "Formatter 'html' is unknown");
        parser.parse(8, src.length);
        expect(parser.error).toBe(known ? null : "Predicate 'equal?' is unknown");
      }
    }
  });
});
