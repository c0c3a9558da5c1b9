// The one way the server fetches a URL it was given (webhooks, domain verification, the translation
// service, anything later): it refuses internal addresses (SSRF), before the first request and after
// every redirect, and connects to the very address it checked, so a name cannot resolve inward later.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { testOrigins } from './env.server.js';

export type SafeFetchProblem = 'invalid-url' | 'internal' | 'unresolved' | 'redirects' | 'too-large' | 'timeout' | 'network';

/** A fetch the guard refused or that did not complete; `problem` says which (for logs and callers). */
export class SafeFetchError extends Error {
  constructor(
    readonly problem: SafeFetchProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** For the whole exchange, redirects included. */
  timeoutMs?: number;
  /** The most of the answer's body read; past it the fetch fails (too-large). */
  maxBytes?: number;
  /** 'follow' (at most `maxRedirects`, each hop checked), 'manual' (a 3xx is the answer), 'error'. */
  redirect?: 'follow' | 'manual' | 'error';
  maxRedirects?: number;
}

// ---- Address rules --------------------------------------------------------------------------

/** The 4 bytes of a dotted IPv4 address, or null. */
function v4Bytes(ip: string): number[] | null {
  if (net.isIPv4(ip) === false) return null;
  return ip.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (zone dropped, an embedded dotted IPv4 tail read), or null. */
function v6Bytes(raw: string): number[] | null {
  const ip = raw.replace(/%.*$/, '').toLowerCase();
  if (!net.isIPv6(ip)) return null;
  let head = ip;
  let tail: number[] = [];
  const dotted = ip.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const b = v4Bytes(dotted[2]);
    if (!b) return null;
    head = dotted[1].endsWith('::') ? dotted[1] : dotted[1].slice(0, -1);
    tail = [(b[0] << 8) | b[1], (b[2] << 8) | b[3]];
  }
  const [l, r] = head.includes('::') ? head.split('::') : [head, null];
  const left = l ? l.split(':').map((x) => parseInt(x, 16)) : [];
  const right = r ? r.split(':').map((x) => parseInt(x, 16)) : [];
  const fill = r === null ? 0 : 8 - left.length - right.length - tail.length;
  const groups = [...left, ...Array(Math.max(0, fill)).fill(0), ...right, ...tail];
  if (groups.length !== 8) return null;
  return groups.flatMap((g) => [g >> 8, g & 0xff]);
}

function v4Internal([a, b, c]: number[]): boolean {
  return (
    a === 0 || // "this network", 0.0.0.0
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT 100.64.0.0/10
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 192 && b === 88 && c === 99) || // 6to4 relay anycast
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) || // TEST-NET-2
    (a === 203 && b === 0 && c === 113) || // TEST-NET-3
    a >= 224 // multicast, reserved, broadcast
  );
}

/**
 * Whether an IP address is one a server-side fetch must never reach: loopback, private, link-local,
 * CGNAT, unspecified, multicast, documentation or reserved ranges, in IPv4 or IPv6, and IPv6 forms
 * that carry an IPv4 address (mapped, compatible, NAT64, 6to4) when that address is such. Anything
 * that is not an IP address counts as internal (refused).
 */
export function isInternalAddress(ip: string): boolean {
  const v4 = v4Bytes(ip);
  if (v4) return v4Internal(v4);
  const b = v6Bytes(ip);
  if (!b) return true;
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const embedded = (at: number) => v4Internal(b.slice(at, at + 4));
  if (zero(0, 15) && (b[15] === 0 || b[15] === 1)) return true; // :: and ::1
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return embedded(12); // ::ffff:a.b.c.d (mapped)
  if (zero(0, 12)) return true; // ::a.b.c.d (deprecated "compatible" form): never a public host
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return zero(4, 12) ? embedded(12) : true; // NAT64 64:ff9b::/96 (and /48 local use)
  if (b[0] === 0x20 && b[1] === 0x02) return embedded(2); // 6to4 2002::/16
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return true; // documentation 2001:db8::/32
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return true; // Teredo 2001::/32 (tunnels to anything)
  if (b[0] === 0x01 && zero(1, 8)) return true; // discard 100::/64
  if ((b[0] & 0xfe) === 0xfc) return true; // unique local fc00::/7
  if (b[0] === 0xfe && (b[1] & 0xc0) !== 0) return true; // link-local fe80::/10, site-local fec0::/10
  if (b[0] === 0xff) return true; // multicast
  return false;
}

// ---- Test-only allowance --------------------------------------------------------------------

/**
 * Origins (scheme://host:port) a test's local stand-in serves on, which the guard lets through
 * outside production only: the translation service's TRANSLATION_SERVICE_URL, the domain
 * verification stand-in DOMAIN_VERIFICATION_URL, and FETCH_TEST_ORIGINS (comma-separated, for
 * a test's local webhook receiver). In production none is honoured (the server also refuses to
 * start with them set), so production reaches public addresses only.
 */
export function testAllowedOrigins(): Set<string> {
  return testOrigins();
}

// ---- The fetch ------------------------------------------------------------------------------

/** The addresses `host` (a URL hostname, IPv6 without brackets) stands for. */
async function resolve(host: string): Promise<dns.LookupAddress[]> {
  const family = net.isIP(host);
  if (family) return [{ address: host, family }];
  try {
    return await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new SafeFetchError('unresolved', `${host} could not be resolved`);
  }
}

/** Checks one hop's URL and picks the address to connect to (every address the name has must be public). */
async function checkHop(u: URL, allowed: Set<string>): Promise<dns.LookupAddress> {
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) {
    throw new SafeFetchError('invalid-url', `${u.protocol}//${u.host} is not a web address this server fetches`);
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new SafeFetchError('unresolved', `${host} has no address`);
  if (!allowed.has(u.origin) && addresses.some((a) => isInternalAddress(a.address))) {
    throw new SafeFetchError('internal', `refused internal address for ${host}`);
  }
  return addresses[0];
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request to `u`, connected to `pinned` (the checked address), its body read up to `maxBytes`. */
function request(u: URL, pinned: dns.LookupAddress, opts: SafeFetchOptions, maxBytes: number, signal: AbortSignal): Promise<Raw> {
  return new Promise((resolvePromise, reject) => {
    const lib = u.protocol === 'https:' ? https : http;
    // The connection goes to the address that was checked, whatever the name resolves to now.
    const lookup: net.LookupFunction = (_h, o, cb) => {
      const c = cb as (err: Error | null, a: string | dns.LookupAddress[], f?: number) => void;
      if ((o as { all?: boolean }).all) c(null, [pinned]);
      else c(null, pinned.address, pinned.family);
    };
    const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
    const req = lib.request(
      u,
      {
        method: opts.method ?? 'GET',
        headers: { ...(body ? { 'Content-Length': String(body.length) } : {}), ...opts.headers },
        lookup,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new SafeFetchError('too-large', `the answer is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', (e) => reject(new SafeFetchError(signal.aborted ? 'timeout' : 'network', e.message)));
        // A connection cut mid-body (or the time limit) ends the wait too; after 'end' this is a no-op.
        res.on('close', () => reject(new SafeFetchError(signal.aborted ? 'timeout' : 'network', 'the connection closed early')));
      },
    );
    req.on('error', (e) => {
      if (signal.aborted) reject(new SafeFetchError('timeout', `no answer within the time limit`));
      else reject(new SafeFetchError('network', e.message.slice(0, 300)));
    });
    req.end(body);
  });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `url` through the guard; resolves to a Response (body fully read, at most `maxBytes`),
 * or throws SafeFetchError. Defaults: GET, 10 s, 1 MiB, redirects followed up to 3, each checked.
 */
export async function safeFetch(url: string, opts: SafeFetchOptions = {}): Promise<Response> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 1024 * 1024;
  const mode = opts.redirect ?? 'follow';
  const maxRedirects = opts.maxRedirects ?? 3;
  const allowed = testAllowedOrigins();
  const signal = AbortSignal.timeout(timeoutMs);
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new SafeFetchError('invalid-url', 'not a URL');
  }
  let hop = { ...opts };
  for (let redirects = 0; ; redirects++) {
    const pinned = await checkHop(u, allowed);
    if (signal.aborted) throw new SafeFetchError('timeout', 'no answer within the time limit');
    const r = await request(u, pinned, hop, maxBytes, signal);
    const location = r.headers.location;
    if (!REDIRECTS.has(r.status) || !location || mode === 'manual') return toResponse(r);
    if (mode === 'error') throw new SafeFetchError('redirects', `redirected to ${location}`);
    if (redirects >= maxRedirects) throw new SafeFetchError('redirects', `more than ${maxRedirects} redirects`);
    let next: URL;
    try {
      next = new URL(location, u);
    } catch {
      throw new SafeFetchError('invalid-url', 'a redirect to something that is not a URL');
    }
    // As browsers do: 303 (and 301/302 after a POST) continue as a GET without the body; credentials
    // stay with the origin they were meant for.
    const asGet = r.status === 303 || ((r.status === 301 || r.status === 302) && hop.method && hop.method !== 'GET');
    const headers = { ...hop.headers };
    if (next.origin !== u.origin) for (const k of Object.keys(headers)) if (/^(authorization|cookie)$/i.test(k)) delete headers[k];
    hop = { ...hop, headers, ...(asGet ? { method: 'GET', body: undefined } : {}) };
    u = next;
  }
}

function toResponse(r: Raw): Response {
  const headers = new Headers();
  for (const [k, v] of Object.entries(r.headers)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) headers.append(k, one);
  }
  const empty = r.status === 204 || r.status === 304 || r.status < 200;
  // Response() refuses statuses outside 200..599; a peer that sends one is treated as failing.
  const status = r.status >= 200 && r.status <= 599 ? r.status : 502;
  return new Response(empty ? null : new Uint8Array(r.body), { status, headers });
}
