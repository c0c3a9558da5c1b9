// Assembler and executor through the public API: blocks, scoping, errors, partials and macros.
import { describe, expect, it } from 'vitest';
import { compile, render, formatError } from '../../../engine/node.js';

const r = (tpl: string, json: unknown = {}, opts = {}) => render(tpl, json, opts);

describe('sections and truthiness', () => {
  it('treats missing, null, false, 0, empty string, [] and {} as false', () => {
    const json = { a: 0, b: '', c: [], d: {}, e: false, f: null, h: 'x', i: { k: 1 }, j: -1 };
    const out = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map((k) => r(`{.section ${k}}T{.or}F{.end}`, json).output);
    expect(out.join('')).toBe('FFFFFFFTTT');
  });
  it('looks names up from the innermost frame outwards', () => {
    expect(r('{.section a}{b}{.section c}{d}{x}{.end}{.end}', { a: { b: 'B', c: { d: 'D' } }, x: 'X' }).output).toBe('BDX');
  });
  it('repeats with alternates, @index and @index0, and falls to .or on empty lists', () => {
    expect(r('{.repeated section l}{@index}{@index0}{@}{.alternates with},{.end}', { l: ['p', 'q'] }).output).toBe('10p,21q');
    expect(r('{.repeated section l}x{.or}none{.end}', { l: [] }).output).toBe('none');
    expect(r('{.repeated section l}x{.or}none{.end}', { l: 'str' }).output).toBe('none');
  });
  it('prints values as the language does', () => {
    expect(r('[{a}][{b}][{c}][{d}][{e}]', { a: [1, [2, 3], null], b: { k: 1 }, c: null, d: true, e: 1.5 }).output).toBe(
      '[1,2,3,null][][][true][1.5]',
    );
  });
  it('evaluates .if chains left to right', () => {
    expect(r('{.if a && b}1{.end}{.if a || b}2{.end}{.if b || a && a}3{.end}', { a: 1, b: 0 }).output).toBe('23');
  });
  it('chains .or predicates', () => {
    const t = '{.section q}S{.or equal? n 3}three{.or}other{.end}';
    expect(r(t, { n: 3 }).output).toBe('three');
    expect(r(t, { n: 4 }).output).toBe('other');
  });
});

describe('variables', () => {
  it('scopes .var to its frame and resets it per repetition', () => {
    expect(r('{.repeated section l}{.var @i @index}{@i}{.end}[{@i}]', { l: [1, 2] }).output).toBe('12[]');
  });
  it('builds objects with .ctx', () => {
    expect(r('{.ctx @c k=a.b m=a.z}{@c.k}|{@c.m}', { a: { b: 'B' } }).output).toBe('B|');
  });
  it('binds injected JSON, and a missing value for bad JSON or unknown paths', () => {
    const injects = { 'a.json': '{"n": "albert"}', 'bad.json': '{' };
    expect(r('{.inject @a a.json}{.inject @b bad.json}{.inject @c none.json}{@a.n}[{@b}][{@c}]', {}, { injects }).output).toBe(
      'albert[][]',
    );
  });
});

describe('syntax errors', () => {
  it('reports misplaced and unclosed blocks with line and column, and keeps rendering', () => {
    const { code, errors } = compile('a\n {.end}b{.or}c{.alternates with}d');
    expect(errors.map((e) => e.message)).toEqual([
      'Instruction END not allowed at root',
      'Instruction OR_PREDICATE not allowed at root',
      'Instruction ALTERNATES_WITH not allowed at root',
    ]);
    expect(errors[0]).toMatchObject({ line: 2, column: 2 });
    expect(formatError(errors[0])).toBe('SyntaxError: Instruction END not allowed at root (line 2, column 2)');
    expect(render(code, {}).output).toBe('a\n bcd');
  });
  it('reports EOF inside a block and a dead .or', () => {
    expect(compile('{.section a}x').errors[0].message).toBe('Reached EOF in the middle of SECTION');
    expect(compile('{.section a}x{.or}y{.or}z{.end}').errors[0].message).toBe('This OR_PREDICATE block will never execute.');
  });
  it('keeps an unknown formatter as text and reports it', () => {
    const res = r('{a|bogus}', { a: 1 });
    expect(res.output).toBe('{a|bogus}');
    expect(res.errors[0]).toMatchObject({ kind: 'syntax', message: "Formatter 'bogus' is unknown" });
  });
});

describe('partials and macros', () => {
  it('renders partials with the outer scope visible and reports missing ones', () => {
    const res = r('{.include p output}|{.include p}|{.include nope}', { x: 'X' }, { partials: { p: '[{x}]' } });
    expect(res.output).toBe('[X]||');
    expect(res.errors.map((e) => e.message)).toEqual(["Attempt to apply partial 'nope' which could not be found."]);
  });
  it('stops recursion at depth 16 with an error', () => {
    const res = r('{.macro m}x{.include m output}{.end}{.include m output}', {});
    expect(res.output).toBe('x'.repeat(16));
    expect(res.errors.map((e) => e.message)).toEqual(["Attempt to apply partial 'm' exceeded maximum recursion depth of 16"]);
  });
  it('reports a partial with syntax errors as a runtime error and renders nothing for it', () => {
    const res = r('[{.include bad}]', {}, { partials: { bad: '{.end}' } });
    expect(res.output).toBe('[]');
    expect(res.errors[0]).toMatchObject({
      kind: 'runtime',
      message: 'Parse of partial "bad" failed: SyntaxError: Instruction END not allowed at root',
    });
  });
});

describe('compiled code', () => {
  it('is plain JSON that renders the same after a round trip', () => {
    const { code } = compile('{.repeated section l}{@}{.alternates with}-{.end}{.macro m}{x}{.end}');
    const copy = JSON.parse(JSON.stringify(code));
    expect(render(copy, { l: [1, 2] }).output).toBe(render(code, { l: [1, 2] }).output);
    expect(render(copy, { l: [1, 2] }).output).toBe('1-2');
  });
});

describe('lookup rules found by differential fuzzing against the published engine', () => {
  it('resolves section paths in the current frame only, variables in every frame', () => {
    const json = { a: { b: 1 }, c: 'x', d: { e: 'E' } };
    expect(r('{.section a}[{.section d}D{.end}][{d.e}][{c}]{.end}', json).output).toBe('[][E][x]');
    expect(r('{.var @v d}{.section @v}[{e}]{.end}', json).output).toBe('[E]');
  });
  it('runs the .or branch of a section with the false node as the current node', () => {
    expect(r('{.section b}{.or}[{@}]{.end}', { b: 0 }).output).toBe('[0]');
    expect(r('{.section b}{.or}{.section k}K{.end}{.end}', { b: 0, k: 1 }).output).toBe('');
    expect(r('{.repeated section s}{.or}{.section k}K{.end}{.end}', { s: 'str', k: 1 }).output).toBe('K');
  });
  it('drops a misplaced instruction but keeps what follows it in the block', () => {
    expect(r('{.section x}A{.alternates with}C{.end}', { x: 1 }).output).toBe('AC');
    expect(r('{.section x}A{.or}B{.or}C{.end}', {}).output).toBe('BC');
    const res = r('{.macro m}A{.or}B{.end}{.include m output}', {});
    expect(res.output).toBe('AB');
    expect(res.errors.map((e) => e.message)).toEqual(['OR_PREDICATE instruction is not allowed inside MACRO block.']);
  });
});

describe('more rules found by differential fuzzing', () => {
  it('runs .alternates with in the previous item frame', () => {
    expect(r('{.repeated section items}{a}{.alternates with}|{a}|{.end}', { a: 'R', items: [{ a: 2 }, { a: 'H' }, -1] }).output).toBe(
      '2|2|H|H|R',
    );
  });
  it('answers length for an array frame, and only all-digit array indexes', () => {
    expect(r('{.section a}[{length}][{0}]{.end}[{a.length}][{a.1e0}]', { a: [5, 6] }).output).toBe('[2][5][][{a.1e0}]');
  });
  it('hides enclosing frames from a private apply', () => {
    expect(r('{.macro m}[{x}][{@v}][{y}]{.end}{.var @v x}{o|apply m private}{o|apply m}', { x: 'X', o: { y: 'Y' } }).output).toBe(
      '[][][Y][X][X][Y]',
    );
  });
});

describe('white space inside instructions (matched to the published engine)', () => {
  it('lets expressions, .if and formatter args span lines, and takes a tab after some keywords', () => {
    expect(r('[{.eval 1\n+2}][{.eval\t3}][{.eval\n4}][{.eval   }][{.eval}]', {}).output).toBe('[3][3][4][][{.eval}]');
    expect(r('[{.if a\n&& b}I{.end}][{a|html\n}][{.section\ta}S{.end}]', { a: 1, b: 1 }).output).toBe('[I][1][S]');
  });
  it('keeps the tag as text where the line break or tab makes it invalid', () => {
    expect(r('[{a\n}][{.section a\n}][{.var\t@v a}]', { a: 1 }).output).toBe('[{a\n}][{.section a\n}][{.var\t@v a}]');
  });
});

describe('expression limits', () => {
  it('reports an expression over the token limit as a runtime error and prints nothing for it', () => {
    const tpl = '[{.eval 1 + 2 + 3 + 4}]';
    expect(r(tpl, {}).output).toBe('[10]');
    const limited = r(tpl, {}, { exprOptions: { maxTokens: 3 } });
    expect(limited.output).toBe('[]');
    expect(limited.errors.length).toBe(1);
    expect(limited.errors[0].kind).toBe('runtime');
  });
  it('reports a string concatenation past the length limit', () => {
    const res = r('[{.eval "abc" + "def"}]', {}, { exprOptions: { maxStringLength: 4 } });
    expect(res.output).toBe('[]');
    expect(res.errors.length).toBe(1);
  });
});

describe('property lookup', () => {
  it('never finds inherited members of Object.prototype, only own JSON keys', () => {
    const json = JSON.parse('{"a":{}, "b":{"constructor":"own"}}');
    expect(r('[{constructor}][{toString}][{a.hasOwnProperty}][{a.valueOf}][{b.constructor}]', json).output).toBe('[][][][][own]');
    expect(r('{.section a.constructor}yes{.or}no{.end}', json).output).toBe('no');
  });
});

describe('bindings of missing values (matched to the published engine)', () => {
  it('binds a missing .ctx value as null', () => {
    expect(r('{.ctx @v k=a}{@v|json}', {}).output).toBe('{"k":null}');
  });
  it('lets a .var bound to a missing value fall through to an outer one', () => {
    expect(r('{.var @v n}{.section b}{.var @v a}{@v}{.end}', { b: 1, n: 0 }).output).toBe('0');
  });
  it('reads an empty predicate arg as no arg', () => {
    expect(r('{.section n}{.odd? }{b}{.end}{.end}', { b: 'x', n: -1 }).output).toBe('x');
  });
});
