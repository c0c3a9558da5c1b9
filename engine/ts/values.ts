// How JSON values behave in templates: truthiness for sections and .if, and the text a value
// prints as when a variable is output. Types are tested with `typeof v === '...'`, which the
// optimizing compiler turns into a type check: `switch (typeof v)` first builds the type's name
// (a call, measured on every variable of a render).

/** Section truthiness: missing, null, false, 0, '', [] and {} are false. */
export function isTruthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'object') {
    if (Array.isArray(v)) return v.length > 0;
    for (const _ in v) return true;
    return false;
  }
  return true;
}

/** The text of a value when output: objects and missing print nothing, arrays join with commas. */
export function toText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.map((x) => String(x)).join(',');
  return '';
}

/** A scalar as text (strings as is, numbers and booleans printed); '' for null, missing and containers. */
export function scalarText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return '';
}

// A leading decimal number, as the published engine reads numeric strings: the exponent counts
// only after a fractional part ("1e3" reads 1, "1.5e3" reads 1500); hex and "Infinity" are not numbers.
const LEADING_NUMBER = /^\s*([+-]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+))/;

/** A value as a number: strings by their leading number (NaN without one), booleans 1/0, else 0. */
export function leadingNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string': {
      const m = LEADING_NUMBER.exec(v);
      return m === null ? NaN : Number(m[1]);
    }
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}
