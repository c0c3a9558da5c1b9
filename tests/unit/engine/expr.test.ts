// The expression language of {.eval}: compiled and evaluated directly on a Context, and through
// render() where the template around it matters.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { render } from '../../../engine/node.js';
import { Context } from '../../../engine/ts/context.js';
import { tsKernels } from '../../../engine/ts/kernels.js';
import { compileExpr, evalExpr, type ExprOptions } from '../../../engine/ts/expr.js';

const DATA = {
  pet: { legs: 4, name: 'Rex', tags: ['a', 'b'] },
  price: '12.5',
  hex: '0x1f',
  spaced: ' 7 ',
  nothing: null,
  yes: true,
  list: [10, 20, 30],
};

/** Compiles and runs one expression; returns the output and the error messages. */
function run(src: string, root: unknown = DATA, opts?: ExprOptions, ctx?: Context) {
  const c = ctx ?? new Context({ root, kernels: tsKernels, locale: null });
  const { code, error } = compileExpr(src, opts);
  let out = '';
  if (error !== null) c.error(error);
  else out = evalExpr(code, c, opts);
  return { out, errors: c.errors.map((e) => e.message) };
}

const ev = (src: string, root?: unknown) => run(src, root).out;

describe('literals and printing', () => {
  it('reads decimal, hex and exponent numbers and prints them as JavaScript does', () => {
    expect(ev('42')).toBe('42');
    expect(ev('0x2A')).toBe('42');
    expect(ev('2.50')).toBe('2.5');
    expect(ev('7.')).toBe('7');
    expect(ev('25e-1')).toBe('2.5');
    expect(ev('2 ** 70')).toBe('1.1805916207174113e+21');
    expect(ev('0.2 + 0.1')).toBe('0.30000000000000004');
    expect(ev('-0')).toBe('0');
    expect(ev('E')).toBe(String(Math.E));
    expect(ev('PI')).toBe(String(Math.PI));
  });
  it('prints booleans, NaN and Infinity, and nothing for null', () => {
    expect(ev('true')).toBe('true');
    expect(ev('NaN')).toBe('NaN');
    expect(ev('-Infinity')).toBe('-Infinity');
    expect(ev('null')).toBe('');
  });
  it('decodes string escapes in either quote', () => {
    expect(ev(`'it\\'s'`)).toBe("it's");
    expect(ev('"tab\\there"')).toBe('tab\there');
    expect(ev('"\\u0041\\x42"')).toBe('AB');
    expect(ev('"\\q\\b\\0"')).toBe('qb0');
  });
});

describe('operators', () => {
  it('follows JavaScript precedence, with prefix operators above **', () => {
    expect(ev('2 + 3 * 4')).toBe('14');
    expect(ev('(2 + 3) * 4')).toBe('20');
    expect(ev('2 ** 3 ** 2')).toBe('512');
    expect(ev('-3 ** 2')).toBe('9');
    expect(ev('12 - 4 - 3')).toBe('5');
    expect(ev('7 & 3 == 3')).toBe('1');
    expect(ev('1 | 6 ^ 3 & 5')).toBe('7');
    expect(ev('3 < 4 == true')).toBe('true');
  });
  it('concatenates when either side of + is a string', () => {
    expect(ev('1 + price')).toBe('112.5');
    expect(ev('price + 1')).toBe('12.51');
    expect(ev('"n" + null + true')).toBe('nnulltrue');
  });
  it('reads strings strictly as numbers for arithmetic', () => {
    expect(ev('price * 2')).toBe('25');
    expect(ev('hex - 1')).toBe('30');
    expect(ev('spaced * 1')).toBe('NaN');
    expect(ev('"" * 1')).toBe('0');
    expect(ev('-"-0x10"')).toBe('16');
  });
  it('compares and tests equality as JavaScript does on plain values', () => {
    expect(ev('spaced == 7')).toBe('true');
    expect(ev('"10" < "9"')).toBe('true');
    expect(ev('"1" === 1')).toBe('false');
    expect(ev('nothing == missing')).toBe('true');
    expect(ev('NaN != NaN')).toBe('true');
  });
  it('returns booleans from && and ||', () => {
    expect(ev('0 || "x"')).toBe('true');
    expect(ev('"0" && 1')).toBe('true');
  });
  it('works on 32-bit integers for bitwise operators', () => {
    expect(ev('~5')).toBe('-6');
    expect(ev('1 << 33')).toBe('2');
    expect(ev('-16 >> 2')).toBe('-4');
    expect(ev('2147483648 | 0')).toBe('-2147483648');
  });
  it('keeps the published quirk that ~ on a variable acts on NaN', () => {
    expect(ev('~pet.legs')).toBe('-1');
    expect(ev('~(pet.legs + 0)')).toBe('-5');
  });
});

describe('variables', () => {
  it('resolves dotted paths, indexes and @ names through the context', () => {
    expect(ev('pet.legs * 2')).toBe('8');
    expect(ev('list.2')).toBe('30');
    expect(ev('pet.tags.1')).toBe('b');
    expect(ev('missing.thing')).toBe('');
  });
  it('reports an object or array left as the result', () => {
    const r = run('pet');
    expect(r.out).toBe('');
    expect(r.errors).toEqual(['Error reducing expression: pet: Reduce error: unexpected token on stack']);
  });
  it('assigns @names in the current frame, printing nothing', () => {
    const ctx = new Context({ root: DATA, kernels: tsKernels, locale: null });
    expect(run('@w = pet.legs * 3', DATA, undefined, ctx).out).toBe('');
    expect(ctx.resolveName('@w')).toBe(12);
    expect(run('@w = @w + 1; @w', DATA, undefined, ctx).out).toBe('13');
  });
  it('ends an expression at an assignment and binds only plain values to plain @names', () => {
    expect(ev('@a = @b = 5; @b')).toBe('5');
    expect(ev('@a = @b = 5; @a')).toBe('');
    expect(ev('(@a = 2) + 40')).toBe('');
    expect(ev('@a = pet; str(@a)')).toBe('null');
    expect(ev('pet.legs = 1; pet.legs')).toBe('4');
  });
  it('undoes the bindings of an evaluation that fails', () => {
    const ctx = new Context({ root: DATA, kernels: tsKernels, locale: null });
    ctx.setVar('@keep', 'old');
    const r = run('@keep = 1; @fresh = 2; max()', DATA, undefined, ctx);
    expect(r.out).toBe('');
    expect(ctx.resolveName('@keep')).toBe('old');
    expect(ctx.resolveName('@fresh')).toBeUndefined();
  });
  it('prints the last expression of a sequence', () => {
    expect(ev('1; 2; 3')).toBe('3');
    expect(ev('5; ;')).toBe('5');
    expect(ev('5; @x = 1')).toBe('');
    expect(ev('1 2 3')).toBe('3');
  });
});

describe('functions', () => {
  it('converts with num, str and bool', () => {
    expect(ev('num(price) + 1')).toBe('13.5');
    expect(ev('num(spaced)')).toBe('NaN');
    expect(ev('str(nothing)')).toBe('null');
    expect(ev('str(12) + 1')).toBe('121');
    expect(ev('bool("0")')).toBe('true');
    expect(ev('bool(0)')).toBe('false');
  });
  it('takes max, min and abs, skipping objects and arrays among the arguments', () => {
    expect(ev('max(3, 9, 4)')).toBe('9');
    expect(ev('min(3, 9, 4)')).toBe('3');
    expect(ev('max(pet, 2)')).toBe('2');
    expect(ev('abs(-2.5)')).toBe('2.5');
    expect(ev('max(1, "x", 3)')).toBe('3');
    expect(ev('max(1, "x")')).toBe('NaN');
  });
  it('fails without a usable argument and for unknown names', () => {
    expect(run('max()').errors).toEqual(['Error reducing expression: max(): Error calling function max']);
    expect(run('max(pet)').errors).toEqual(['Error reducing expression: max(pet): Error calling function max']);
    expect(run('round(1)').errors).toEqual(['Error parsing expression: "round(1)": Invalid function round']);
  });
});

describe('errors', () => {
  it('reports parse errors with the quoted source', () => {
    expect(run('1 +* $').errors).toEqual(['Error parsing expression: "1 +* $": Unexpected character at 5: "$"']);
    expect(run('(1').errors[0]).toMatch(/Mismatched operator found: left paren$/);
    expect(run('1)').errors[0]).toMatch(/Mismatched operator found: right paren$/);
    expect(run('"open').errors[0]).toMatch(/Unterminated string$/);
    expect(run('1.2.3').errors[0]).toMatch(/Duplicate decimal point in number$/);
    expect(run('0x').errors[0]).toMatch(/Expected digits after start of hex number$/);
  });
  it('reports operators without operands when evaluating', () => {
    const r = run('4 *');
    expect(r.out).toBe('');
    expect(r.errors).toEqual(['Error reducing expression: 4 *: Invalid arguments to operator multiply']);
    expect(run('pet + 1').errors[0]).toMatch(/Invalid arguments to operator add$/);
  });
  it('prints nothing at all when any expression of a sequence fails', () => {
    expect(ev('1; 2 + pet; 3')).toBe('');
  });
});

describe('limits', () => {
  it('counts every token against maxTokens', () => {
    expect(run('1 + 2', DATA, { maxTokens: 3 }).out).toBe('3');
    expect(run('max(1)', DATA, { maxTokens: 3 }).errors).toEqual([
      'Error parsing expression: "max(1)": Expression exceeds the maximum number of allowed tokens: 3',
    ]);
  });
  it('fails a concatenation longer than maxStringLength', () => {
    expect(run('"abc" + "de"', DATA, { maxStringLength: 5 }).out).toBe('abcde');
    expect(run('"abc" + "def"', DATA, { maxStringLength: 5 }).errors).toEqual([
      'Error reducing expression: "abc" + "def": Concatenation would exceed maximum string length 5',
    ]);
    expect(run('pet.name + pet.name + pet.name', DATA, { maxStringLength: 0 }).out).toBe('RexRexRex');
  });
});

describe('debug mode', () => {
  it('prints the compiled programs and the result after #', () => {
    expect(ev('#1 + pet.legs')).toBe('EVAL=[[1 pet.legs <add>]] -> 5');
    expect(ev('# -2; max(1, "a")')).toBe('EVAL=[[2 <unary minus>], [<args> 1 "a" max()]] -> NaN');
    expect(ev('#@z = 1')).toBe('EVAL=[[@z 1 <assign>]]');
  });
  it('prints an empty program list and reports a parse error', () => {
    const r = run('#1 $');
    expect(r.out).toBe('EVAL=[]');
    expect(r.errors).toEqual(['Error parsing expression: "1 $": Unexpected character at 2: "$"']);
  });
});

describe('compiled form', () => {
  it('survives a JSON round trip, NaN and Infinity included', () => {
    const { code } = compileExpr('NaN; Infinity + 1; "s" + pet.legs');
    const copy = JSON.parse(JSON.stringify(code));
    const ctx = new Context({ root: DATA, kernels: tsKernels, locale: null });
    expect(evalExpr(copy, ctx)).toBe('s4');
    expect(ctx.errors).toEqual([]);
  });
  it('ignores leading white space, and the source is quoted without it', () => {
    expect(ev(' \t\n 2 * 3')).toBe('6');
    expect(run('  2 +').errors).toEqual(['Error reducing expression: 2 +: Invalid arguments to operator add']);
  });
});

describe('in templates', () => {
  it('evaluates against sections and binds variables for later instructions', () => {
    const tpl = '{.repeated section list}{.eval @ / 10 + @index}{.alternates with},{.end}|{.eval @t = list.0 * 2}{@t}';
    expect(render(tpl, DATA).output).toBe('2,4,6|20');
  });
});

describe('robustness', () => {
  const alphabet = '0123456789xeE.+-*/%<>=!~&|^(),;"\'\\ @$_#abcmnu\t\n';
  const source = fc
    .array(fc.constantFrom(...alphabet.split(''), 'max(', 'num(', 'true', 'pet.legs', 'list.1'), { maxLength: 40 })
    .map((a) => a.join(''));
  it('never throws on arbitrary input, and compiled code always evaluates', () => {
    fc.assert(
      fc.property(source, fc.integer({ min: 0, max: 8 }), (src, maxTokens) => {
        const ctx = new Context({ root: DATA, kernels: tsKernels, locale: null });
        const { code, error } = compileExpr(src, { maxTokens, maxStringLength: 16 });
        expect(code === null).toBe(error !== null);
        if (code !== null) expect(typeof evalExpr(code, ctx, { maxStringLength: 16 })).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });
});
