// What crawlers read, through the built server (issue 8, point 8): /robots.txt, /sitemap.xml, the
// favicon, and canonical / og:url on the configured base URL whatever Host the request names.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { baseUrl, Visitor } from './support/client.js';
import { freePort, waitUntilServing } from './support/spawn-server.js';

/**
 * The suite's server runs without BASE_URL and HOST, and with the demo website's empty base_url:
 * the demo's origin, localhost on the port it listens on (issue 32).
 */
const DEMO_BASE = `http://localhost:${new URL(baseUrl()).port}`;

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function getWithHost(path: string, host: string, base = baseUrl()): Promise<{ status: number; body: string }> {
  const u = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function headLinks(html: string): { canonical: string | null; ogUrl: string | null } {
  return {
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    ogUrl: /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1] ?? null,
  };
}

/** Starts another built server with `env` (a fresh embedded database); stops it after `use`. */
async function withServer<T>(env: Record<string, string>, use: (base: string) => Promise<T>): Promise<T> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  try {
    await waitUntilServing(`${base}/healthz`, child, () => out, { timeoutMs: 60_000, answers: (r) => r.ok });
    return await use(base);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

describe('robots.txt', () => {
  it('allows the catalog, keeps crawlers out of private paths and names the sitemap', async () => {
    const res = await new Visitor().get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/cart', '/checkout', '/order-confirmed', '/api', '/config']) expect(lines).toContain(`Disallow: ${p}`);
    // The demo's French cart, checkout and order pages too (issue 16); the API and owner area have no French version.
    for (const p of ['/fr/cart', '/fr/checkout', '/fr/order-confirmed']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).not.toContain('Disallow: /fr/api');
    expect(lines).toContain(`Sitemap: ${DEMO_BASE}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists every public page and product with lastmod, and no 404 or commerce page', async () => {
    const res = await new Visitor().get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    // The demo has French too (issue 16): each URL then carries its hreflang alternates.
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')).toBe(
      true,
    );
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>(?:<xhtml:link [^>]*\/>)*<\/url>/g)].map((m) => ({
      loc: m[1],
      lastmod: m[2],
    }));
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const path of [
      '/',
      '/shop',
      '/about',
      '/workshops',
      '/shop/p/linen-bread-bag',
      '/shop/p/driftwood-dinner-plate',
      '/shop/p/saltgrass-gift-card',
    ]) {
      expect(locs, path).toContain(`${DEMO_BASE}${path}`);
    }
    for (const u of urls) {
      expect(u.loc.startsWith(`${DEMO_BASE}/`), u.loc).toBe(true);
      expect(u.loc).not.toMatch(/\/(cart|checkout|order-confirmed|search|api|config)\b/);
      expect(Number.isNaN(Date.parse(u.lastmod)), u.lastmod).toBe(false);
      expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
    // Every URL listed is a page that answers 200 (none is the not-found page).
    const v = new Visitor();
    for (const loc of locs) {
      const path = new URL(loc).pathname;
      expect((await v.get(path)).status, path).toBe(200);
    }
    // Every product of the shop listing is in it.
    const shop = await (await v.get('/shop')).text();
    const products = [...shop.matchAll(/<a class="card-link" href="([^"]+)"/g)].map((m) => m[1]);
    expect(products.length).toBeGreaterThan(3);
    for (const p of products) expect(locs).toContain(`${DEMO_BASE}${p}`);
  });
});

describe('favicon', () => {
  it('serves /favicon.ico as an icon and /favicon.svg as SVG, not the HTML 404 page', async () => {
    const v = new Visitor();
    const ico = await v.get('/favicon.ico');
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const bytes = new Uint8Array(await ico.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([...bytes.slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes[4] + bytes[5] * 256).toBeGreaterThan(0);
    expect(bytes.length).toBeLessThan(10_000);

    const svg = await v.get('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

    const page = await (await v.get('/')).text();
    expect(page).toMatch(/<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\/?>/);
    expect(page).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
  });
});

describe('canonical and og:url', () => {
  it('come from the configured base URL, never from the Host header', async () => {
    for (const [path, want] of [
      ['/', `${DEMO_BASE}/`],
      ['/shop', `${DEMO_BASE}/shop`],
      ['/shop/p/linen-bread-bag', `${DEMO_BASE}/shop/p/linen-bread-bag`],
    ] as const) {
      // The demo site answers on its local names at any port; the links keep the configured origin.
      const res = await getWithHost(path, 'localhost:4567');
      expect(res.status, path).toBe(200);
      const links = headLinks(res.body);
      expect(links, path).toEqual({ canonical: want, ogUrl: want });
      expect(res.body, path).not.toContain('localhost:4567');
      // A host that is no site's gets no site's content at all.
      const evil = await getWithHost(path, 'evil.example');
      expect(evil.status, path).toBe(404);
      expect(evil.body, path).not.toContain('Saltgrass');
      expect(evil.body, path).not.toContain('evil.example');
    }
    const rob = await getWithHost('/robots.txt', 'localhost:4567');
    expect(rob.body).toContain(`Sitemap: ${DEMO_BASE}/sitemap.xml`);
    const map = await getWithHost('/sitemap.xml', 'localhost:4567');
    expect(map.body).not.toContain('localhost:4567');
  });

  it('BASE_URL is the origin of the default site, and its host reaches that site with no domain configured', async () => {
    await withServer({ BASE_URL: 'https://shop.example/' }, async (base) => {
      expect((await getWithHost('/shop', 'evil.example', base)).status).toBe(404);
      const res = await getWithHost('/shop', 'shop.example', base);
      expect(res.status).toBe(200);
      expect(headLinks(res.body)).toEqual({ canonical: 'https://shop.example/shop', ogUrl: 'https://shop.example/shop' });
      const map = await (await fetch(`${base}/sitemap.xml`)).text();
      expect(map).toContain('<loc>https://shop.example/shop/p/linen-bread-bag</loc>');
      expect(await (await fetch(`${base}/robots.txt`)).text()).toContain('Sitemap: https://shop.example/sitemap.xml');
    });
  });

  it('a BASE_URL that is not an http(s) origin stops the server at start, saying why', async () => {
    for (const bad of ['shop.example', 'ftp://shop.example', 'https://shop.example/store']) {
      const child = spawn(process.execPath, ['tests/e2e/serve.mjs'], {
        env: { ...process.env, BASE_URL: bad, PORT: String(await freePort()) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      // Should it start anyway, it is stopped and the test fails on its exit code.
      const guard = setTimeout(() => child.kill('SIGTERM'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(guard);
      expect(code, bad).not.toBe(0);
      expect(stderr, bad).toContain(`BASE_URL "${bad}"`);
    }
  });
});
