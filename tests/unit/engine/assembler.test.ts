// Assembler: the block tree, merged text, and syntax errors for misplaced and unclosed blocks.
import { describe, expect, it } from 'vitest';
import { assemble } from '../../../engine/ts/assembler.js';
import { scan } from '../../../engine/ts/scanner.js';

const tables = { formatters: { html: 1 }, predicates: { 'equal?': 1 } };
const compile = (src: string) => assemble(src, scan(src), tables);
const body = (src: string) => compile(src).code.body;
const messages = (src: string) => compile(src).errors.map((e) => `${e.message} @${e.line}:${e.column}`);

describe('assembler', () => {
  it('nests blocks, .or chains and .alternates with', () => {
    expect(body('{.section a}x{.or equal? b}y{.or}z{.end}')).toEqual([
      {
        op: 2,
        path: ['a'],
        body: [{ op: 0, text: 'x' }],
        alt: {
          op: 5,
          pred: 'equal?',
          args: ['b'],
          body: [{ op: 0, text: 'y' }],
          alt: { op: 5, pred: null, args: [], body: [{ op: 0, text: 'z' }], alt: null },
        },
      },
    ]);
    expect(body('{.repeated section a}{@}{.alternates with},{.end}')).toEqual([
      { op: 3, path: ['a'], body: [{ op: 1, vars: [['@']], fmt: [] }], alternates: [{ op: 0, text: ',' }], alt: null },
    ]);
  });
  it('merges adjacent text: around comments, literal tags and dropped instructions', () => {
    expect(body('a{# c}b{## m ##}c{.newline}d{.meta-left}{x |html}')).toEqual([{ op: 0, text: 'abc\nd{{x |html}' }]);
    expect(body('a{.end}b{.or}c{.alternates with}d')).toEqual([{ op: 0, text: 'abcd' }]);
    expect(body('{.section s}a{.or}b{.end}c')).toMatchObject([
      { op: 2, body: [{ text: 'a' }], alt: { body: [{ text: 'b' }] } },
      { op: 0, text: 'c' },
    ]);
  });
  it('keeps a macro where it stands (it is defined when it runs) and lists it by name', () => {
    const { code } = compile('a{.macro m}x{.end}b{.section s}{.end}c');
    expect(code.body).toEqual([
      { op: 0, text: 'a' },
      { op: 13, name: 'm', body: [{ op: 0, text: 'x' }] },
      { op: 0, text: 'b' },
      { op: 2, path: ['s'], body: [], alt: null },
      { op: 0, text: 'c' },
    ]);
    expect(code.macros).toEqual({ m: [{ op: 0, text: 'x' }] });
  });
  it('compiles expressions once', () => {
    const [node] = body('{.eval 1 + 2}') as { code: unknown; error: string | null }[];
    expect(node).toMatchObject({ op: 10, expr: '1 + 2', error: null });
    expect(node.code).not.toBeNull();
  });
  it('reports misplaced and unclosed blocks with line and column', () => {
    expect(messages('{.or}\n {.alternates with}{.end}')).toEqual([
      'Instruction OR_PREDICATE not allowed at root @1:1',
      'Instruction ALTERNATES_WITH not allowed at root @2:2',
      'Instruction END not allowed at root @2:20',
    ]);
    expect(messages('{.macro m}{.or}{.end}')).toEqual(['OR_PREDICATE instruction is not allowed inside MACRO block. @1:11']);
    expect(messages('{.section a}{.or}{.or}{.end}')).toEqual(['This OR_PREDICATE block will never execute. @1:18']);
    expect(messages('{.repeated section a}{.or}{.alternates with}{.end}')).toEqual([
      'ALTERNATES_WITH instruction is not allowed inside OR_PREDICATE block. @1:27',
    ]);
    expect(messages('{.if a}{.alternates with}{.end}')).toEqual(['ALTERNATES_WITH instruction is not allowed inside IF block. @1:8']);
    expect(messages('x\n{.section a}{.equal? b}')).toEqual(['Reached EOF in the middle of PREDICATE @2:24']);
    expect(messages('{a|nope}{.nope?}{.end}')).toEqual(["Formatter 'nope' is unknown @1:1", "Predicate 'nope?' is unknown @1:9"]);
  });
  it('produces plain data', () => {
    const { code } = compile('{.section a}{b|html}{.or}{.if c || d}e{.end}{.end}{.macro m}{.var @v x}{.end}');
    expect(JSON.parse(JSON.stringify(code))).toEqual(code);
  });
});
