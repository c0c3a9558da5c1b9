// Property test: random templates over random JSON never make compile or render throw, and every
// run finishes (the per-test timeout is the bound; each run's output size is bounded too).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compile, render } from '../../../engine/node.js';
import { defaultFormatters, defaultPredicates } from '../../../engine/ts/plugins/index.js';

const names = ['a', 'b', 'c', 'items', '@', '@index', 'a.b', 'items.0', 'x.y.z', '@v'];
const formatterNames = Object.keys(defaultFormatters).concat(['bogus']);
const predicateNames = Object.keys(defaultPredicates).concat(['nope?']);
const argWords = ['1', '2', '-3', 'a', '"s"', 'foo=bar', '%Y', 'yMMMd', 'style:short', ''];

const piece: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('{', '}', '\n', '{.end}', '{.or}', '{.alternates with}', '{.newline}', '{.meta-left}', '{# c }', '{## m ##}'),
  fc.constantFrom(...names).map((n) => `{${n}}`),
  fc
    .tuple(fc.constantFrom(...names), fc.constantFrom(...formatterNames), fc.array(fc.constantFrom(...argWords), { maxLength: 3 }))
    .map(([n, f, a]) => `{${n}|${f}${a.length ? ' ' + a.join(' ') : ''}}`),
  fc.constantFrom(...names).map((n) => `{.section ${n}}`),
  fc.constantFrom(...names).map((n) => `{.repeated section ${n}}`),
  fc
    .tuple(fc.constantFrom(...predicateNames), fc.array(fc.constantFrom(...argWords), { maxLength: 2 }))
    .map(([p, a]) => `{.${p}${a.length ? ' ' + a.join(' ') : ''}}`),
  fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)).map(([x, y]) => `{.if ${x} || ${y}}`),
  fc.constantFrom(...names).map((n) => `{.var @v ${n}}`),
  fc.constantFrom(
    '{.eval 1+2}',
    '{.eval @x = a * 2; @x}',
    '{.eval (}',
    '{.macro m}{@}{.end}',
    '{@|apply m}',
    '{.include m}',
    '{.ctx @c k=a}',
  ),
);

const template = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));

describe('engine robustness (property)', () => {
  it('never throws on random templates and random JSON', () => {
    fc.assert(
      fc.property(template, fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('en', 'de-DE', 'ja', null), (tpl, json, locale) => {
        const c = compile(tpl);
        expect(Array.isArray(c.errors)).toBe(true);
        const r = render(c.code, json, { locale, now: 1_600_000_000_000, partials: { m: tpl.slice(0, 40) } });
        expect(typeof r.output).toBe('string');
        expect(r.output.length).toBeLessThan(50_000_000);
      }),
      { numRuns: 1500 },
    );
  });
  it('never throws on arbitrary strings, including unmatched braces and astral characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (tpl) => {
        const r = render(tpl, { a: 1 });
        expect(typeof r.output).toBe('string');
      }),
      { numRuns: 1000 },
    );
  });
});
