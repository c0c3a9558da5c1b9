// The i18n domain: localized dates, intervals, relative times, numbers, money and messages.
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/node.js';
import { datetimeOptions, decimalOptions, intervalOptions, relativeTimeOptions } from '../../../../engine/ts/plugins/i18n/options.js';
import { asMoney, asNumber } from '../../../../engine/ts/plugins/i18n/convert.js';

// 2021-09-15T18:45:30Z: a Wednesday, 2:45:30 PM in New York.
const T = 1631731530000;
const DAY = 86400000;

const out = (tpl: string, json: unknown, opts = {}) => render(tpl, json, opts).output;
// CLDR puts a narrow no-break space before AM/PM and thin spaces around interval dashes.

describe('value conversions', () => {
  it('reads timestamps like the published engine', () => {
    expect([asNumber('42'), asNumber('4e2'), asNumber('4.5e2'), asNumber(' 7x'), asNumber(true), asNumber(null), asNumber({})]).toEqual([
      42, 4, 450, 7, 1, 0, 0,
    ]);
    expect(asNumber('soon')).toBeNaN();
  });
  it('reads money from either shape, the first complete pair winning', () => {
    expect(asMoney({ decimalValue: '9.5', currencyCode: 'GBP', value: '1', currency: 'USD' })).toEqual({ amount: '9.5', currency: 'GBP' });
    expect(asMoney({ value: 3, currency: 'JPY' })).toEqual({ amount: 3, currency: 'JPY' });
    expect(asMoney({ decimalValue: '9.5', currency: 'GBP' })).toBeUndefined();
    expect(asMoney({ decimalValue: '9.5', currencyCode: null })).toEqual({ amount: '9.5', currency: '' });
    expect(asMoney('9.5')).toBeUndefined();
  });
});

describe('option parsing', () => {
  it('maps datetime arguments to widths and skeletons', () => {
    expect(datetimeOptions(['medium'])).toEqual({ datetime: 'medium' });
    expect(datetimeOptions(['date:full', 'time:hm'])).toEqual({ date: 'full', skeleton: 'hm' });
    expect(datetimeOptions(['yMMM', 'd', 'date'])).toEqual({ date: 'short', skeleton: 'yMMMd' });
    expect(datetimeOptions(['yMd', 'skeleton:Hm', 'wrap:bogus', 'context:nope'])).toEqual({ skeleton: 'Hm' });
  });
  it('keeps interval date, time and skeleton unless empty', () => {
    expect(intervalOptions(['yMMMd', 'date:yMd', 'time:', 'skeleton:'])).toEqual({ skeleton: 'yMMMd', date: 'yMd' });
  });
  it('reads number options with aliases, lenient integers and the 0-50 clamp', () => {
    expect(decimalOptions(['maxfrac:2x', 'minInt:-3', 'maxSig:99', 'no-group', 'round:floor', 'round:05up', 'style:weird'])).toEqual({
      maximumFractionDigits: 2,
      minimumIntegerDigits: 0,
      maximumSignificantDigits: 50,
      group: false,
      round: 'floor',
    });
    expect(decimalOptions(['group:yes']).group).toBe(false);
    expect(decimalOptions(['group']).group).toBe(true);
  });
  it('reads relative-time flags only when spelled true', () => {
    expect(relativeTimeOptions(['allowWeeks', 'numericOnly:true', 'field:quarter', 'width:narrow'])).toEqual({
      allowWeeks: false,
      numericOnly: true,
      width: 'narrow',
    });
  });
});

describe('datetime', () => {
  it('defaults to the long date in the site time zone', () => {
    expect(out('{t|datetime}', { t: T })).toBe('September 15, 2021');
    expect(out('{t|datetime time:short}', { t: T, website: { timeZone: 'Europe/London' } })).toBe('7:45\u202fPM');
  });
  it('combines widths and skeletons', () => {
    expect(out('{t|datetime date:short time:hm}', { t: T })).toBe('9/15/21, 2:45\u202fPM');
    expect(out('{t|datetime yMMMd}', { t: T })).toBe('Sep 15, 2021');
    expect(out('{t|datetime date:long time:short wrap:short}', { t: T })).toBe('September 15, 2021, 2:45\u202fPM');
  });
  it('localizes and switches calendars', () => {
    expect(out('{t|datetime date:medium}', { t: T }, { locale: 'de-DE' })).toBe('15.09.2021');
    expect(out('{t|datetime date:long calendar:japanese}', { t: T }, { locale: 'ja' })).toBe('令和3年9月15日');
  });
  it('prints nothing for text or without locale data', () => {
    expect(out('[{t|datetime}]', { t: 'later' })).toBe('[]');
    expect(out('[{t|datetime}]', { t: T }, { locale: null })).toBe('[]');
  });
});

describe('datetime-interval', () => {
  it('formats two variables with the smallest differing field', () => {
    expect(out('{a, b|datetime-interval}', { a: T, b: T + 3600000 })).toBe('2:45\u2009–\u20093:45\u202fPM');
    expect(out('{a, b|datetime-interval yMMMd}', { a: T, b: T + 40 * DAY })).toBe('Sep 15\u2009–\u2009Oct 25, 2021');
  });
  it('needs two numeric variables', () => {
    expect(out('[{a|datetime-interval}][{a, b|datetime-interval}]', { a: T, b: 'x' })).toBe('[][]');
  });
});

describe('relative-time', () => {
  it('measures from the clock, or from the first variable', () => {
    expect(out('{t|relative-time}', { t: T + 3 * DAY }, { now: T })).toBe('in 3 days');
    expect(out('{a, b|relative-time context:begin-sentence}', { a: T, b: T - 2 * 3600000 })).toBe('2 hours ago');
    expect(out('{a, b|relative-time allowWeeks:true}', { a: T, b: T + 12 * DAY })).toBe('in 2 weeks');
  });
  it('measures in UTC, so a daylight saving change does not shorten a span', () => {
    // 2021-11-01 to 2021-11-12 crosses the end of daylight time in New York: still 11.5 days.
    expect(out('{a, b|relative-time minFrac:1}', { a: 1635768000000, b: 1635768000000 + 11.5 * DAY })).toBe('in 11.5 days');
  });
});

describe('decimal', () => {
  it('groups, scales and rounds', () => {
    expect(out('{n|decimal}', { n: '9876543.21' })).toBe('9,876,543.21');
    expect(out('{n|decimal group:false maxFrac:1}', { n: '9876543.21' })).toBe('9876543.2');
    expect(out('{n|decimal style:percent}', { n: 0.256 })).toBe('26%');
    expect(out('{n|decimal style:short}', { n: 9876543 })).toBe('9.9M');
    expect(out('{n|decimal maxFrac:0 round:ceiling}', { n: '2.1' })).toBe('3');
  });
  it('localizes separators', () => {
    expect(out('{n|decimal}', { n: '9876543.21' }, { locale: 'fr-FR' })).toBe('9\u202f876\u202f543,21');
  });
  it('prints nothing for what is not a number', () => {
    expect(out('[{a|decimal}][{b|decimal}][{c|decimal}]', { a: '1,000', b: true, c: { n: 1 } })).toBe('[][][]');
  });
});

describe('money', () => {
  it('formats both money shapes in major units', () => {
    expect(out('{m|money}', { m: { decimalValue: '4321.5', currencyCode: 'USD' } })).toBe('$4,321.50');
    expect(out('{m|money}', { m: { value: '4321', currency: 'JPY' } })).toBe('¥4,321');
    expect(out('{m|money style:code}', { m: { value: 7, currency: 'CHF' } })).toBe('7.00 CHF');
  });
  it('knows accounting and long styles and localizes', () => {
    expect(out('{m|money style:accounting}', { m: { decimalValue: '-2', currencyCode: 'EUR' } })).toBe('(€2.00)');
    expect(out('{m|money style:name}', { m: { decimalValue: '1', currencyCode: 'GBP' } })).toBe('1.00 British pounds');
    expect(out('{m|money}', { m: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'de-DE' })).toBe('1.234,50\u00a0€');
  });
  it('prints nothing for plain numbers and broken objects', () => {
    expect(
      out('[{a|money}][{b|money}][{c|money}]', { a: 12, b: { decimalValue: 'x', currencyCode: 'USD' }, c: { currencyCode: 'USD' } }),
    ).toBe('[][][]');
  });
  // Results are memoized by arguments, currency and amount: none of them may leak into another.
  it('keeps memoized results apart by arguments, currency, locale and amount', () => {
    const m = (value: unknown, currency: string) => ({ m: { value, currency } });
    expect(out('{m|money}', m('5', 'USD'))).toBe('$5.00');
    expect(out('{m|money}', m('5', 'EUR'))).toBe('€5.00');
    expect(out('{m|money style:code}', m('5', 'USD'))).toBe('5.00 USD');
    expect(out('{m|money}', m('5', 'EUR'), { locale: 'de-DE' })).toBe('5,00\u00a0€');
    expect(out('{m|money}', m(5, 'USD'))).toBe('$5.00');
    expect(out('{m|money}', m('5.5', 'USD'))).toBe('$5.50');
    expect(out('{m|money}', m('5', 'USD'))).toBe('$5.00');
  });
  it('stays right past the memo bound (4096 results)', () => {
    const products = Array.from({ length: 5000 }, (_, i) => ({ m: { value: String(i + 1000), currency: 'USD' } }));
    const text = out('{.repeated section p}{m|money};{.end}', { p: products });
    const parts = text.split(';');
    expect(parts[0]).toBe('$1,000.00');
    expect(parts[4999]).toBe('$5,999.00');
    expect(out('{m|money}', m2('1000'))).toBe('$1,000.00');
    function m2(value: string) {
      return { m: { value, currency: 'USD' } };
    }
  });
});

describe('message and plural', () => {
  it('fills positional and named arguments; named ones take a slot too', () => {
    const json = { msg: '{who} has {1} {1 plural one{box} other{boxes}} ({0})', p: { n: 'Ann' }, k: 2 };
    expect(out('{msg|message who=p.n k}', json)).toBe('Ann has 2 boxes (Ann)');
    expect(out('{msg|message who:p.n k}', json)).toBe('Ann has 2 boxes (Ann)');
  });
  it('uses the locale plural rules and keeps visible decimals', () => {
    const msg = '{0 plural one{# one} other{# other}}';
    expect(out('{m|message a}|{m|message b}', { m: msg, a: '1', b: '1.0' })).toBe('1 one|1.0 other');
    expect(out('{m|message a}', { m: msg, a: '1.5' }, { locale: 'fr-FR' })).toBe('1.5 one');
  });
  it('runs the value formatters inside messages', () => {
    const json = {
      m: '{0 decimal style:short} {1 money} {2 datetime date:short} {2;3 datetime-interval MMMd}',
      n: 45000,
      c: { value: '5', currency: 'EUR' },
      s: T,
      e: T + 2 * DAY,
    };
    expect(out('{m|message n c s e}', json)).toBe('45K €5.00 9/15/21 Sep 15\u2009–\u200917');
  });
  it('prints missing values as empty, unknown numbers as 0 and absent arguments as NaN', () => {
    expect(out('[{m|message x}]', { m: '{0}|{0 decimal}|{0 plural other{#}}|{1 plural other{#}}' })).toBe('[|0|0|NaN]');
  });
  it('honours apostrophe escapes and is also called plural', () => {
    expect(out('{m|plural a}', { m: "it''s '{0}' {0}", a: 'x' })).toBe("it's {0} x");
  });
  it('prints nothing without locale data', () => {
    expect(out('[{m|message}]', { m: 'hello' }, { locale: null })).toBe('[]');
  });
});

describe('not implemented formatters', () => {
  it('are known to the parser and report an error', () => {
    for (const name of ['datetimefield', 'i18n-money-format', 'money-format', 'money-string', 'moneyFormat', 'unit']) {
      const r = render(`{x|${name}}`, { x: {} });
      expect(r.errors.map((e) => e.message)).toContain(`"${name}" formatter is not yet implemented`);
    }
  });
});
