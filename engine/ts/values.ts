// How JSON values behave in templates: truthiness for sections and .if, and the text a value
// prints as when a variable is output.

/** Section truthiness: missing, null, false, 0, '', [] and {} are false. */
export function isTruthy(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'boolean':
      return v;
    case 'object':
      if (Array.isArray(v)) return v.length > 0;
      for (const _ in v) return true;
      return false;
    default:
      return true;
  }
}

/** The text of a value when output: objects and missing print nothing, arrays join with commas. */
export function toText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object':
      if (v === null) return '';
      if (Array.isArray(v)) return v.map((x) => String(x)).join(',');
      return '';
    default:
      return '';
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Missing or JSON null. */
export function isMissing(v: unknown): v is undefined | null {
  return v === undefined || v === null;
}

/** A scalar as text (strings as is, numbers and booleans printed); '' for null, missing and containers. */
export function scalarText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
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
