// Per-visitor rate limiting of cart-changing requests: a token bucket per visitor key, kept in
// memory of THIS process (several processes each count on their own; good enough for one server).
import { json } from '@remix-run/node';
import { MSG } from './rules.server.js';

export interface BucketOptions {
  /** Requests allowed in a burst. */
  capacity: number;
  /** Tokens added back per second. */
  refillPerSecond: number;
  /** Most visitors remembered; the oldest are forgotten first. */
  maxKeys?: number;
}

// Generous: a shopper clicking fast never meets it; a script hammering the cart does.
export const DEFAULT_BUCKET: BucketOptions = { capacity: 30, refillPerSecond: 5, maxKeys: 10000 };

export interface RateLimiter {
  /** Takes one token for `key`; false when the bucket is empty. */
  take(key: string, now?: number): boolean;
  reset(): void;
}

export function createRateLimiter(opts: BucketOptions = DEFAULT_BUCKET): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const maxKeys = opts.maxKeys ?? 10000;
  return {
    take(key, now = Date.now()) {
      let b = buckets.get(key);
      if (b) {
        buckets.delete(key);
        b.tokens = Math.min(opts.capacity, b.tokens + ((now - b.at) / 1000) * opts.refillPerSecond);
        b.at = now;
      } else {
        b = { tokens: opts.capacity, at: now };
      }
      // Re-inserted so that Map order is least recently used first.
      buckets.set(key, b);
      if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
      if (b.tokens < 1) return false;
      b.tokens -= 1;
      return true;
    },
    reset() {
      buckets.clear();
    },
  };
}

const shared = createRateLimiter();

/** The limiter the routes share (tests may reset it). */
export function cartRateLimiter(): RateLimiter {
  return shared;
}

/**
 * Who is asking: the cart id when there is one, else the client's address as the server saw it
 * (app/server/main.ts sets this header from the socket, or from TRUST_PROXY hops; a client's own
 * X-Forwarded-For is never believed, so changing it does not buy a new bucket).
 */
export function visitorKey(request: Request, cartId: string | null): string {
  if (cartId) return `cart:${cartId}`;
  return `ip:${request.headers.get('x-storefront-client-address') || 'unknown'}`;
}

/** A 429 JSON response with the spec's text, or null when the visitor may go on. */
export function rateLimited(request: Request, cartId: string | null, limiter: RateLimiter = shared): Response | null {
  if (limiter.take(visitorKey(request, cartId))) return null;
  return json({ error: MSG.tooManyRequests }, { status: 429, headers: { 'Retry-After': '2' } });
}

/** For page actions: true when the visitor must wait (show MSG.tooManyRequests, status 429). */
export function isRateLimited(request: Request, cartId: string | null, limiter: RateLimiter = shared): boolean {
  return !limiter.take(visitorKey(request, cartId));
}
