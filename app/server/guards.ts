// Checks every request passes before Remix sees it: a bounded body with a declared length (larger
// for uploads, POST /config/files and /config/products/<id>/image, which stream to disk), the
// CSRF rule, JSON on the JSON API, and no NUL or broken escapes in the URL. Each refusal is a
// clear 4xx (JSON on /api, short text elsewhere), never a 500.
import type { NextFunction, Request, Response } from 'express';
import { BYTES_PER_KB, MAX_UPLOAD_BYTES, tooLargeFileText } from '../utils/file-types.js';
import { checkCsrf, CSRF_REFUSED } from '../utils/csrf.server.js';
import type { Env } from '../utils/env.server.js';

/** The header the server sets to the client's address (any such header a client sends is replaced). */
export const CLIENT_ADDRESS_HEADER = 'x-storefront-client-address';

/** Largest body the JSON API takes. */
export const API_BODY_LIMIT = 64 * BYTES_PER_KB;
/** Largest body a page form post takes. */
export const FORM_BODY_LIMIT = 256 * BYTES_PER_KB;
/** Largest upload to the file manager: its file limit, and room for the multipart framing and fields. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * BYTES_PER_KB;
/** Where files are posted: the file manager's Upload File form, and a product's image upload (issue 33). */
const UPLOAD_PATHS = new Set(['/config/files', '/config/files/']);
const PRODUCT_IMAGE_UPLOAD = /^\/config\/products\/[^/]+\/image\/?$/;

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The /api endpoints that take another body than JSON (issue 15): the census hit and events are
 * form-encoded, performance records are text/plain (what a beacon sends).
 */
const API_OTHER_TYPES: Record<string, string> = {
  '/api/census/RecordHit': 'application/x-www-form-urlencoded',
  '/api/events/RecordEvent': 'application/x-www-form-urlencoded',
  '/api/1/performance/records': 'text/plain',
};

function refuse(req: Request, res: Response, status: number, message: string, headers: Record<string, string> = {}): void {
  res.status(status).set({ 'Cache-Control': 'no-store', ...headers });
  // A body that was not read would otherwise be read into nothing on a kept-alive connection.
  res.set('Connection', 'close');
  if (req.path.startsWith('/api/')) res.json({ error: message });
  else res.type('text/plain; charset=utf-8').send(message);
}

/**
 * Whether the URL's escapes decode to text: no %00 (NUL) and no bytes that are not UTF-8 (a lone
 * surrogate, say). A bare '%' that starts no escape is left alone, as browsers do.
 */
export function urlIsSound(url: string): boolean {
  if (/%00/.test(url)) return false;
  try {
    decodeURIComponent(url.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
    return true;
  } catch {
    return false;
  }
}

/**
 * The host the client addressed, with its port: behind trusted proxies the first X-Forwarded-Host
 * (the one the browser used, and so the one its Origin names), else the Host header.
 */
function ownHost(req: Request, config: Env): string {
  const forwarded = config.trustProxy ? req.get('x-forwarded-host')?.split(',')[0].trim() : undefined;
  return forwarded || req.get('host') || '';
}

export function guardRequest(config: Env) {
  const alsoOwn = config.baseUrl ? [config.baseUrl] : [];
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!urlIsSound(req.originalUrl)) return refuse(req, res, 400, 'The address contains characters that are not allowed.');

    if (BODYLESS.has(req.method)) return next();

    const verdict = checkCsrf({
      method: req.method,
      ownOrigin: `${req.protocol}://${ownHost(req, config)}`,
      alsoOwn,
      secFetchSite: req.get('sec-fetch-site'),
      origin: req.get('origin'),
      referer: req.get('referer'),
    });
    if (!verdict.ok) return refuse(req, res, 403, CSRF_REFUSED);

    const api = req.path.startsWith('/api/');
    const type = (req.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const upload =
      req.method === 'POST' && type === 'multipart/form-data' && (UPLOAD_PATHS.has(req.path) || PRODUCT_IMAGE_UPLOAD.test(req.path));
    const limit = api ? API_BODY_LIMIT : upload ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
    const declared = req.get('content-length');
    if (req.get('transfer-encoding') && declared === undefined) {
      return refuse(req, res, 411, 'Send the request body with a Content-Length.');
    }
    const length = declared === undefined ? 0 : Number(declared);
    if (!Number.isSafeInteger(length) || length < 0) return refuse(req, res, 400, 'Content-Length is not a number.');
    if (length > limit) {
      return refuse(
        req,
        res,
        413,
        // Refused before the body is read, so the file's name is not known here.
        upload ? tooLargeFileText(null) : `The request body is too large (at most ${limit / BYTES_PER_KB} KB).`,
      );
    }

    if (length > 0) {
      if (api && type !== 'application/json' && API_OTHER_TYPES[req.path] !== type) {
        return refuse(req, res, 415, 'Send the request body as JSON (Content-Type: application/json).');
      }
      if (!api && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
        return refuse(req, res, 415, 'Send the form as application/x-www-form-urlencoded or multipart/form-data.');
      }
    }
    next();
  };
}
