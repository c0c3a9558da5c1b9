// The document cache (issue 29): the whole response of a public page as an anonymous visitor gets
// it, kept in memory and answered straight from the http server's request handler, before Express
// and Remix, with a fresh CSP nonce in every answer. ADR 0031 says what may be kept and why.
import crypto from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { etagMatches } from '../utils/etag.js';

/**
 * Cookies that never shape a page: the analytics visitor, visit and id cookies and the events'
 * crumb (app/analytics/constants.ts COOKIE). A request carrying any other cookie (a session, a
 * cart, a flash message, an unlocked page, an experiment's variant, the splash) is never answered
 * from the cache: Remix renders it, as the visitor's own.
 */
const HARMLESS_COOKIES = new Set(['ss_cvr', 'ss_cvt', 'ss_cid', 'crumb']);

/** Paths never kept: the owner area, the APIs, and anything that is not a page. */
const NEVER = /^\/(config|api|assets|files|downloads|theme|fonts|healthz|readyz)(\/|$|\?)/;

/** Per-response headers: made again for each answer, never replayed. */
const NOT_REPLAYED = new Set([
  'content-security-policy',
  'x-request-id',
  'x-document-cache',
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** Pages longer than this are not kept (a page that big is rare, and would crowd out many). */
const MAX_ENTRY_BYTES = 1024 * 1024;

interface Entry {
  websiteId: string;
  generation: number;
  /** The body, split where the response's CSP nonce was. */
  body: Buffer[];
  /** The CSP header, split the same way. */
  csp: string[] | null;
  headers: [string, string | string[]][];
  etag: string | null;
  /** Headers a 304 repeats (RFC 9110: those it would have sent with a 200 that matter to caches). */
  notModified: [string, string | string[]][];
  bytes: number;
}

export interface DocumentCacheOptions {
  /** The catalog generation of a website (app/catalog/changes.server.ts): an entry made at an older one is stale. */
  generationOf: (websiteId: string) => number;
  /** Subscribes to catalog changes, so a changed site's entries are dropped at once. */
  onChange?: (fn: (websiteId: string) => void) => unknown;
  /** The most bytes kept (default 64 MB). */
  maxBytes?: number;
  /** An entry's lifetime (default 30 s, as the render cache's): bounds what a write behind the app's back leaves. */
  ttlMs?: number;
  /** Called for each answer from the cache (the access log). */
  onHit?: (req: IncomingMessage, status: number, requestId: string) => void;
}

export interface DocumentCache {
  /** Answers the request from the cache and returns true, or returns false and leaves it alone. */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * Watches a request the cache could not answer (Express middleware) and keeps its response
   * when it may be shared: `nonce` is the CSP nonce it was made with, `websiteId` its site.
   */
  capture(req: IncomingMessage, res: ServerResponse, nonce: string, websiteId: string | undefined): void;
  size(): number;
  clear(): void;
}

/** Whether a request may be answered from the cache, or its response kept: its key when so. */
function keyOf(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '';
  if (!url.startsWith('/') || NEVER.test(url) || url.includes('_data=')) return null;
  const cookie = req.headers.cookie;
  if (cookie) {
    for (const part of cookie.split(';')) {
      const name = part.slice(0, part.indexOf('=') >>> 0).trim();
      if (name !== '' && !HARMLESS_COOKIES.has(name)) return null;
    }
  }
  // Everything an answer may depend on besides the path: the site (Host, or the forwarded host
  // behind a proxy) and the scheme (canonical links, HSTS). Kept apart even when unused.
  const h = req.headers;
  return `${h.host ?? ''}\u0000${h['x-forwarded-host'] ?? ''}\u0000${h['x-forwarded-proto'] ?? ''}\u0000${url}`;
}

/** Whether a finished response may be shared: what a shared HTTP cache may store, and nothing personal. */
function shareable(res: ServerResponse, headers: OutgoingHttpHeaders): boolean {
  if (res.statusCode !== 200) return false;
  if (!String(headers['content-type'] ?? '').startsWith('text/html')) return false;
  const cc = String(headers['cache-control'] ?? '');
  if (!/\bpublic\b/.test(cc) || /\b(private|no-store|no-cache)\b/.test(cc)) return false;
  if (headers['set-cookie'] !== undefined) return false;
  // The key holds the path and host only: a response that varies on anything else is not kept.
  const vary = String(headers.vary ?? '').trim();
  return vary === '' || /^accept-encoding$/i.test(vary);
}

export function createDocumentCache(opts: DocumentCacheOptions): DocumentCache {
  const entries = new LRUCache<string, Entry>({
    maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
    sizeCalculation: (e) => e.bytes,
    ttl: opts.ttlMs ?? 30_000,
  });
  opts.onChange?.((websiteId) => {
    for (const [k, e] of entries.entries()) if (e.websiteId === websiteId) entries.delete(k);
  });

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    const key = keyOf(req);
    if (key === null) return false;
    const e = entries.get(key);
    if (!e) return false;
    if (e.generation !== opts.generationOf(e.websiteId)) {
      entries.delete(key);
      return false;
    }
    const requestId = crypto.randomUUID();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('X-Document-Cache', 'hit');
    if (etagMatches(req.headers['if-none-match'], e.etag)) {
      // No CSP in a 304: the one stored with the browser's copy must stay (app/server/main.ts).
      for (const [name, value] of e.notModified) res.setHeader(name, value);
      res.writeHead(304);
      res.end();
      opts.onHit?.(req, 304, requestId);
      return true;
    }
    const nonce = crypto.randomBytes(16).toString('base64');
    for (const [name, value] of e.headers) res.setHeader(name, value);
    if (e.csp) res.setHeader('Content-Security-Policy', e.csp.join(nonce));
    const nonceBytes = Buffer.from(nonce);
    const parts: Buffer[] = [];
    for (let i = 0; i < e.body.length; i++) {
      if (i > 0) parts.push(nonceBytes);
      parts.push(e.body[i]);
    }
    const body = Buffer.concat(parts);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200);
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    opts.onHit?.(req, 200, requestId);
    return true;
  }

  function capture(req: IncomingMessage, res: ServerResponse, nonce: string, websiteId: string | undefined): void {
    if (req.method !== 'GET' || !websiteId) return;
    const key = keyOf(req);
    if (key === null) return;
    // A change that lands while the page renders makes what it renders stale: it is not kept.
    const generation = opts.generationOf(websiteId);
    res.setHeader('X-Document-Cache', 'miss');
    const chunks: Buffer[] = [];
    let bytes = 0;
    let tooBig = false;
    const take = (chunk: unknown, encoding?: unknown) => {
      if (tooBig || chunk == null || typeof chunk === 'function') return;
      const b = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array);
      bytes += b.length;
      if (bytes > MAX_ENTRY_BYTES) tooBig = true;
      else chunks.push(b);
    };
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (write as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof res.write;
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      take(chunk, rest[0]);
      return (end as (...a: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as typeof res.end;
    res.on('finish', () => {
      if (tooBig || opts.generationOf(websiteId) !== generation) return;
      const headers = res.getHeaders();
      if (!shareable(res, headers)) return;
      const html = Buffer.concat(chunks).toString('utf8');
      const body = html.split(nonce).map((s) => Buffer.from(s));
      const cspHeader = headers['content-security-policy'];
      const replay: [string, string | string[]][] = [];
      const again: [string, string | string[]][] = [];
      for (const [name, value] of Object.entries(headers)) {
        if (value === undefined || NOT_REPLAYED.has(name)) continue;
        const v = typeof value === 'number' ? String(value) : value;
        replay.push([name, v]);
        if (['cache-control', 'etag', 'vary', 'expires', 'content-location', 'x-robots-tag'].includes(name)) again.push([name, v]);
      }
      const etag = typeof headers.etag === 'string' ? headers.etag : null;
      entries.set(key, {
        websiteId,
        generation,
        body,
        csp: typeof cspHeader === 'string' ? cspHeader.split(nonce) : null,
        headers: replay,
        etag,
        notModified: again,
        bytes: bytes + 512,
      });
    });
  }

  return { serve, capture, size: () => entries.size, clear: () => entries.clear() };
}
