// How the date, number and money formatters read JSON values: epoch numbers, decimals and money
// objects, with the published engine's lenient conversions.
import { Decimal } from '@phensley/cldr';

/**
 * A value as a number, as the published engine reads timestamps: booleans are 0/1, strings with a
 * point parse as floats and others as base-10 integers ("1e3" is 1, "12abc" is 12), anything
 * else (missing, null, objects, arrays) is 0. Unparseable strings give NaN.
 */
export function asNumber(v: unknown): number {
  // typeof tests rather than a switch on typeof: see values.ts.
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.indexOf('.') >= 0 ? parseFloat(v) : parseInt(v, 10);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

/** A number or numeric string as a Decimal; undefined for anything else or unparseable text. */
export function asDecimal(v: unknown): Decimal | undefined {
  if (typeof v === 'number') return new Decimal(v);
  if (v instanceof Decimal) return v;
  if (typeof v !== 'string') return undefined;
  try {
    return new Decimal(v);
  } catch {
    return undefined;
  }
}

export interface Money {
  /** The amount as found: parse it with asDecimal (invalid amounts print nothing). */
  amount: unknown;
  currency: string;
}

/**
 * A money object: `{decimalValue, currencyCode}` or else `{value, currency}` (both in major
 * units). A pair counts when both keys are there, even as null: a null amount prints nothing, a
 * null currency an amount without symbol. Anything else is undefined.
 */
export function asMoney(v: unknown): Money | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  let amount = o.decimalValue;
  let currency = o.currencyCode;
  if (amount === undefined || currency === undefined) {
    amount = o.value;
    currency = o.currency;
    if (amount === undefined || currency === undefined) return undefined;
  }
  return { amount, currency: typeof currency === 'string' ? currency : currency === null ? '' : String(currency) };
}
