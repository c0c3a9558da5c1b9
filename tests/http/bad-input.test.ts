// Bad input through the running server: oversized, chunked, mistyped, cross-site, NUL-bearing and
// deeply nested requests each get a clear 4xx, never a 500, and change nothing.
import { describe, expect, it } from 'vitest';
import { baseUrl, Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';

const CART_API = '/api/commerce/shopping-cart/entries';

async function cartLines(v: Visitor): Promise<number> {
  const cart = await (await v.get('/api/commerce/shopping-cart')).json();
  return (cart.entries ?? []).length;
}

describe('request bodies', () => {
  it('refuses a JSON API body over 64 KB with 413 before reading it', async () => {
    const v = new Visitor();
    const res = await v.json(CART_API, { itemId: 'x', additionalFields: 'a'.repeat(70 * 1024) });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/too large/);
  });

  it('refuses a 50 MB form post with 413', async () => {
    const res = await fetch(`${baseUrl()}/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: baseUrl() },
      body: 'itemId=' + 'a'.repeat(50 * 1024 * 1024),
    }).catch((e: Error) => e);
    // The server answers and closes without reading 50 MB; fetch may see the answer or the closed socket.
    if (res instanceof Error) expect(res.message).toMatch(/fetch failed|socket|EPIPE|ECONNRESET/i);
    else expect(res.status).toBe(413);
  });

  it('asks for a Content-Length when a body is streamed in chunks (411)', async () => {
    const body = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"itemId":"x"}'));
        c.close();
      },
    });
    const res = await fetch(`${baseUrl()}${CART_API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: baseUrl() },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(411);
  });

  it('takes only JSON on the JSON API (415) and only forms on page actions (415)', async () => {
    const v = new Visitor();
    const form = await v.postForm(CART_API, { itemId: 'x' });
    expect(form.status).toBe(415);
    expect((await form.json()).error).toMatch(/JSON/);
    const json = await v.json('/cart', { intent: 'add', itemId: 'x' });
    expect(json.status).toBe(415);
    const text = await v.fetch('/checkout', { method: 'POST', body: 'hello', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('refuses 5,000-deep JSON, NUL characters and lone surrogates with 400, adding nothing', async () => {
    const v = new Visitor();
    const deep = '{"itemId":"x","additionalFields":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const r1 = await v.json(CART_API, deep);
    expect(r1.status).toBe(400);
    const r2 = await v.json(CART_API, '{"itemId":"a\\u0000b","quantity":1}');
    expect(r2.status).toBe(400);
    const r3 = await v.json(CART_API, '{"itemId":"\\ud800","quantity":1}');
    expect(r3.status).toBe(400);
    for (const r of [r1, r2, r3]) expect((await r.json()).error).toEqual(expect.any(String));
    expect(await cartLines(v)).toBe(0);
  });

  it('refuses a form field with a NUL character without a 500', async () => {
    const v = new Visitor();
    const res = await v.postForm('/cart', { intent: 'add', itemId: 'a\u0000b', returnTo: '/shop' });
    expect(res.status).toBe(303);
    expect(await cartLines(v)).toBe(0);
  });
});

describe('owner form posts', () => {
  it('refuses a field named with a huge list index as an unreadable form, keeping the page as it was', async () => {
    const admin = await adminVisitor();
    const res = await admin.postForm('/config/pages/new', { title: 'Never made', 'x[100000000]': '1' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('The form could not be read.');
    const list = await (await admin.get('/config/pages?q=Never+made')).text();
    expect(list).toContain('No pages match this search.');
  });
});

describe('addresses', () => {
  it.each(['/shop%00', '/search?q=%00', '/shop?page=%ED%A0%80', '/%ED%A0%80', '/api/commerce/inventory/stock?itemId=%00'])(
    'answers %s with 400',
    async (path) => {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toMatch(/not allowed/);
    },
  );

  it('leaves a bare % that starts no escape alone', async () => {
    const res = await fetch(`${baseUrl()}/search?q=100%`);
    expect(res.status).toBe(200);
  });
});

describe('cross-site requests (CSRF)', () => {
  it('refuses a cross-site Remix data post to /checkout with 403', async () => {
    const res = await fetch(`${baseUrl()}/checkout?_data=routes%2F(%24lang).checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
      body: 'cart=cart',
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/another site/);
  });

  it('refuses a cross-site form post without cookies, and sets no session cookie', async () => {
    const res = await fetch(`${baseUrl()}/cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
      body: 'intent=add&itemId=x',
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a cross-site JSON post to the API', async () => {
    const res = await fetch(`${baseUrl()}${CART_API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-site' },
      body: '{}',
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/another site/);
  });
});

describe('response headers', () => {
  it('sends a CSP with a nonce that the document scripts carry, and the other security headers', async () => {
    const res = await fetch(`${baseUrl()}/shop`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    const html = await res.text();
    const scripts = [...html.matchAll(/<script(?![^>]*type="application\/ld\+json")([^>]*)>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s[1]).toContain(`nonce="${nonce}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    // Plain http: HSTS would mean nothing.
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
