// When the database cannot be reached, a page is a static "right back" page with a 503 (and Retry-After) that no
// cache keeps, and the failure is logged: the real client, pointed at a port nothing listens on.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../../app/utils/log.server.js';

// Set before the client is first used: this test file runs in its own process.
process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';

const { storefrontPage } = await import('../../../app/storefront/render.server.js');
const { closeDb } = await import('../../../db/client.server.js');

let error: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  error = vi.spyOn(log, 'error').mockImplementation(() => {});
});
afterAll(async () => {
  error.mockRestore();
  await closeDb();
});

describe('storefrontPage with the database down', () => {
  it('answers 503 with Retry-After and the static page, never cached, and logs why', async () => {
    let planned = false;
    const res = await storefrontPage(new Request('http://localhost/shop'), async () => {
      planned = true;
      return { resolved: { kind: 'not-found' } };
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('ETag')).toBeNull();
    const data = await res.json();
    expect(data.html).toContain('right back');
    expect(data.seo.title).toBe('Temporarily unavailable');
    expect(data.seo.robots).toBe('noindex');
    // The route's plan never ran: nothing could be read.
    expect(planned).toBe(false);
    expect(error.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/cannot load the site for \/shop/);
  });
});
