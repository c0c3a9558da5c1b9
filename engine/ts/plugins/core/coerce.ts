// Value coercions and lookups shared by the core formatters and predicates: how a value reads as
// a string, number or boolean, child access by key, deep equality, and per-args caches.
import type { Context } from '../../context.js';
import type { Path } from '../../types.js';
import { leadingNumber as toNumber, scalarText as asString } from '../../values.js';

export { asString, toNumber };

/** A value as String() prints it, except that missing and null print nothing (format's args). */
export function asPlainString(v: unknown): string {
  return v === undefined || v === null ? '' : String(v);
}

/** A value as a boolean for comparisons: true for `true`, the string "true" and non-zero integers. */
export function toBoolean(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      // Integers that print without an exponent; fractions and 1e21 and up read false.
      return v !== 0 && Number.isInteger(v) && v < 1e21 && v > -1e21;
    case 'string':
      return v === 'true';
    default:
      return false;
  }
}

function isDigits(k: string): boolean {
  const n = k.length;
  if (n === 0) return false;
  for (let i = 0; i < n; i++) {
    const c = k.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A child by key: arrays take all-digit keys ("01" is 1), objects own properties only. */
export function childOf(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return isDigits(key) ? node[parseInt(key, 10)] : undefined;
  return Object.prototype.hasOwnProperty.call(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/** Descends `path` from `node` with childOf. */
export function descend(node: unknown, path: readonly string[]): unknown {
  let v = node;
  for (let i = 0; i < path.length && v !== undefined; i++) v = childOf(v, path[i]);
  return v;
}

/**
 * In a variable instruction `{v|f ...}` (not .var), the published engine resolves the args of get
 * and lookup with v's value as the innermost frame (v as first resolved, even after earlier
 * formatters changed the value). The executor exposes it as `ctx.chain = { value }` while the
 * chain runs (null otherwise); other formatters' args resolve as usual.
 */
export function resolveInChain(ctx: Context, path: Path, fallback?: { value: unknown }): unknown {
  // Until the executor provides ctx.chain, `fallback` (lookup's current value) stands in for it.
  const c = ctx as { chain?: { value: unknown } | null };
  const chain = c.chain === undefined && !('chain' in c) ? fallback : c.chain;
  if (!chain) return ctx.resolve(path);
  ctx.push(chain.value);
  try {
    return ctx.resolve(path);
  } finally {
    ctx.pop();
  }
}

/** Structural equality of JSON values; missing and null are equal to each other. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || a === null) return b === undefined || b === null;
  if (b === undefined || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const aa = Array.isArray(a);
  if (aa !== Array.isArray(b)) return false;
  if (aa) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!deepEqual(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k in x) {
    if (!Object.prototype.hasOwnProperty.call(y, k) || !deepEqual(x[k], y[k])) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

/**
 * Orders two values for the comparison predicates, by the type of the first: numbers compare
 * numerically (the second read as a number; NaN sorts after), strings by code units (the second
 * read as text), booleans false < true, missing/null below anything but missing/null, and
 * arrays/objects are equal only when deeply equal and otherwise below.
 */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const y = toNumber(b);
      return a < y ? -1 : a === y ? 0 : 1;
    }
    case 'string': {
      const y = asString(b);
      return a < y ? -1 : a === y ? 0 : 1;
    }
    case 'boolean': {
      const y = toBoolean(b);
      return a === y ? 0 : a ? 1 : -1;
    }
    default:
      if (a === undefined || a === null) return b === undefined || b === null ? 0 : -1;
      return deepEqual(a, b) ? 0 : -1;
  }
}

const pathCache = new WeakMap<readonly string[], Path[]>();

/** The args split into dotted paths, computed once per (compiled) args array. */
export function argPaths(args: readonly string[]): Path[] {
  let p = pathCache.get(args);
  if (p === undefined) {
    p = args.map((a) => a.split('.'));
    pathCache.set(args, p);
  }
  return p;
}

/** A predicate argument: a JSON literal (number, "string", true, false, null, [..]) or a path. */
export type Operand = { lit: true; value: unknown } | { lit: false; path: Path };

const operandCache = new WeakMap<readonly string[], Operand[]>();

function parseOperand(arg: string): Operand {
  const c = arg.charCodeAt(0);
  // Only try JSON where it can succeed: parse failures are costly and most args are paths.
  if (c === 34 || c === 45 || c === 91 || c === 123 || (c >= 48 && c <= 57) || arg === 'true' || arg === 'false' || arg === 'null') {
    try {
      return { lit: true, value: JSON.parse(arg) };
    } catch {
      // not a literal: a path
    }
  }
  return { lit: false, path: arg.split('.') };
}

/** The args parsed as operands, once per args array. */
export function argOperands(args: readonly string[]): Operand[] {
  let ops = operandCache.get(args);
  if (ops === undefined) {
    ops = args.map(parseOperand);
    operandCache.set(args, ops);
  }
  return ops;
}

export function operandValue(ctx: Context, op: Operand): unknown {
  return op.lit ? op.value : ctx.resolve(op.path);
}
