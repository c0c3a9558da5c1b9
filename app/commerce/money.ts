// Money as the spec shapes it: integer minor units in, {currency, value} with the exact decimal
// text out, and the shopper-facing text ("$12.50"). Pure: imports nothing from the app.

/** Fraction digits per currency (SPEC: 2, except JPY with 0). */
const MINOR_DIGITS: Record<string, number> = { JPY: 0 };

/** Fraction digits of `currency`: 2, JPY 0. */
export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

export interface Money {
  currency: string;
  value: string;
}

/** Integer minor units as the exact decimal text of major units: 1250 USD -> "12.50", 1250 JPY -> "1250". */
export function moneyValue(cents: number | bigint | string, currency: string): string {
  const s = String(cents);
  if (!/^-?\d+$/.test(s)) throw new Error(`Money amount ${s} is not an integer number of minor units`);
  const neg = s.startsWith('-');
  const digits = (neg ? s.slice(1) : s).replace(/^0+(?=\d)/, '');
  const frac = minorDigits(currency);
  if (frac === 0) return (neg && digits !== '0' ? '-' : '') + digits;
  const padded = digits.padStart(frac + 1, '0');
  const text = `${padded.slice(0, -frac)}.${padded.slice(-frac)}`;
  return (neg && /[1-9]/.test(digits) ? '-' : '') + text;
}

export function money(cents: number | bigint | string, currency: string): Money {
  return { currency, value: moneyValue(cents, currency) };
}

// Making an Intl.NumberFormat costs far more than using one: one per locale and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(amountCents: number, currency: string, locale = 'en-US'): string {
  const key = `${locale}\u0000${currency}`;
  let fmt = moneyFormats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { style: 'currency', currency });
    if (moneyFormats.size < 200) moneyFormats.set(key, fmt);
  }
  // A decimal string keeps the amount exact (no float division).
  return fmt.format(moneyValue(amountCents, currency) as unknown as number);
}
