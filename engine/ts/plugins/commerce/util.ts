// Shared helpers of the commerce formatters: reading JSON nodes the way the published engine's
// product templates do (stack lookups with the product pushed, localized strings, node text).
import type { Context } from '../../context.js';
import { getChild } from '../../context.js';
import type { MessageNamedArgs } from '@phensley/cldr';
import { formatMessage } from '../i18n/message.js';
import { isTruthy } from '../../values.js';
export { scalarText as str } from '../../values.js';

export { asNumber } from '../i18n/convert.js';

/** A child by key (undefined when the node has none). */
export const child = getChild;

/**
 * Resolves a path with `node` pushed on the stack, as a variable inside the product templates
 * does: the head is searched in `node` first, then outwards through the enclosing scopes.
 */
export function lookup(ctx: Context, node: unknown, p: string[]): unknown {
  ctx.push(node);
  try {
    return ctx.resolve(p);
  } finally {
    ctx.pop();
  }
}

/** Resolves with several nodes pushed in order (the last one innermost). */
export function lookupIn(ctx: Context, nodes: unknown[], p: string[]): unknown {
  for (let i = 0; i < nodes.length; i++) ctx.push(nodes[i]);
  try {
    return ctx.resolve(p);
  } finally {
    for (let i = 0; i < nodes.length; i++) ctx.pop();
  }
}

const LOCALIZED: string[] = ['localizedStrings'];

/** The site's `localizedStrings` object, found from the product outwards. */
export function localizedStrings(ctx: Context, node: unknown): unknown {
  return lookup(ctx, node, LOCALIZED);
}

/**
 * A text override from `localizedStrings`: used whenever the key is present (even when empty),
 * else the default.
 */
export function localized(strings: unknown, key: string, dflt: string): string {
  if (strings !== null && typeof strings === 'object' && Object.prototype.hasOwnProperty.call(strings, key)) {
    return text((strings as Record<string, unknown>)[key]);
  }
  return dflt;
}

/** Whether a localized override is present. */
export function hasLocalized(strings: unknown, key: string): boolean {
  return strings !== null && typeof strings === 'object' && Object.prototype.hasOwnProperty.call(strings, key);
}

/** How a value prints inside a template: scalars as text, arrays joined, objects and null ''. */
export function text(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    case 'object':
      if (Array.isArray(v)) return v.map(text).join(',');
      return '';
    default:
      return '';
  }
}

export const truthy = isTruthy;

/**
 * A flag as the product code reads booleans: true, the string "true", or a number whose integer
 * part is not 0. Anything else ("yes", "1", 0.5, lists, objects) is false.
 */
export function bool(v: unknown): boolean {
  if (v === true || v === 'true') return true;
  return typeof v === 'number' && Math.trunc(v) !== 0;
}

/** Entries of a list, keys of an object, characters of a string; 0 for anything else. */
export function count(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (typeof v === 'string') return v.length;
  if (v !== null && typeof v === 'object') return Object.keys(v).length;
  return 0;
}

/** A localized text with a non-empty override, else the default. */
export function localizedOr(strings: unknown, key: string, dflt: string): string {
  const v = child(strings, key);
  return isTruthy(v) ? text(v) : dflt;
}

/** JSON text of a value as the templates embed it (`undefined` prints nothing). */
export function json(v: unknown): string {
  if (v === undefined) return '';
  const s = JSON.stringify(v);
  return s === undefined ? '' : s;
}

/** Own enumerable keys of an object or indexes of an array/string, as `Object.keys` gives them. */
export function keysOf(v: unknown): string[] {
  if (v === null || v === undefined) return [];
  return Object.keys(v as object);
}

/** An ICU message with arguments; plain text (no braces or quotes) is returned as is. */
export function message(ctx: Context, msg: string, positional: unknown[], named: Record<string, unknown>): string {
  const cldr = ctx.cldr;
  if (cldr === undefined) return '';
  if (msg.indexOf('{') < 0 && msg.indexOf("'") < 0) return msg;
  return formatMessage(cldr, ctx.timeZone, msg, positional, named as MessageNamedArgs, null);
}
