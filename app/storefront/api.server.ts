// Shared pieces of the cart's JSON resource routes (SPEC section 7): reading a JSON or form body,
// JSON errors `{error}` with their status, and the refreshed session cookie on answers.
import { json } from '@remix-run/node';
import { z } from 'zod';
import { cartQtySetCookie } from './cart-ui.server.js';
import type { CartNumbers } from './cart-count.js';
import { shopperSession } from '../utils/session.server.js';
import { isDatabaseUnavailable } from '../../db/client.server.js';
import { errorText, log } from '../utils/log.server.js';
import { API_UNAVAILABLE } from '../utils/notices.js';
import { isCleanJson } from '../utils/clean-json.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

/** `{error: message}` with `status` (never cached). */
export function jsonError(status: number, error: string, headers: Record<string, string> = {}): Response {
  return json({ error }, { status, headers: { ...NO_STORE, ...headers } });
}

/**
 * A JSON answer that is never cached; with the session cookie holding the cart when `cartId` is
 * given (with the request it answers), and the readable count and subtotal (app/storefront/cart-count.ts)
 * when `cartNumbers` is.
 */
export async function jsonAnswer(
  body: unknown,
  opts: { status?: number; request?: Request; cartId?: string | null; cartNumbers?: CartNumbers } = {},
): Promise<Response> {
  const headers = new Headers(NO_STORE);
  if (opts.cartId && opts.request) {
    const session = await shopperSession(opts.request);
    session.setCartId(opts.cartId);
    const committed = await session.commit();
    if (committed) headers.append('Set-Cookie', committed);
  }
  if (opts.cartNumbers !== undefined) headers.append('Set-Cookie', cartQtySetCookie(opts.cartNumbers));
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
    if (!isCleanJson(v, MAX_JSON_DEPTH)) return null;
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Deepest JSON a request may send (additionalFields are the only nested part, and they are shallow). */
export const MAX_JSON_DEPTH = 8;

/** 405 for a method the route does not take. */
export function methodNotAllowed(allow: string): Response {
  return jsonError(405, 'Method not allowed.', { Allow: allow });
}

/** Seconds a client should wait before retrying while the database cannot be reached. */
export const RETRY_AFTER_S = 5;

/**
 * Wraps an API loader or action: a database that cannot be reached is a 503 with Retry-After,
 * anything else unexpected a 500 with a JSON error (logged), never Remix's bare error page.
 */
export function apiRoute<A>(fn: (args: A) => Promise<Response>): (args: A) => Promise<Response> {
  return async (args: A) => {
    try {
      return await fn(args);
    } catch (e) {
      if (e instanceof Response) throw e;
      if (isDatabaseUnavailable(e)) {
        log.error(`api: the database is unavailable: ${errorText(e)}`);
        return jsonError(503, API_UNAVAILABLE, {
          'Retry-After': String(RETRY_AFTER_S),
        });
      }
      log.error(`api: ${errorText(e, true)}`);
      return jsonError(500, 'Something went wrong');
    }
  };
}

/** Largest additionalFields a cart entry keeps, as JSON text, and its deepest nesting. */
export const ADDITIONAL_FIELDS_MAX_BYTES = 8 * 1024;
export const ADDITIONAL_FIELDS_MAX_DEPTH = 5;

function depthOf(root: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v !== null && typeof v === 'object') {
      max = Math.max(max, d + 1);
      if (max > ADDITIONAL_FIELDS_MAX_DEPTH) return max;
      for (const c of Object.values(v)) stack.push([c, d + 1]);
    }
  }
  return max;
}

/**
 * A quantity as the API takes it, a number or its text (default 1), of any length (the body is
 * bounded): the cart's parseQuantity judges it, so a long text gets the spec's quantity texts
 * rather than a bare "Unable to add item".
 */
export const ApiQuantity = z.union([z.number(), z.string()]).default(1);

/**
 * additionalFields as the API takes them (SPEC 7: JSON text, or the object itself), bounded by
 * serialized size and depth in both forms: the object form was once unbounded.
 */
export const AdditionalFields = z.union([z.string(), z.record(z.unknown()), z.null()]).superRefine((v, ctx) => {
  if (v === null) return;
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  if (Buffer.byteLength(text) > ADDITIONAL_FIELDS_MAX_BYTES) {
    ctx.addIssue({ code: 'custom', message: `additionalFields are larger than ${ADDITIONAL_FIELDS_MAX_BYTES / 1024} KB` });
    return;
  }
  let parsed: unknown = v;
  if (typeof v === 'string') {
    try {
      parsed = JSON.parse(v);
    } catch {
      return; // kept as text
    }
  }
  if (depthOf(parsed) > ADDITIONAL_FIELDS_MAX_DEPTH) {
    ctx.addIssue({ code: 'custom', message: `additionalFields are nested deeper than ${ADDITIONAL_FIELDS_MAX_DEPTH} levels` });
  }
});
