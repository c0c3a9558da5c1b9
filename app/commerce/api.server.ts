// Shared pieces of the cart's JSON resource routes (SPEC section 7): reading a JSON or form body,
// JSON errors `{error}` with their status, and the refreshed cart cookie on answers.
import { json } from '@remix-run/node';
import { cartQtySetCookie } from '../cart-ui.server.js';
import { commitCartCookie } from '../cart.server.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** `{error: message}` with `status` (never cached). */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json({ error }, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * A JSON answer that is never cached; with the cart cookie when `cartId` is given, and the
 * readable item count (app/cart-count.ts) when `totalQuantity` is.
 */
export async function jsonAnswer(body: unknown, opts: { status?: number; cartId?: string | null; totalQuantity?: number } = {}): Promise<Response> {
  const headers = new Headers(NO_STORE);
  if (opts.cartId) headers.append('Set-Cookie', await commitCartCookie(opts.cartId));
  if (opts.totalQuantity !== undefined) headers.append('Set-Cookie', cartQtySetCookie(opts.totalQuantity));
  return json(body, { status: opts.status ?? 200, headers });
}

export const BAD_BODY = 'Could not parse the request body.';

/** The request body as an object: JSON (any content type that says json) or a form; null when unreadable. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get('Content-Type') ?? '';
  try {
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await request.formData();
      const out: Record<string, unknown> = {};
      for (const [k, v] of form) if (typeof v === 'string') out[k] = v;
      return out;
    }
    const text = await request.text();
    if (text.trim() === '') return {};
    const v = JSON.parse(text) as unknown;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** 405 for a method the route does not take. */
export function methodNotAllowed(allow: string): Response {
  return jsonError(405, 'Method not allowed.', { Allow: allow });
}
