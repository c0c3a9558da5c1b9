// Developer tool: differential fuzzing of our engine against the published one (the oracle).
// Usage: tsx tests/tools/diff-fuzz.ts [RUNS] [--formatters a,b,c] [--predicates x?,y?]
import fc from 'fast-check';
import { render } from '../../engine/node.js';
import { oracleRender } from './oracle.js';

const argv = process.argv.slice(2);
const runs = Number(argv.find((a) => /^\d+$/.test(a)) ?? 2000);
const list = (flag: string) => { const i = argv.indexOf(flag); return i >= 0 ? argv[i + 1].split(',') : []; };
const formatters = list('--formatters');
const predicates = list('--predicates');

const names = ['a', 'b', 'c', 'items', '@', '@index', '@index0', 'a.b', 'items.0', 'items.1.a', 'x.y', '@v', 'n', 's'];
const words = ['1', '2', 'a', 'b', '"s"', 'n', '3', 'a.b', ''];
const pieces: fc.Arbitrary<string>[] = [
  fc.constantFrom('x', ' ', '-', '{', '}', '\n', '{.end}', '{.or}', '{.alternates with}', '{.newline}', '{.meta-left}', '{.meta-right}', '{# c }', '{## m ##}'),
  fc.constantFrom(...names).map((n) => `{${n}}`),
  fc.constantFrom(...names).map((n) => `{.section ${n}}`),
  fc.constantFrom(...names).map((n) => `{.repeated section ${n}}`),
  fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names), fc.constantFrom('&&', '||')).map(([x, y, o]) => `{.if ${x} ${o} ${y}}`),
  fc.constantFrom(...names).map((n) => `{.var @v ${n}}`),
  fc.constantFrom(...names).map((n) => `{.ctx @v k=${n}}`),
];
if (formatters.length) {
  pieces.push(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...formatters), fc.array(fc.constantFrom(...words), { maxLength: 3 }))
    .map(([n, f, a]) => `{${n}|${f}${a.length ? ' ' + a.join(' ') : ''}}`));
}
if (predicates.length) {
  pieces.push(fc.tuple(fc.constantFrom(...predicates), fc.array(fc.constantFrom(...words), { maxLength: 2 }), fc.boolean())
    .map(([p, a, or]) => `{.${or ? 'or ' : ''}${p}${a.length ? ' ' + a.join(' ') : ''}}`));
}
const template = fc.array(fc.oneof(...pieces), { maxLength: 16 }).map((p) => p.join(''));
const leaf = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('', 'x', '<b>&"', 'Hello World', null, true, false, 1.5));
const json = fc.record({
  a: fc.oneof(leaf, fc.record({ b: leaf })), b: leaf, c: fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })),
  items: fc.array(fc.oneof(leaf, fc.record({ a: leaf })), { maxLength: 3 }), n: fc.integer({ min: -2, max: 5 }), s: fc.string({ maxLength: 8 }),
}, { requiredKeys: [] });

let mismatches = 0;
fc.assert(fc.property(template, json, (tpl, generated) => {
  const data = JSON.parse(JSON.stringify(generated));
  const ours = render(tpl, data, { locale: 'en', now: 1_600_000_000_000 }).output;
  const theirs = oracleRender(tpl, data, { locale: 'en', now: 1_600_000_000_000 }).output;
  if (ours !== theirs && mismatches++ < 1) {
    console.log('MISMATCH\n template:', JSON.stringify(tpl), '\n json:', JSON.stringify(data), '\n ours:  ', JSON.stringify(ours), '\n theirs:', JSON.stringify(theirs));
  }
  return ours === theirs;
}), { numRuns: runs, endOnFailure: false });
console.log(`no mismatch in ${runs} runs`);
