// Cart rate limiting: visitors keyed by cart, else by the address the server saw (never a client's
// X-Forwarded-For), and the 429 answer with the spec's text and Retry-After.
import { describe, expect, it } from 'vitest';
import { rateLimited, visitorKey } from '../../../app/commerce/rate-limit.server.js';
import { createLimiter } from '../../../app/utils/rate-limit.server.js';

describe('cart rate limiting', () => {
  it('keys visitors by cart, else by address, and answers 429 with the spec text and Retry-After', async () => {
    const req = new Request('http://x/', { headers: { 'X-Storefront-Client-Address': '198.51.100.4', 'X-Forwarded-For': '203.0.113.9' } });
    expect(visitorKey(req, 'c1')).toBe('cart:c1');
    expect(visitorKey(req, null)).toBe('ip:198.51.100.4');
    const l = createLimiter('unit', { points: 1, durationS: 30 });
    expect(await rateLimited(req, null, l)).toBeNull();
    const res = (await rateLimited(req, null, l))!;
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(29);
    expect(await res.json()).toEqual({ error: 'Please try again in a few seconds.' });
    // Another cart of the same address has its own allowance.
    expect(await rateLimited(req, 'c2', l)).toBeNull();
  });
});
