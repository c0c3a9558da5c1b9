// Locale-aware formatting of one value, shared by the i18n formatters and by the formatters that
// ICU-style messages call (`{0 decimal}`, `{0 money}`, `{0 datetime}`...). CLDR formatting is
// the costly part of a render and is pure, so results are memoized per locale, and parsed
// options per argument list (compiled templates hand the same array on every render).
import type { CLDR, CurrencyType } from '@phensley/cldr';
import { asDecimal, asMoney, asNumber } from './convert.js';
import { currencyOptions, datetimeOptions, decimalOptions, intervalOptions, relativeTimeOptions } from './options.js';

interface Parsed<T> {
  /** The arguments as one string, part of memo keys. */
  key: string;
  opts: T;
}

/** Parses an argument list once per array. */
function optionCache<T>(parse: (args: string[]) => T): (args: string[]) => Parsed<T> {
  const cache = new WeakMap<string[], Parsed<T>>();
  // The last array asked about, answered without hashing: a grid formats one price per product
  // with the same arguments.
  let lastArgs: string[] | null = null;
  let last: Parsed<T> | null = null;
  return (args) => {
    if (args === lastArgs) return last!;
    let p = cache.get(args);
    if (p === undefined) {
      p = { key: args.join('\u0001'), opts: parse(args) };
      cache.set(args, p);
    }
    lastArgs = args;
    last = p;
    return p;
  };
}

const decimalArgs = optionCache(decimalOptions);
const currencyArgs = optionCache(currencyOptions);
const datetimeArgs = optionCache(datetimeOptions);
const intervalArgs = optionCache(intervalOptions);
const relativeArgs = optionCache(relativeTimeOptions);

const MEMO_LIMIT = 4096;
const memos = new WeakMap<CLDR, Map<string, string>>();

function memo(cldr: CLDR): Map<string, string> {
  let m = memos.get(cldr);
  if (m === undefined) {
    m = new Map();
    memos.set(cldr, m);
  }
  return m;
}

/**
 * Returns the memoized result for `key`, or computes and remembers it (bounded). Keys put the
 * template's arguments first and data values last or length-prefixed, so that no two inputs
 * share a key.
 */
export function remember(cldr: CLDR, key: string, compute: () => string): string {
  const m = memo(cldr);
  let s = m.get(key);
  if (s === undefined) {
    s = compute();
    if (m.size >= MEMO_LIMIT) m.clear();
    m.set(key, s);
  }
  return s;
}

/** A number as text; '' when the value is not a number or numeric string. */
export function formatDecimal(cldr: CLDR, value: unknown, args: string[]): string {
  const p = decimalArgs(args);
  if (typeof value === 'number' || typeof value === 'string') {
    return remember(cldr, `d${p.key}\u0002${typeof value}${value}`, () => decimalText(cldr, value, p.opts));
  }
  return decimalText(cldr, value, p.opts);
}

function decimalText(cldr: CLDR, value: unknown, opts: ReturnType<typeof decimalOptions>): string {
  const d = asDecimal(value);
  return d === undefined ? '' : cldr.Numbers.formatDecimal(d, opts);
}

/** Money results of one locale: by parsed arguments, then currency, then the amount as found. */
interface MoneyMemo {
  size: number;
  byArgs: Map<Parsed<unknown>, Map<string, Map<unknown, string>>>;
  /** The amounts map found last and what it was found by: a page's prices share both. */
  lastArgs: Parsed<unknown> | null;
  lastCurrency: string;
  lastByAmount: Map<unknown, string> | null;
}

const moneyMemos = new WeakMap<CLDR, MoneyMemo>();
let lastMoneyCldr: CLDR | null = null;
let lastMoneyMemo: MoneyMemo | null = null;

// Prices are the most frequent locale formatting of a page (one per product in a grid), so their
// memo is nested maps keyed by the values themselves: no key text is built per price, and the
// amount strings of the data hash once. A number and a string amount are distinct keys, as 8.8
// and "8.8" were in the text key; 0 and -0 share one, as they did there.
function moneyMemo(cldr: CLDR): MoneyMemo {
  if (cldr === lastMoneyCldr) return lastMoneyMemo!;
  let m = moneyMemos.get(cldr);
  if (m === undefined) moneyMemos.set(cldr, (m = { size: 0, byArgs: new Map(), lastArgs: null, lastCurrency: '', lastByAmount: null }));
  lastMoneyCldr = cldr;
  lastMoneyMemo = m;
  return m;
}

/** A money object as text; '' when it is not one. */
export function formatMoney(cldr: CLDR, value: unknown, args: string[]): string {
  const m = asMoney(value);
  if (m === undefined) return '';
  const amount = m.amount;
  if (typeof amount !== 'number' && typeof amount !== 'string') return '';
  const p = currencyArgs(args);
  const memo = moneyMemo(cldr);
  let byAmount: Map<unknown, string>;
  if (memo.lastByAmount !== null && memo.lastArgs === p && memo.lastCurrency === m.currency) {
    byAmount = memo.lastByAmount;
  } else {
    let byCurrency = memo.byArgs.get(p);
    if (byCurrency === undefined) memo.byArgs.set(p, (byCurrency = new Map()));
    let found = byCurrency.get(m.currency);
    if (found === undefined) byCurrency.set(m.currency, (found = new Map()));
    byAmount = found;
    memo.lastArgs = p;
    memo.lastCurrency = m.currency;
    memo.lastByAmount = byAmount;
  }
  let s = byAmount.get(amount);
  if (s === undefined) {
    const d = asDecimal(amount);
    s = d === undefined ? '' : cldr.Numbers.formatCurrency(d, m.currency as CurrencyType, p.opts);
    if (memo.size >= MEMO_LIMIT) {
      memo.byArgs.clear();
      memo.size = 0;
      const byCurrency = new Map<string, Map<unknown, string>>();
      memo.byArgs.set(p, byCurrency);
      byCurrency.set(m.currency, (byAmount = new Map()));
      memo.lastArgs = p;
      memo.lastCurrency = m.currency;
      memo.lastByAmount = byAmount;
    }
    byAmount.set(amount, s);
    memo.size++;
  }
  return s;
}

/** An epoch as a localized date and/or time; '' when it is not a number. */
export function formatDatetime(cldr: CLDR, value: unknown, args: string[], zoneId: string): string {
  const date = asNumber(value);
  if (Number.isNaN(date)) return '';
  const p = datetimeArgs(args);
  return remember(cldr, `t${p.key}\u0002${date}\u0002${zoneId}`, () => cldr.Calendars.formatDate({ date, zoneId }, p.opts));
}

/** Two epochs as a localized interval ("Feb 24 – Jun 19, 2020"); '' unless both are numbers. */
export function formatInterval(cldr: CLDR, start: unknown, end: unknown, args: string[], zoneId: string): string {
  const s = asNumber(start);
  const e = asNumber(end);
  if (Number.isNaN(s) || Number.isNaN(e)) return '';
  const p = intervalArgs(args);
  return remember(cldr, `i${p.key}\u0002${s}\u0002${e}\u0002${zoneId}`, () =>
    cldr.Calendars.formatDateInterval({ date: s, zoneId }, { date: e, zoneId }, p.opts),
  );
}

/**
 * The time from `start` to `end` in words ("in 3 days"). Measured in UTC, as the published
 * engine does: spans across a DST change are not shortened.
 */
export function formatRelative(cldr: CLDR, start: number, end: number, args: string[]): string {
  const p = relativeArgs(args);
  return remember(cldr, `r${p.key}\u0002${start}\u0002${end}`, () =>
    cldr.Calendars.formatRelativeTime({ date: start }, { date: end }, p.opts),
  );
}
