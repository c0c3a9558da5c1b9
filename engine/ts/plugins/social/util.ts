// Value helpers shared by the social formatters and predicates.
import { getChild, type Context } from '../../context.js';

/** An own field of a JSON object; undefined for anything else. */
export function field(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  return Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/** True when a JSON object has the key, even with a null value. */
export function hasField(node: unknown, key: string): boolean {
  return node !== null && typeof node === 'object' && !Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, key);
}

// An exponent counts only after a fraction: '1e3' reads as 1 but '1.0e3' as 1000.
const NUMBER_PREFIX = /^\s*([+-]?(?:(?:\d+\.\d*|\.\d+)(?:[eE][+-]?\d+)?|\d+))/;

/**
 * Lenient number of a JSON value, as the published engine reads counts and codes: a string's
 * leading decimal number ('5abc' is 5, 'abc' is NaN); true is 1; anything else 0.
 */
export function leadingNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'string': {
      const m = NUMBER_PREFIX.exec(v);
      return m === null ? NaN : parseFloat(m[1]);
    }
    default:
      return 0;
  }
}

/** The text of a scalar (string, number, boolean); '' for null, missing, objects and arrays. */
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

/**
 * Resolves a path as a template would with `node` pushed on the stack: the head is looked up in
 * `node` first, then in the enclosing frames. Saves pushing a frame per call.
 */
export function lookup(ctx: Context, node: unknown, path: string[]): unknown {
  let v = getChild(node, path[0]);
  if (v === undefined) return ctx.resolve(path);
  for (let i = 1; i < path.length && v !== undefined; i++) v = getChild(v, path[i]);
  return v;
}
