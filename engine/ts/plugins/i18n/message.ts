// ICU-style messages (`message` and `plural` formatters) on @phensley/cldr's MessageFormatter,
// with the template's own value formatters available inside: `{0 decimal style:short}`.
import { Decimal, type CLDR, type MessageArgConverter, type MessageFormatter, type MessageNamedArgs } from '@phensley/cldr';
import { asNumber } from './convert.js';
import { scalarText } from '../../values.js';
import { formatDatetime, formatDecimal, formatInterval, formatMoney, remember } from './format.js';

/**
 * JSON values as message arguments. An argument the template passed is never undefined (a
 * missing value arrives as null) and reads as 0 when it is not a number; `undefined` is an
 * argument the message names but the template did not pass, which formats as nothing or NaN.
 * An object stands for its `decimalValue` (else its `value`), so money prints as its amount.
 */
const converter: MessageArgConverter = {
  asString(arg: unknown): string {
    if (arg instanceof Decimal) return arg.toString(); // the value of `#` in a plural branch
    return scalarText(unwrap(arg));
  },
  asDecimal: toDecimal,
};

function unwrap(arg: unknown): unknown {
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) return arg;
  const o = arg as Record<string, unknown>;
  return o.decimalValue !== undefined ? o.decimalValue : o.value;
}

const ZERO = new Decimal(0);
const ONE = new Decimal(1);
const NAN = new Decimal(NaN);

function parseDecimal(v: unknown): Decimal {
  if (typeof v !== 'number' && typeof v !== 'string') return ZERO;
  try {
    return new Decimal(v);
  } catch {
    return ZERO;
  }
}

function toDecimal(arg: unknown): Decimal {
  switch (typeof arg) {
    case 'boolean':
      return arg ? ONE : ZERO;
    case 'undefined':
      return NAN;
    case 'object':
      if (arg instanceof Decimal) return arg;
      return parseDecimal(unwrap(arg));
    default:
      return parseDecimal(arg);
  }
}

/**
 * The render in progress. Message formatter functions get only their arguments, so the CLDR
 * instance and time zone they need are read from here (rendering is synchronous).
 */
let current: { cldr: CLDR; zone: string } | null = null;

function decimal(args: unknown[], options: string[]): string {
  return args[0] === undefined ? '' : formatDecimal(current!.cldr, toDecimal(args[0]), options);
}

function money(args: unknown[], options: string[]): string {
  return formatMoney(current!.cldr, args[0], options);
}

function datetime(args: unknown[], options: string[]): string {
  return args[0] === undefined ? '' : formatDatetime(current!.cldr, args[0], options, current!.zone);
}

/** `{0;1 datetime-interval}`: unlike the formatter, a non-numeric end point is the epoch. */
function interval(args: unknown[], options: string[]): string {
  if (args[0] === undefined || args[1] === undefined) return '';
  const s = asNumber(args[0]);
  const e = asNumber(args[1]);
  return formatInterval(current!.cldr, Number.isNaN(s) ? 0 : s, Number.isNaN(e) ? 0 : e, options, current!.zone);
}

const formatters = {
  decimal,
  number: decimal,
  money,
  currency: money,
  datetime,
  'datetime-interval': interval,
};

/** One formatter per locale: each keeps a cache of parsed messages. */
const byLocale = new WeakMap<CLDR, MessageFormatter>();

/**
 * Formats `message` with its arguments. `memoKey`, when not null, identifies the arguments
 * completely (plain values only) so that the result can be reused.
 */
export function formatMessage(
  cldr: CLDR,
  zone: string,
  message: string,
  positional: unknown[],
  named: MessageNamedArgs,
  memoKey: string | null,
): string {
  if (memoKey === null) return evaluate(cldr, zone, message, positional, named);
  return remember(cldr, `g${memoKey}\u0003${zone.length}:${zone}${message}`, () => evaluate(cldr, zone, message, positional, named));
}

function evaluate(cldr: CLDR, zone: string, message: string, positional: unknown[], named: MessageNamedArgs): string {
  let mf = byLocale.get(cldr);
  if (mf === undefined) {
    mf = cldr.General.messageFormatter({ formatters, converter, cacheSize: 256 });
    byLocale.set(cldr, mf);
  }
  const saved = current;
  current = { cldr, zone };
  try {
    return mf.format(message, positional, named);
  } finally {
    current = saved;
  }
}
