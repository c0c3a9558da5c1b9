// The per-visitor token bucket: bursts up to the capacity, refills over time, visitors apart,
// and the 429 answer with the spec's text.
import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimited, visitorKey } from '../../../app/commerce/rate-limit.server.js';

describe('rate limiter', () => {
  it('allows a burst, then refuses until tokens come back', () => {
    const l = createRateLimiter({ capacity: 3, refillPerSecond: 1 });
    const t = 1_000_000;
    expect([l.take('a', t), l.take('a', t), l.take('a', t), l.take('a', t)]).toEqual([true, true, true, false]);
    expect(l.take('b', t)).toBe(true);
    expect(l.take('a', t + 500)).toBe(false);
    expect(l.take('a', t + 1100)).toBe(true);
    expect(l.take('a', t + 1100)).toBe(false);
  });
  it('forgets the least recent visitors beyond maxKeys', () => {
    const l = createRateLimiter({ capacity: 1, refillPerSecond: 0, maxKeys: 2 });
    expect(l.take('a', 0)).toBe(true);
    expect(l.take('b', 0)).toBe(true);
    expect(l.take('c', 0)).toBe(true);
    // 'a' was forgotten, so it starts with a full bucket again; 'c' is still empty.
    expect(l.take('a', 0)).toBe(true);
    expect(l.take('c', 0)).toBe(false);
  });
  it('keys visitors by cart, else by address, and answers 429 with the spec text', async () => {
    // The server sets the address header from the socket; a client's X-Forwarded-For is not believed.
    const req = new Request('http://x/', { headers: { 'X-Storefront-Client-Address': '198.51.100.4', 'X-Forwarded-For': '203.0.113.9' } });
    expect(visitorKey(req, 'c1')).toBe('cart:c1');
    expect(visitorKey(req, null)).toBe('ip:198.51.100.4');
    const l = createRateLimiter({ capacity: 1, refillPerSecond: 0 });
    expect(rateLimited(req, null, l)).toBeNull();
    const res = rateLimited(req, null, l)!;
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'Please try again in a few seconds.' });
  });
});
