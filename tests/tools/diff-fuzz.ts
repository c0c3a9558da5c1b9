// Developer tool: differential fuzzing of our engine against the published one (the oracle), over
// the whole grammar and every formatter and predicate fed missing, partial and wrongly typed data.
// Usage: tsx tests/tools/diff-fuzz.ts [RUNS] [--seed N] [--only grammar|formatters|predicates]
//          [--formatters a,b] [--predicates x?,y?] [--show N] [--backend ts|wasm]
// Prints the smallest mismatch found for each feature (formatter, predicate or grammar), then a
// summary; exits 1 when anything differs.
/* eslint-disable @typescript-eslint/no-explicit-any -- a fuzzing tool that prunes arbitrary generated JSON and feeds a published engine of its own typing */
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { render, type Backend } from '../../engine/node.js';
import { defaultFormatters, defaultPredicates } from '../../engine/ts/plugins/index.js';
import { NOT_IMPLEMENTED } from '../../engine/ts/types.js';
import { oracleRender } from './oracle.js';

const argv = process.argv.slice(2);
const flag = (f: string) => {
  const i = argv.indexOf(f);
  return i >= 0 ? argv[i + 1] : undefined;
};
const runs = Number(argv.find((a, i) => /^\d+$/.test(a) && !argv[i - 1]?.startsWith('--')) ?? 3000);
const seed = flag('--seed') !== undefined ? Number(flag('--seed')) : Date.now() % 100_000;
const only = flag('--only');
const show = Number(flag('--show') ?? 40);
const backend = (flag('--backend') ?? 'ts') as Backend;

const require = createRequire(import.meta.url);
const { Compiler } = require('@squarespace/template-engine');
const oracle = new Compiler();
/** Whether the oracle compiles a template without syntax errors (used to learn its names). */
const oracleKnows = (tpl: string) => oracle.parse(tpl).errors.length === 0;

// Names both engines know. Ours has a few more (bindvar, and the record-type predicates the spec
// lists but the published engine lacks: chat?, review?, thread?, lesson?); those are not compared.
// Neither are the formatters known but not implemented: ENGINE-SURFACE makes them print nothing,
// where the published engine passes the value through.
const allFormatters = Object.keys(defaultFormatters).filter((f) => defaultFormatters[f] !== NOT_IMPLEMENTED && oracleKnows(`{a|${f}}`));
const allPredicates = Object.keys(defaultPredicates).filter((p) => oracleKnows(`{.${p}}x{.end}`));
const formatters = flag('--formatters')?.split(',') ?? allFormatters;
const predicates = flag('--predicates')?.split(',') ?? allPredicates;

// ---- data: objects built from the field names the plugins read, with values of every type ----

const KEYS = [
  'a',
  'b',
  'c',
  'n',
  's',
  '$a',
  '$b',
  'items',
  'item',
  'value',
  'values',
  'title',
  'body',
  'html',
  'id',
  'type',
  'name',
  'recordType',
  'promotedBlockType',
  'colorData',
  'topLeftAverage',
  'centerAverage',
  'oembed',
  'providerName',
  'overlay',
  'mainImageId',
  'systemDataId',
  'assetUrl',
  'originalSize',
  'mediaFocalPoint',
  'x',
  'y',
  'structuredContent',
  'productType',
  'variants',
  'price',
  'salePrice',
  'priceMoney',
  'salePriceMoney',
  'currency',
  'currencyCode',
  'decimalValue',
  'onSale',
  'qtyInStock',
  'unlimited',
  'attributes',
  'optionValues',
  'isSubscribable',
  'subscriptionPlan',
  'billingPeriod',
  'numBillingCycles',
  'pricingOptions',
  'unit',
  'collection',
  'folder',
  'folderBehavior',
  'fullUrl',
  'excerpt',
  'externalLink',
  'startDate',
  'endDate',
  'location',
  'mapLat',
  'mapLng',
  'addressLine1',
  'addressCountry',
  'passthrough',
  'sourceUrl',
  'backgroundSource',
  'options',
  'controls',
  'indicators',
  'design',
  'typeName',
  'calendarView',
  'publicCommentCount',
  'commentState',
  'likeCount',
  'serviceName',
  'userName',
  'profileUrl',
  'currentType',
  'customAddButtonText',
  'useCustomAddButtonText',
  'additionalFieldsForm',
  'variantOptionOrdering',
  'author',
  'displayName',
  'filename',
  'altText',
  'mainImage',
  'coverImage',
  'hue',
  'saturation',
  'lightness',
  'alpha',
  'showPastOrUpcomingEvents',
  'tags',
  'categories',
  'scarcityEnabled',
  'scarcityText',
  'restockNotificationMessages',
];
const LOCALIZED_KEYS = [
  'productPriceFromText',
  'productPriceUnavailable',
  'originalPriceText',
  'salePriceText',
  'productAddToCartText',
  'productSubscribeText',
  'productQuantityInputLabel',
  'productQuickViewText',
  'productSoldOutText',
  'productSaleText',
  'giftCardValueDisplayText',
  'giftCardVariantSelectText',
  'productVariantSelectText',
  'productSummaryFormNoAnswerText',
  'productPrice__singlePrice__1Monthly__indefinite',
  'productPrice__multiplePrices__1Monthly__indefinite',
  'productPrice__singlePrice__nWeekly__limited__nWeeks',
  'productPrice__singlePrice__1Monthly__limited__1Years',
];
const leaf = fc.oneof(
  fc.constantFrom(-1, 0, 1, 2, 3, 4, 5, 7, 8, 11, 12, 13, 14, 52, 100, 1500, 1.5, -2.25, 1_600_000_000_000),
  fc.constantFrom(
    '',
    'x',
    '<b>&"',
    'Hello World',
    'video',
    'image',
    'USD',
    'EUR',
    '1500',
    '12.5',
    'true',
    'false',
    'MONTH',
    'WEEK',
    'YEAR',
    'a b {0} {price} {fromPrice}',
    '{duration} {billingPeriodValue}',
    'https://x.com/a?b=1',
    '300x200',
    '0.3,0.7',
    'abc123',
    '$',
  ),
  fc.constantFrom(null, true, false),
);
const json: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown; o: Record<string, unknown>; l: unknown[] }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('o'), tie('l')),
  o: fc.dictionary(fc.constantFrom(...KEYS), tie('v'), { maxKeys: 6 }),
  l: fc.array(tie('v'), { maxLength: 3 }),
})).v;
const localized = fc.dictionary(fc.constantFrom(...LOCALIZED_KEYS), leaf, { maxKeys: 4 });
/** The root: some fixed shapes (items, item, $ names) with random contents. */
const root = fc.record(
  {
    a: json,
    b: leaf,
    c: json,
    n: fc.integer({ min: -2, max: 5 }),
    s: fc.string({ maxLength: 6 }),
    $a: json,
    $b: leaf,
    items: fc.array(json, { maxLength: 3 }),
    item: json,
    localizedStrings: localized,
    website: fc.record({ timeZone: fc.constantFrom('America/New_York', 'Europe/Paris', 'UTC') }, { requiredKeys: [] }),
  },
  { requiredKeys: [] },
);

// ---- templates ----

const names = [
  'a',
  'b',
  'c',
  'n',
  's',
  'items',
  'item',
  '@',
  '@index',
  '@index0',
  'a.b',
  'items.0',
  'items.1.a',
  'x.y',
  '@v',
  '$a',
  '$b',
  '$a.b',
  'a.$b',
  '$a.0',
  '@args',
  '@args.0',
  '@v.k',
  'localizedStrings',
  'item.structuredContent',
  'a.value',
];
const pathName = fc.constantFrom(...names);
const words = [
  '1',
  '2',
  '0',
  '-1',
  'a',
  'b',
  'x',
  '"s"',
  'n',
  '3',
  'a.b',
  '',
  '$a',
  '@',
  'item',
  'USD',
  'short',
  'long',
  'date:short',
  'time:medium',
  '%Y-%m-%d %H:%M',
  'color-data',
  'load-false',
  'm',
  'p',
  'name:a',
  'y',
  '.',
  'true',
  'private',
];
const args = fc.array(fc.constantFrom(...words), { maxLength: 3 }).map((a) => (a.length ? ' ' + a.join(' ') : ''));
const exprs = [
  '@x = 1',
  '@x = @x + 1',
  '@s = "ab" + "cd"',
  '@s = @s + @s',
  'a + 1',
  '$a',
  '$b * 2',
  'n > 1 && true',
  '@y = n; @y + 1',
  '"q" + n',
  'max(1, n, 3)',
  'num("3")',
  '@x',
  '#1 + 2',
  '1 +',
  '@z = $b',
];

const simple: fc.Arbitrary<string>[] = [
  fc.constantFrom(
    'x',
    ' ',
    '-',
    '{',
    '}',
    '\n',
    '{.end}',
    '{.or}',
    '{.alternates with}',
    '{.newline}',
    '{.space}',
    '{.tab}',
    '{.meta-left}',
    '{.meta-right}',
    '{# c }',
    '{## m ##}',
    '{$}',
    '{.var @v $a}',
    '{.var @1 a}',
    '{.ctx @v k=$a j=b}',
  ),
  pathName.map((n) => `{${n}}`),
  fc.tuple(pathName, pathName).map(([x, y]) => `{${x},${y}|json}`),
  pathName.map((n) => `{.section ${n}}`),
  pathName.map((n) => `{.repeated section ${n}}`),
  fc.tuple(pathName, pathName, fc.constantFrom('&&', '||')).map(([x, y, o]) => `{.if ${x} ${o} ${y}}`),
  fc
    .tuple(fc.constantFrom('var', 'bindvar'), pathName, fc.constantFrom('', '|json', '|html', '|count'))
    .map(([k, n, f]) => `{.${k} @v ${n}${f}}`),
  fc.tuple(pathName, pathName).map(([x, y]) => `{.ctx @v k=${x} l=${y}}`),
  fc.constantFrom(...exprs).map((e) => `{.eval ${e}}`),
  fc
    .tuple(fc.constantFrom('m', 'p', 'q', 'missing', 'bad'), fc.constantFrom('', ' output', ' x output'))
    .map(([n, o]) => `{.include ${n}${o}}`),
  fc.tuple(fc.constantFrom('./a.json', './bad.json', './s.json', './none.json')).map(([p]) => `{.inject @v ${p}}`),
  fc
    .tuple(pathName, fc.constantFrom('m', 'p', 'q', 'missing'), fc.constantFrom('', ' private', ' k=a'))
    .map(([n, m, o]) => `{${n}|apply ${m}${o}}`),
];
/** A macro definition: its body uses the same pieces, with eval and var bindings for include. */
const macroDef = fc
  .tuple(fc.constantFrom('m', 'p'), fc.array(fc.oneof(...simple), { maxLength: 5 }))
  .map(([name, body]) => `{.macro ${name}}${body.join('')}{.end}`);

const formatterPiece = fc
  .tuple(pathName, fc.constantFrom(...formatters), args, fc.option(fc.constantFrom('html', 'json', 'count', 'raw'), { nil: undefined }))
  .map(([n, f, a, g]) => ({ key: f, text: `{${n}|${f}${a}${g ? '|' + g : ''}}` }));
const predicatePiece = fc
  .tuple(fc.constantFrom(...predicates), args, pathName, fc.constantFrom('section', 'repeated section', 'none', 'if'))
  .map(([p, a, n, wrap]) => {
    const test = wrap === 'if' ? `{.if ${p}${a}}Y{.or}N{.end}` : `{.${p}${a}}Y{.or}N{.end}`;
    return { key: p, text: wrap === 'none' ? test : `{.${wrap} ${n}}${test}{.end}` };
  });
const grammarPiece = fc
  .tuple(fc.option(macroDef, { nil: undefined }), fc.array(fc.oneof(...simple), { maxLength: 14 }))
  .map(([m, body]) => ({ key: 'grammar', text: (m ?? '') + body.join('') }));

const focused =
  only === 'formatters'
    ? formatterPiece
    : only === 'predicates'
      ? predicatePiece
      : only === 'grammar'
        ? grammarPiece
        : fc.oneof(
            { arbitrary: formatterPiece, weight: 4 },
            { arbitrary: predicatePiece, weight: 3 },
            { arbitrary: grammarPiece, weight: 2 },
          );
const testCase = fc.record({
  focus: focused,
  prefix: fc.array(fc.oneof(...simple), { maxLength: 3 }),
  data: root,
  locale: fc.constantFrom('en', 'en', 'en-US', 'fr', 'de', null),
});

const partials = {
  p: 'P[{@|json}]{.eval @x = 2}{.var @w a}',
  q: '{$a}{.section $a}{@|json}{.end}{@args.0}',
  bad: '{.section a}',
};
const injects = { './a.json': '{"x":1,"k":"v"}', './bad.json': '{', './s.json': '"str"' };
// The published engine binds inject values as given: it gets them parsed, the invalid one left out
// (the corpus contract: invalid JSON gives a missing value).
const oracleInjects = { './a.json': { x: 1, k: 'v' }, './s.json': 'str' };
const now = 1_600_000_000_000;

// ---- the run ----

interface Found {
  template: string;
  json: string;
  locale: string | null;
  ours: string;
  theirs: string;
  count: number;
  prefix: string[];
  focus: string;
}
const found = new Map<string, Found>();
let compared = 0;
let oracleCrashes = 0;
const samples = fc.sample(testCase, { numRuns: runs, seed });
/** Both outputs, or null when the oracle throws. */
function both(template: string, data: unknown, locale: string | null): { ours: string; theirs: string } | null {
  let theirs: string;
  try {
    // The published engine has no .bindvar; it is .var under another name.
    theirs = oracleRender(template.replaceAll('{.bindvar ', '{.var '), data, {
      locale,
      now,
      partials,
      injects: oracleInjects as any,
    }).output;
  } catch {
    return null;
  }
  return { ours: render(template, data, { locale, now, partials, injects, backend }).output, theirs };
}
const differs = (template: string, data: unknown, locale: string | null) => {
  const r = both(template, data, locale);
  return r !== null && r.ours !== r.theirs;
};

/** Shrinks a mismatch: drops prefix pieces, then prunes the data while the outputs still differ. */
function minimize(prefix: string[], focus: string, data: any, locale: string | null): { template: string; data: unknown } {
  let pieces = prefix.slice();
  for (let i = pieces.length - 1; i >= 0; i--) {
    const fewer = pieces.filter((_, j) => j !== i);
    if (differs(fewer.join('') + focus, data, locale)) pieces = fewer;
  }
  const template = pieces.join('') + focus;
  const prune = (node: any): void => {
    if (node === null || typeof node !== 'object') return;
    const keys = Array.isArray(node) ? [...node.keys()].reverse() : Object.keys(node);
    for (const k of keys) {
      const saved = node[k];
      if (Array.isArray(node)) node.splice(k as number, 1);
      else delete node[k];
      if (differs(template, data, locale)) continue;
      if (Array.isArray(node)) node.splice(k as number, 0, saved);
      else node[k] = saved;
      prune(saved);
    }
  };
  prune(data);
  return { template, data };
}

for (const t of samples) {
  const template = t.prefix.join('') + t.focus.text;
  const data = JSON.parse(JSON.stringify(t.data));
  const r = both(template, data, t.locale);
  if (r === null) {
    oracleCrashes++;
    continue;
  }
  compared++;
  if (r.ours === r.theirs) continue;
  const key = t.focus.key;
  const prev = found.get(key);
  const size = template.length + JSON.stringify(data).length;
  if (!prev || size < prev.template.length + prev.json.length) {
    found.set(key, {
      template,
      json: JSON.stringify(data),
      locale: t.locale,
      ours: r.ours,
      theirs: r.theirs,
      count: (prev?.count ?? 0) + 1,
      prefix: t.prefix,
      focus: t.focus.text,
    });
  } else {
    prev.count++;
  }
}

let shown = 0;
for (const [key, f] of [...found].sort((a, b) => b[1].count - a[1].count)) {
  if (shown++ >= show) break;
  const m = minimize(f.prefix, f.focus, JSON.parse(f.json), f.locale);
  const r = both(m.template, m.data, f.locale)!;
  Object.assign(f, { template: m.template, json: JSON.stringify(m.data), ours: r.ours, theirs: r.theirs });
  console.log(
    `MISMATCH ${key} (${f.count}x)\n template: ${JSON.stringify(f.template)}\n json:     ${f.json}\n locale:   ${f.locale}\n ours:     ${JSON.stringify(f.ours)}\n theirs:   ${JSON.stringify(f.theirs)}\n`,
  );
}
console.log(
  `seed ${seed}: ${compared} cases compared (${oracleCrashes} skipped: the oracle threw), ` +
    `${[...found.values()].reduce((s, f) => s + f.count, 0)} mismatches in ${found.size} features: ${[...found.keys()].join(' ') || 'none'}`,
);
process.exit(found.size ? 1 : 0);
