// Per-visitor rate limiting of cart-changing requests (the cart forms, checkout and the cart API),
// counted in the database so that every server process shares the counts (app/utils/rate-limit.server.ts).
import { json } from '@remix-run/node';
import { getSql, type Sql } from '../../db/client.server.js';
import { createLimiter, type Limit, type Limiter, type Verdict } from '../utils/rate-limit.server.js';
import { MSG } from './rules.js';

// Generous: a shopper clicking fast never meets it; a script hammering the cart does.
export const CART_LIMIT: Limit = { points: 30, durationS: 6 };

const limiters = new WeakMap<Sql, Limiter>();

async function cartLimiter(): Promise<Limiter> {
  const sql = await getSql();
  let l = limiters.get(sql);
  if (!l) limiters.set(sql, (l = createLimiter('cart', CART_LIMIT, sql)));
  return l;
}

/**
 * Who is asking: the cart id when there is one, else the client's address as the server saw it
 * (app/server/main.ts sets this header from the socket, or from TRUST_PROXY hops; a client's own
 * X-Forwarded-For is never believed, so changing it does not buy a new allowance).
 */
export function visitorKey(request: Request, cartId: string | null): string {
  if (cartId) return `cart:${cartId}`;
  return `ip:${request.headers.get('x-storefront-client-address') || 'unknown'}`;
}

/** Spends one of the visitor's requests; refused with the seconds to wait. Lets them through when the database is away. */
export async function limitVisitor(request: Request, cartId: string | null, limiter?: Limiter): Promise<Verdict> {
  try {
    return await (limiter ?? (await cartLimiter())).consume(visitorKey(request, cartId));
  } catch {
    return { ok: true };
  }
}

/**
 * The API's 429 JSON response with the spec's text (English: the API routes have no language) and
 * Retry-After, or null when the visitor may go on. A storefront page's is shop-messages.server.ts's tooManyRequestsIn.
 */
export async function rateLimited(request: Request, cartId: string | null, limiter?: Limiter): Promise<Response | null> {
  const v = await limitVisitor(request, cartId, limiter);
  if (v.ok) return null;
  return json({ error: MSG.tooManyRequests }, { status: 429, headers: { 'Retry-After': String(v.retryAfterS) } });
}

/** Forgets every visitor's count (tests). */
export async function resetRateLimits(): Promise<void> {
  const sql = await getSql();
  await sql`delete from rate_limit where key like 'cart:%'`;
}
