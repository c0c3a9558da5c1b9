// The ingest endpoints' answers: 202 {} when accepted, 204 when a rule (or the site's daily quota)
// says not to record (the collector treats any 2xx as done), 400/403 JSON errors, 429 with
// Retry-After to a client past its rate limit, 503 with Retry-After when the queue is
// full; and the pixel's 1x1 transparent GIF, answered whatever happened.
import type { Outcome } from './recorder.server.js';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const INGEST_TEXT = {
  full: 'Too many analytics events right now; try again in a second.',
  crumb: 'The crumb does not match the crumb cookie.',
  badBody: 'The request body is not what this endpoint takes.',
  method: 'Method not allowed.',
  tooMany: 'Too many analytics requests from this visitor; try again later.',
};

export function jsonStatus(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

export const badInput = (error = INGEST_TEXT.badBody) => jsonStatus(400, { error });
export const crumbRefused = () => jsonStatus(403, { error: INGEST_TEXT.crumb });
/** A client past its rate limit (ingest-limits.server.ts): nothing recorded, come back after Retry-After. */
export const slowDown = (retryAfterS: number) => jsonStatus(429, { error: INGEST_TEXT.tooMany }, { 'Retry-After': String(retryAfterS) });
export const postOnly = () => jsonStatus(405, { error: INGEST_TEXT.method }, { Allow: 'POST' });

export function outcomeAnswer(o: Outcome): Response {
  if (o.status === 503) return jsonStatus(503, { error: INGEST_TEXT.full }, { 'Retry-After': '1' });
  const headers = new Headers(NO_STORE);
  for (const c of o.cookies) headers.append('Set-Cookie', c);
  if (o.status === 204) return new Response(null, { status: 204, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response('{}', { status: 202, headers });
}

/** The smallest transparent GIF (1x1). */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export function pixelAnswer(cookies: string[] = []): Response {
  const headers = new Headers({ 'Content-Type': 'image/gif', 'Content-Length': String(PIXEL_GIF.length), ...NO_STORE });
  for (const c of cookies) headers.append('Set-Cookie', c);
  return new Response(PIXEL_GIF, { status: 200, headers });
}

/** A JSON text parsed, or undefined when it is not JSON. */
export function parseJson(text: string | null | undefined): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
