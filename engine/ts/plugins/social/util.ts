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
