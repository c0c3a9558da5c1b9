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
