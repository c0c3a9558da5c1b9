// Core formatters and predicates: through render() for behaviour in templates, and directly on a
// Context where the executor is not involved (apply's argument shape).
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/node.js';
import { Context } from '../../../../engine/ts/context.js';
import { tsKernels } from '../../../../engine/ts/kernels.js';
import { formatters } from '../../../../engine/ts/plugins/formatters/core.js';
import { predicates } from '../../../../engine/ts/plugins/predicates/core.js';
import { compareValues, toNumber } from '../../../../engine/ts/plugins/core/coerce.js';
import { leadingNumber as parseNumber } from '../../../../engine/ts/values.js';
import type { Formatter, Predicate } from '../../../../engine/ts/types.js';

const out = (tpl: string, json: unknown = {}) => render(tpl, json).output;

/** Runs one core formatter on a value with a fresh context over `root`. */
function fmt(name: string, value: unknown, args: string[] = [], root: unknown = {}) {
  const ctx = new Context({ root, kernels: tsKernels, locale: null });
  const vars = [{ value }];
  (formatters[name] as Formatter)(ctx, args, vars);
  return vars[0].value;
}

function pred(name: string, node: unknown, args: string[] = [], root: unknown = {}) {
  const ctx = new Context({ root, kernels: tsKernels, locale: null });
  ctx.push(node);
  return (predicates[name] as Predicate)(ctx, args);
}

describe('value coercions', () => {
  it('reads leading numbers, with an exponent only after a fraction', () => {
    expect(parseNumber('  12.5kg')).toBe(12.5);
    expect(parseNumber('4e3')).toBe(4);
    expect(parseNumber('4.0e3')).toBe(4000);
    expect(parseNumber('-.25')).toBe(-0.25);
    expect(parseNumber('0x1f')).toBe(0);
    expect(parseNumber('Infinity')).toBeNaN();
    expect(toNumber(true)).toBe(1);
    expect(toNumber([7])).toBe(0);
    expect(toNumber(null)).toBe(0);
  });
  it('orders by the type of the left operand', () => {
    expect(compareValues(7, '7')).toBe(0);
    expect(compareValues('7', 10)).toBe(1); // text order: "7" > "10"
    expect(compareValues(5, 'nope')).toBe(1); // NaN sorts after
    expect(compareValues(null, -100)).toBe(-1);
    expect(compareValues(undefined, null)).toBe(0);
    expect(compareValues(true, 'true')).toBe(0);
    expect(compareValues(true, 0.5)).toBe(1);
    expect(compareValues({ p: [1] }, { p: [1] })).toBe(0);
    expect(compareValues([2], [1])).toBe(-1);
  });
});

describe('escaping and text formatters', () => {
  const data = { s: `Fish & "Chips" <ok>`, n: 12.5, b: false, l: ['<'], o: { k: 1 } };
  it('html, htmlattr, htmltag escape text; non-text values print nothing', () => {
    expect(out('{s|html}|{s|htmlattr}|{s|htmltag}', data)).toBe(
      'Fish &amp; "Chips" &lt;ok&gt;|Fish &amp; &quot;Chips&quot; &lt;ok&gt;|Fish &amp; &quot;Chips&quot; &lt;ok&gt;',
    );
    expect(out('[{n|html}][{b|html}][{l|html}][{o|htmlattr}][{none|html}]', data)).toBe('[12.5][false][][][]');
  });
  it('str, safe, encode-space', () => {
    expect(out('[{n|str}][{l|str}][{o|str}]', data)).toBe('[12.5][][]');
    expect(out('{t|safe}', { t: 'a <b class="x">bold</b> c<d' })).toBe('a bold c<d');
    expect(out('{t|encode-space}', { t: 'a b\tc' })).toBe('a&nbsp;b&nbsp;c');
  });
  it('encode-uri, encode-uri-component and url-encode differ on reserved characters', () => {
    const d = { u: "a b/c?d=e&f@g!'()~*+é" };
    expect(out('{u|encode-uri}', d)).toBe("a%20b/c?d=e&f@g!'()~*+%C3%A9");
    expect(out('{u|encode-uri-component}', d)).toBe("a%20b%2Fc%3Fd%3De%26f%40g!'()~*%2B%C3%A9");
    expect(out('{u|url-encode}', d)).toBe('a%20b/c%3Fd%3De%26f@g%21%27%28%29%7E*+%C3%A9');
  });
  it('an encoder failing on a lone surrogate prints nothing and records an error', () => {
    const r = render('[{u|url-encode}]', { u: 'x\ud800' });
    expect(r.output).toBe('[]');
    expect(r.errors.length).toBe(1);
  });
  it('slugify and truncate use their defaults', () => {
    expect(out('{t|slugify}', { t: 'Summer Sale: 50% Off!' })).toBe('summer-sale-50-off');
    const long = 'word '.repeat(30);
    expect(out('{t|truncate}', { t: long })).toBe('word '.repeat(20) + '...');
    expect(out('{t|truncate 8}|{t|truncate 8 >>}|{t|truncate x}', { t: 'alpha beta gamma' })).toBe('alpha ...|alpha >>|alpha beta gamma');
    expect(fmt('truncate', [1, 2], ['0'])).toEqual([1, 2]);
  });
  it('smartypants curls quotes and makes em dashes', () => {
    expect(out('{t|smartypants}', { t: `"Hi," she said -- 'twas fine.` })).toBe('\u201cHi,\u201d she said \u2014 \u2019twas fine.');
    expect(out('{t|smartypants}', { t: `('a') ['b'] "c"` })).toBe('(\u2018a\u2019) [\u2018b\u2019] \u201cc\u201d');
  });
});

describe('json, json-pretty, raw', () => {
  it('escapes </ and keeps other characters', () => {
    expect(out('{v|json}', { v: { t: '</script>', u: 'é' } })).toBe('{"t":"<\\/script>","u":"é"}');
    expect(out('{v|json}', { v: 'a</b' })).toBe('"a<\\/b"');
    expect(out('{v|json-pretty}', { v: { a: [1] } })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
  it('missing values: json prints nothing, raw prints null', () => {
    expect(out('[{v|json}][{v|json-pretty}][{v|raw}]')).toBe('[][][null]');
    expect(out('{v|raw}', { v: '</x>' })).toBe('"</x>"');
  });
});

describe('numbers', () => {
  it('round, mod with default and invalid moduli', () => {
    expect(out('{a|round} {b|round} {c|round}', { a: 2.5, b: -2.5, c: '7.6 cm' })).toBe('3 -2 8');
    expect(out('{a|mod} {a|mod 4} {a|mod 0} {a|mod 4.9} {a|mod z}', { a: 11 })).toBe('1 3 1 3 1');
  });
  it('cycle picks the (n-1)-th arg, wrapping both ways', () => {
    expect(['1', '3', '4', '0', '-1', '1.5', 'x'].map((n) => String(fmt('cycle', Number(n), ['p', 'q', 'r'])))).toEqual([
      'p',
      'r',
      'p',
      'r',
      'q',
      'undefined',
      'undefined',
    ]);
  });
  it('pluralize with zero, one and two args', () => {
    expect(out('{a|pluralize}{b|pluralize}|{a|pluralize y ies}{b|pluralize y ies}|{b|pluralize es}', { a: 1, b: 3 })).toBe('s|yies|es');
  });
  it('count counts list items, object keys and string units', () => {
    expect(out('{a|count}{b|count}{c|count}{d|count}', { a: [1, 2], b: { x: 1, y: 2, z: 3 }, c: 'ab😀', d: 42 })).toBe('2340');
  });
});

describe('format and output', () => {
  it('substitutes {N} and {} from the args, dropping other braces', () => {
    const d = { m: '{1} owes {0} {2}; {}{x} {9}', who: 'Ann', amt: 5, cur: null };
    expect(out('{m|format who amt cur}', d)).toBe('5 owes Ann ; Ann ');
    expect(out('{m|format a}', { m: 'a{x{0}} b{{0}} c{0', a: 'Z' })).toBe('aZ} b} c');
  });
  it('output joins its args with spaces', () => {
    expect(out('{x|output one two}|{x|output:a:b}')).toBe('one two|a b');
  });
});

describe('structure: get, lookup, prop, key-by, iter', () => {
  const d = {
    ids: ['k1', 'k2'],
    by: { k1: { name: 'One' }, k2: { name: 'Two' }, 'a.b': 'dotted' },
    path: ['k2', 'name'],
    list: ['x', 'y', 'z'],
    key: 'a.b',
  };
  it('get follows resolved keys, spreading arrays; arrays need numbers', () => {
    expect(out('{.repeated section ids}{.var @v by|get @ path.1}{@v}{.var @w by|get @}{@w|json},{.end}', { ...d, path: [0, 'name'] })).toBe(
      'One{"name":"One"},Two{"name":"Two"},',
    );
    expect(out('{by|get path}|{by|get key}|{list|get one}|{list|get s}', { ...d, one: 1, s: '1' })).toBe('Two|dotted|y|');
  });
  it('get and lookup resolve their args inside the chain frame of a variable instruction', () => {
    const root = { k: 'outer', o: { k: 'inner', inner: 'I', outer: 'O' } };
    const ctx = new Context({ root, kernels: tsKernels, locale: null });
    const run = (name: string, value: unknown, chain: boolean) => {
      (ctx as unknown as { chain: unknown }).chain = chain ? { value: root.o } : null;
      const vars = [{ value }];
      (formatters[name] as Formatter)(ctx, ['k'], vars);
      return vars[0].value;
    };
    expect(run('get', root.o, true)).toBe('I');
    expect(run('get', root.o, false)).toBe('O');
    // lookup resolves the key path in the chain frame, not in the (possibly changed) value.
    expect(run('lookup', { inner: 'other' }, true)).toBe('I');
    expect(run('lookup', root.o, false)).toBe(undefined);
    expect(ctx.stack.length).toBe(1);
  });
  it('lookup resolves the arg text as a path, falling back to outer frames', () => {
    expect(
      out('{.section by}{.var @a @|lookup p}{.var @b @|lookup q}{@a}|{@b}{.end}', { ...d, p: 'k1.name', q: 'outer', outer: 'O' }),
    ).toBe('One|O');
    expect(fmt('lookup', { a: 1 }, [])).toBe('');
  });
  it('prop descends literal keys', () => {
    expect(out('{by|prop k1.name}|{by|prop k2 name}|{list|prop 02}|{list|prop length}', d)).toBe('One|Two|z|');
  });
  it('key-by indexes objects by a field, the last one winning', () => {
    const people = [{ id: 'a', n: 1 }, { id: 'b', n: 2 }, { id: 'a', n: 3 }, { n: 4 }, 'skip'];
    expect(fmt('key-by', people, ['id'])).toEqual({ a: { id: 'a', n: 3 }, b: { id: 'b', n: 2 } });
    expect(fmt('key-by', 'not a list', ['id'])).toEqual({});
  });
  it('iter prints the 1-based index of the innermost repeated section', () => {
    expect(out('{.repeated section list}{@|iter}{.end}[{list|iter}]', d)).toBe('123[]');
  });
});

describe('apply', () => {
  it('passes @args only when extra args are given, keeping k=v pairs as strings', () => {
    const seen: unknown[] = [];
    const ctx = new Context({ root: {}, kernels: tsKernels, locale: null });
    ctx.applyHook = (_c, name, node, args, isPrivate) => {
      seen.push([name, node, args, isPrivate]);
      return `<${name}>`;
    };
    const run = (args: string[]) => {
      const vars = [{ value: 'N' }];
      (formatters.apply as Formatter)(ctx, args, vars);
      return vars[0].value;
    };
    expect(run(['m'])).toBe('<m>');
    expect(run(['m', 'a=1', 'flag', 'b=x=y', 'private'])).toBe('<m>');
    expect(run([])).toBe('');
    expect(seen).toEqual([
      ['m', 'N', undefined, false],
      ['m', 'N', { a: '1', b: 'x=y' }, true],
    ]);
  });
  it('renders a macro on the value and feeds the result down the chain', () => {
    expect(out('{.macro tag}<{@}{.if @args.c} {@args.c}{.end}>{.end}{v|apply tag c=hot|html}', { v: 'x' })).toBe('&lt;x hot&gt;');
  });
});

describe('predicates', () => {
  const d = { a: 3, b: 4, s: 'beta', o: { x: [1, null] }, p: { x: [1, null] } };
  it('equal? and notEqual? compare two operands deeply, literals typed as JSON', () => {
    const t = (args: string) => out(`{.equal? ${args}}Y{.or}N{.end}`, d);
    expect(['a 3', 'a "3"', 'a b', 'o p', 's "beta"', 'missing null', 'a 3.0', "s 'beta'"].map(t).join('')).toBe('YNNYYYYN');
    expect(out('{.notEqual? a b}Y{.or}N{.end}{.notEqual?}Y{.or}N{.end}', d)).toBe('YN');
    expect(out('{.section a}{.equal? 3}Y{.or}N{.end}{.end}', d)).toBe('Y');
  });
  it('the ordering predicates, with one arg comparing the current node', () => {
    expect(
      out('{.greaterThan? b a}1{.end}{.lessThan? s "gamma"}2{.end}{.greaterThanOrEqual? a 3}3{.end}{.lessThanOrEqual? b 3}4{.end}', d),
    ).toBe('123');
    expect(pred('greaterThan?', 10, ['9'])).toBe(true);
    expect(pred('lessThan?', null, ['-5'])).toBe(true);
    expect(pred('lessThan?', 1, [])).toBe(false);
  });
  it('even?, odd?, nth? on integers only', () => {
    expect([4, 3, 2.5, '4', -3].map((v) => `${+pred('even?', v)}${+pred('odd?', v)}`).join(' ')).toBe('10 01 00 00 01');
    expect(pred('even?', 1, ['n'], { n: 8 })).toBe(true);
    expect(pred('even?', 1, ['8'])).toBe(false); // a path, not a literal
    expect(pred('nth?', 9, ['3'])).toBe(true);
    expect(pred('nth?', 9, ['1.5'])).toBe(false);
    expect(pred('nth?', 0, ['i', '2'], { i: 6 })).toBe(true);
    expect(pred('nth?', 0, ['i', '2', '3'], { i: 6 })).toBe(false);
  });
  it('plural?, singular? read the current node as a number; debug? reads `debug`', () => {
    expect([0, 1, 2, '1', '2.0', true, [5]].map((v) => `${+pred('plural?', v)}${+pred('singular?', v)}`).join(' ')).toBe(
      '00 01 10 01 10 01 00',
    );
    expect(pred('debug?', {}, [], { debug: 1 })).toBe(true);
    expect(pred('debug?', {}, [], {})).toBe(false);
  });
});
