// The guarded server-side fetch (app/utils/safe-fetch.server.ts): which addresses count as internal,
// and, against local servers, that loopback is refused unless it is a test's allowed origin, that a
// redirect is checked again at every hop, and that time and size are bounded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isInternalAddress, safeFetch, SafeFetchError, testAllowedOrigins } from '../../../app/utils/safe-fetch.server.js';

describe('internal addresses', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, unspecified and reserved IPv4', () => {
    for (const ip of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
  });

  it('refuses the IPv6 forms, including those that carry an internal IPv4 address', () => {
    for (const ip of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '::127.0.0.1',
      '::a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::10.1.1.1',
      '64:ff9b:1::1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2001:db8::1',
      '2001::1',
      '100::1',
    ])
      expect(isInternalAddress(ip), ip).toBe(true);
  });

  it('lets public addresses through, in either family and in mapped or NAT64 form', () => {
    for (const ip of [
      '93.184.216.34',
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.169.0.1',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '::ffff:93.184.216.34',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ])
      expect(isInternalAddress(ip), ip).toBe(false);
  });

  it('treats what is not an IP address as internal', () => {
    for (const s of ['', 'localhost', '127.1', '1.2.3', '::g', '12345::1::2']) expect(isInternalAddress(s), s).toBe(true);
  });
});

// Two local servers: `allowed` (the test's stand-in) and `inner` (an "internal service").
let allowed: http.Server;
let inner: http.Server;
let allowedUrl = '';
let innerUrl = '';
const innerHits: string[] = [];

function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  return new Promise((r) => s.listen(0, '127.0.0.1', () => r([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`])));
}

beforeAll(async () => {
  [inner, innerUrl] = await listen((req, res) => {
    innerHits.push(req.url ?? '');
    res.end('secret');
  });
  [allowed, allowedUrl] = await listen((req, res) => {
    if (req.url === '/to-inner') res.writeHead(302, { Location: `${innerUrl}/metadata` }).end();
    else if (req.url === '/to-self') res.writeHead(301, { Location: '/hello' }).end();
    else if (req.url === '/loop') res.writeHead(302, { Location: '/loop' }).end();
    else if (req.url === '/big') res.end('x'.repeat(5000));
    else if (req.url === '/slow') setTimeout(() => res.end('late'), 2000);
    else res.end(`hello ${req.method}`);
  });
});
afterAll(async () => {
  await new Promise((r) => allowed.close(r));
  await new Promise((r) => inner.close(r));
});
afterEach(() => {
  delete process.env.FETCH_TEST_ORIGINS;
});

const problem = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof SafeFetchError) return e.problem;
    throw e;
  }
  return 'fetched';
};

describe('safeFetch', () => {
  it('refuses loopback targets, by address and by name', async () => {
    expect(await problem(safeFetch(`${allowedUrl}/`))).toBe('internal');
    expect(await problem(safeFetch(`http://localhost:${new URL(allowedUrl).port}/`))).toBe('internal');
    expect(await problem(safeFetch(`http://[::ffff:127.0.0.1]:${new URL(allowedUrl).port}/`))).toBe('internal');
    // Other notations of 127.0.0.1 are normalised by the URL parser first.
    expect(await problem(safeFetch(`http://2130706433:${new URL(allowedUrl).port}/`))).toBe('internal');
    expect(await problem(safeFetch('ftp://example.com/'))).toBe('invalid-url');
    expect(await problem(safeFetch('http://user:pw@example.com/'))).toBe('invalid-url');
  });

  it("reaches a test's allowed origin outside production only", async () => {
    process.env.FETCH_TEST_ORIGINS = allowedUrl;
    expect(testAllowedOrigins().has(allowedUrl)).toBe(true);
    const res = await safeFetch(`${allowedUrl}/`, { method: 'POST', body: '{}' });
    expect(await res.text()).toBe('hello POST');
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(testAllowedOrigins().size).toBe(0);
      expect(await problem(safeFetch(`${allowedUrl}/`))).toBe('internal');
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('checks every redirect again: the allowed origin may not lead to another internal one', async () => {
    process.env.FETCH_TEST_ORIGINS = allowedUrl;
    const before = innerHits.length;
    expect(await problem(safeFetch(`${allowedUrl}/to-inner`))).toBe('internal');
    expect(innerHits.length).toBe(before);
    // A redirect within the allowed origin is followed (a 301 after a GET stays a GET).
    expect(await (await safeFetch(`${allowedUrl}/to-self`)).text()).toBe('hello GET');
    expect(await problem(safeFetch(`${allowedUrl}/loop`))).toBe('redirects');
    expect(await problem(safeFetch(`${allowedUrl}/to-self`, { redirect: 'error' }))).toBe('redirects');
    expect((await safeFetch(`${allowedUrl}/to-self`, { redirect: 'manual' })).status).toBe(301);
  });

  it('bounds the size of the answer and the time it takes', async () => {
    process.env.FETCH_TEST_ORIGINS = allowedUrl;
    expect(await problem(safeFetch(`${allowedUrl}/big`, { maxBytes: 1000 }))).toBe('too-large');
    expect((await (await safeFetch(`${allowedUrl}/big`, { maxBytes: 5000 })).text()).length).toBe(5000);
    expect(await problem(safeFetch(`${allowedUrl}/slow`, { timeoutMs: 200 }))).toBe('timeout');
  });
});
