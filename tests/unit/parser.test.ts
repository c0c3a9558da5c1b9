// Parser: tags into instructions; invalid tags stay text; unknown names are syntax errors.
import { describe, expect, it } from 'vitest';
import { parseTag, parsePath } from '../../engine/ts/parser.js';

const tables = { formatters: { html: 1, truncate: 1, json: 1 }, predicates: { 'equal?': 1 } };
const p = (inner: string) => parseTag(inner, `{${inner}}`, tables);

describe('parser', () => {
  it('parses variables with formatter chains and several variables', () => {
    expect(p('a.b|truncate 10 ...|html').instr).toEqual({
      t: 'variable', vars: [['a', 'b']], fmt: [{ name: 'truncate', args: ['10', '...'] }, { name: 'html', args: [] }],
    });
    expect(p('x, y').instr).toEqual({ t: 'variable', vars: [['x'], ['y']], fmt: [] });
    expect(p('a|truncate:5:!').instr).toMatchObject({ fmt: [{ name: 'truncate', args: ['5', '!'] }] });
  });
  it('keeps invalid references as literal text', () => {
    for (const s of ['_a', '-x', 'x ', 'x |html', 'x| html', 'a..b', 'x||html', '']) {
      expect(p(s).instr).toEqual({ t: 'text', text: `{${s}}` });
    }
  });
  it('reports unknown formatters and predicates', () => {
    expect(p('x|bogus').error).toBe("Formatter 'bogus' is unknown");
    expect(p('.nope? a').error).toBe("Predicate 'nope?' is unknown");
  });
  it('parses block instructions', () => {
    expect(p('.section  a.b').instr).toEqual({ t: 'section', path: ['a', 'b'] });
    expect(p('.repeated section items').instr).toEqual({ t: 'repeated', path: ['items'] });
    expect(p('.equal? a "b"').instr).toEqual({ t: 'predicate', pred: 'equal?', args: ['a', '"b"'] });
    expect(p('.or').instr).toEqual({ t: 'or', pred: null, args: [] });
    expect(p('.or equal? a 1').instr).toEqual({ t: 'or', pred: 'equal?', args: ['a', '1'] });
    expect(p('.if a && b || c').instr).toEqual({ t: 'if', pred: null, args: [], paths: [['a'], ['b'], ['c']], ops: ['&&', '||'] });
    expect(p('.var @x a|json').instr).toEqual({ t: 'var', name: '@x', vars: [['a']], fmt: [{ name: 'json', args: [] }] });
    expect(p('.ctx @c k=a.b').instr).toEqual({ t: 'ctx', name: '@c', bindings: [['k', ['a', 'b']]] });
    expect(p('.macro my-macro').instr).toEqual({ t: 'macro', name: 'my-macro' });
    expect(p('.inject @f foo.json').instr).toEqual({ t: 'inject', name: '@f', path: 'foo.json', args: [] });
  });
  it('rejects malformed block instructions as text', () => {
    for (const s of ['.end ', '.section a ', '.repeated  section a', '.var @v', '.var @v x y', '.ctx @c', '.macro', '.foo', '.if !a']) {
      expect(p(s).instr.t).toBe('text');
    }
  });
  it('turns literal instructions into their characters', () => {
    expect(['.newline', '.space', '.tab', '.meta-left', '.meta-right'].map((s) => (p(s).instr as { text: string }).text)).toEqual(['\n', ' ', '\t', '{', '}']);
  });
  it('parses paths', () => {
    expect(parsePath('@')).toEqual(['@']);
    expect(parsePath('@index')).toEqual(['@index']);
    expect(parsePath('a.0.b-c')).toEqual(['a', '0', 'b-c']);
    expect(parsePath('a.')).toBeNull();
  });
});
