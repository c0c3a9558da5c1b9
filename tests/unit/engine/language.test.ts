// The language beyond the shared corpus, each rule matched to the published engine by
// tests/tools/diff-fuzz.ts: `$` names, include in the caller's frame, macros defined when they run,
// record-type predicates, localized fallback texts, and missing values left missing.
import { describe, expect, it } from 'vitest';
import { render } from '../../../engine/node.js';

const out = (tpl: string, json: unknown = {}, opts = {}) => render(tpl, json, opts).output;

describe('names that begin with $', () => {
  it('are read in variables, paths, sections, .if, .var and .ctx', () => {
    const json = { $a: 1, $b: { c: { $d: 2 } }, $y: 3, $l: [1, 2], $s: { $x: 5 } };
    expect(out('{$a} {$b.c.$d} {.var @x $y}{@x}', json)).toBe('1 2 3');
    expect(out('{.section $s}{$x}{.end}|{.repeated section $l}{@}{.end}|{.if $a}y{.end}', json)).toBe('5|12|y');
    expect(out('{.ctx @c k=$s}{@c.k.$x}|{$a,$y|json}', json)).toBe('5|1');
  });
  it('need a letter after the $, and segments follow the published pattern', () => {
    // `$` alone, `$1`, `$$a`, `@$a`, `1a`, `@1`, `a@b` and `a.1b` are not references: the tag is text.
    const tpl = '{$}{$1}{$$a}{@$a}{1a}{@1}{a@b}{a.1b}{.var @1 a}{.var @$x a}';
    expect(out(tpl, { a: 1 })).toBe(tpl);
  });
});

describe('.include', () => {
  it('runs in the caller frame: what the macro binds is seen after it', () => {
    expect(out('{.macro m}{.eval @x = 5}{.var @y a}{.end}{.include m}[{@x}][{@y}]', { a: 'A' })).toBe('[5][A]');
    expect(out('{.section s}{.include p}{@z}{.end}', { s: { k: 'K' } }, { partials: { p: '{.eval @z = k}' } })).toBe('K');
  });
  it('drops the output unless the output option is given', () => {
    const partials = { p: 'P' };
    expect(out('[{.include p}][{.include p output}][{.include p x output}]', {}, { partials })).toBe('[][P][P]');
  });
  it('is text without a name, and an error when the name is unknown', () => {
    expect(out('{.include}{.include }')).toBe('{.include}{.include }');
    const res = render('{.include  p output}', {}, { partials: { p: 'P' } });
    expect(res.output).toBe('');
    expect(res.errors.map((e) => e.message)).toEqual(["Attempt to apply partial '' which could not be found."]);
  });
});

describe('macros', () => {
  it('are defined when their instruction runs, in the frame it runs in', () => {
    // Before its definition, the name is the partial's; a macro defined in a section ends with it.
    const partials = { m: 'P' };
    expect(out('{a|apply m}{.macro m}M{.end}{a|apply m}', { a: 1 }, { partials })).toBe('PM');
    expect(out('{.section s}{.macro m}M{.end}{a|apply m}{.end}{a|apply m}', { s: 1, a: 1 }, { partials })).toBe('MP');
  });
  it('count a refused recursion against the rest of the render, as the published engine does', () => {
    const res = render('{.macro m}x{@|apply m}{.end}{a|apply m}|{a|apply m}', { a: 1 });
    expect(res.output).toBe('x'.repeat(16) + '|' + 'x'.repeat(15));
  });
});

describe('record-type predicates', () => {
  it('exist for every record type of the spec', () => {
    const types: [string, number][] = [
      ['text', 1],
      ['image', 2],
      ['quote', 4],
      ['link', 5],
      ['chat', 6],
      ['audio', 7],
      ['video', 8],
      ['review', 10],
      ['store-item', 11],
      ['event', 12],
      ['thread', 13],
      ['gallery', 14],
      ['binary', 15],
      ['css-asset', 16],
      ['tweak-asset', 17],
      ['digital-good', 18],
      ['attachment', 19],
      ['wordpress-export', 20],
      ['json-export', 21],
      ['site-search', 30],
      ['active-time', 31],
      ['tweet', 50],
      ['checkin', 52],
      ['kbarticle', 54],
      ['lesson', 62],
      ['undefined', -1],
    ];
    for (const [name, code] of types) {
      const res = render(`{.${name}?}y{.or}n{.end}`, { recordType: code });
      expect(res.errors, name).toEqual([]);
      expect(res.output, name).toBe('y');
      expect(out(`{.${name}?}y{.or}n{.end}`, { recordType: 9 }), name).toBe('n');
    }
  });
});

describe('localized texts over a formatter fallback', () => {
  const sub = { structuredContent: { isSubscribable: true, productType: 1 } };
  it('the unavailable subscription price', () => {
    expect(out('{item|product-price}', { item: sub })).toContain('\nUnavailable\n');
    expect(out('{item|product-price}', { item: sub, localizedStrings: { productPriceUnavailable: 'Indisponible' } })).toContain(
      '\nIndisponible\n',
    );
    // Formatted as the published template does, with the price arguments all "true".
    expect(out('{item|product-price}', { item: sub, localizedStrings: { productPriceUnavailable: 'N {fromPrice}' } })).toContain(
      '\nN true\n',
    );
  });
  it('the from price names its argument fromPrice', () => {
    const item = { structuredContent: { productType: 1, variants: [{ price: 100 }, { price: 200 }] } };
    expect(out('{item|product-price}', { item, localizedStrings: { productPriceFromText: 'dès {fromPrice}' } })).toMatch(
      /\ndès <span class="sqs-money-native">[\d.]+<\/span>/,
    );
  });
  it('the form summary no-answer text and likert answers', () => {
    const field = { rawTitle: 'Q', type: 'text', value: '' };
    expect(out('{f|summary-form-field}', { f: field })).toContain('Q:</span> N/A');
    expect(out('{f|summary-form-field}', { f: field, localizedStrings: { productSummaryFormNoAnswerText: ' Aucune ' } })).toContain(
      'Q:</span> Aucune',
    );
    const likert = { rawTitle: 'L', type: 'likert', values: { a: '2', b: '9' } };
    expect(
      out('{f|summary-form-field}', {
        f: likert,
        localizedStrings: { productAnswerMapStronglyAgree: 'Oui', productAnswerMapNeutral: 'Bof' },
      }),
    ).toContain('a:</span> Oui</div>\n  <div><span style="font-weight:bold;">b:</span> Bof');
  });
  it('the product marks read scalar overrides as text', () => {
    const soldOut = { structuredContent: { productType: 1, variants: [{ unlimited: false, qtyInStock: 0 }] } };
    expect(out('{p|product-status}', { p: soldOut })).toBe('<div class="product-mark sold-out">sold out</div>');
    expect(out('{p|product-status}', { p: soldOut, localizedStrings: { productSoldOutText: false } })).toBe(
      '<div class="product-mark sold-out">false</div>',
    );
  });
});

describe('the video formatter', () => {
  it('writes no empty data-color attributes when there is no colour data', () => {
    const v = { overlay: true, mainImageId: '1' };
    for (const colorData of [undefined, null, {}, []]) {
      expect(out('{v|video color-data}', { v: { ...v, colorData } })).not.toContain('data-color-');
    }
    expect(out('{v|video color-data}', { v: { ...v, colorData: { topLeftAverage: 'aaa' } } })).toContain('data-color-topleft="#aaa"');
  });
});

describe('missing values stay missing', () => {
  it('through formatters that have nothing to show', () => {
    expect(out('[{a|quantity-input|json}][{a|variants-select|json}][{a|safe|json}][{a|product-scarcity|json}]')).toBe('[][][][]');
    expect(out('[{c|product-scarcity|json}]', { c: {} })).toBe('[{}]');
  });
  it('date without a pattern and lookup without a key are empty strings', () => {
    expect(render('[{s|date|json}][{a|lookup  1|json}]', { s: 'abc' })).toMatchObject({ output: '[""][""]', errors: [] });
  });
});
