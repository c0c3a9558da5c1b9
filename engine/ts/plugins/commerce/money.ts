// Money text: the legacy "native" format (comma thousands, point decimals, half-up to cents,
// whatever the locale), locale-aware CLDR currency formatting, and the bookkeeper / percentage
// formatters.
import { Decimal, type CLDR, type CurrencyType } from '@phensley/cldr';
import type { Context } from '../../context.js';
import { child, lookup, truthy } from './util.js';

const FLAG_PATH = ['featureFlags', 'useCLDRMoneyFormat'];

/** Whether prices of `item` use CLDR currency formatting (the site's feature flag). */
export function useCldrMoney(ctx: Context, item: unknown): boolean {
  return truthy(lookup(ctx, item, FLAG_PATH));
}

/**
 * The legacy money text of an amount. The published engine goes through a JavaScript number
 * here, so precision beyond a double is lost and -0 keeps its sign.
 */
export function legacyMoney(ctx: Context, amount: Decimal): string {
  let n: number;
  if (amount.isNaN()) n = NaN;
  else if (amount.isInfinity()) n = amount.isNegative() ? -Infinity : Infinity;
  else n = Number(amount.toString());
  if (n !== n) return 'NaN';
  const neg = n < 0 || Object.is(n, -0);
  if (n === Infinity || n === -Infinity) return neg ? '-∞' : '∞';
  const abs = neg ? -n : n;
  const digits = String(abs);
  // Fast path: the shortest decimal text of the double, rounded half up on its third decimal,
  // while the cents still fit exactly in a double.
  if (abs < 1e13 && digits.indexOf('e') < 0) {
    const dot = digits.indexOf('.');
    let cents = Number(dot < 0 ? digits : digits.slice(0, dot)) * 100;
    if (dot >= 0) {
      const c1 = digits.charCodeAt(dot + 1);
      const c2 = dot + 2 < digits.length ? digits.charCodeAt(dot + 2) : 48;
      cents += (c1 - 48) * 10 + (c2 - 48);
      if (dot + 3 < digits.length && digits.charCodeAt(dot + 3) >= 53) cents++;
    }
    const whole = Math.floor(cents / 100);
    const frac = cents - whole * 100;
    return (neg ? '-' : '') + ctx.kernels.groupDigits(String(whole), ',') + (frac < 10 ? '.0' : '.') + frac;
  }
  const s = new Decimal(digits).setScale(2, 'half-up').toString();
  const dot = s.indexOf('.');
  const int = dot < 0 ? s : s.slice(0, dot);
  const frac = dot < 0 ? '00' : s.slice(dot + 1);
  return (neg ? '-' : '') + ctx.kernels.groupDigits(int, ',') + '.' + frac;
}

/** Locale currency text of an amount (half-even, the currency's own fraction digits). */
export function cldrMoney(cldr: CLDR, amount: Decimal, currency: unknown): string {
  const code = currency === undefined ? 'USD' : String(currency);
  return cldr.Numbers.formatCurrency(amount, code as CurrencyType);
}

/**
 * A product price as the product templates print it: nothing without locale data, CLDR text
 * when the feature flag is on, else the native span.
 */
export function priceHtml(ctx: Context, amount: Decimal, money: unknown, cldrFlag: boolean): string {
  const cldr = ctx.cldr;
  if (cldr === undefined) return '';
  if (cldrFlag) return cldrMoney(cldr, amount, child(money, 'currency'));
  return '<span class="sqs-money-native">' + legacyMoney(ctx, amount) + '</span>';
}

const ZERO = new Decimal(0);

/** A number or numeric string as a Decimal; 0 for anything else. */
export function decimalOf(v: unknown): Decimal {
  if (typeof v === 'number') return Number.isFinite(v) ? new Decimal(v) : ZERO;
  if (typeof v === 'string') {
    try {
      return new Decimal(v);
    } catch {
      return ZERO;
    }
  }
  return ZERO;
}

const regionCurrency = new WeakMap<CLDR, CurrencyType>();

/** The currency of the locale's region (USD for en, EUR for de-DE, JPY for ja...). */
export function localeCurrency(cldr: CLDR): CurrencyType {
  let c = regionCurrency.get(cldr);
  if (c === undefined) {
    c = cldr.Numbers.getCurrencyForRegion(cldr.General.locale().tag.region()) || ('USD' as CurrencyType);
    regionCurrency.set(cldr, c);
  }
  return c;
}

/** Cents as the locale's own currency. */
export function bookkeeperMoney(cldr: CLDR, cents: unknown): string {
  return cldr.Numbers.formatCurrency(decimalOf(cents).movePoint(-2), localeCurrency(cldr));
}

const PCT = { minimumFractionDigits: 2, maximumFractionDigits: 3 };
const PCT_TRIM = { minimumFractionDigits: 0, maximumFractionDigits: 3 };

/** A percentage figure with two or three decimals (none to three when trimmed). */
export function percentage(cldr: CLDR, v: unknown, trim: boolean): string {
  return cldr.Numbers.formatDecimal(decimalOf(v), trim ? PCT_TRIM : PCT);
}
