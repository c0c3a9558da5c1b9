// Server entry: renders the document for a request, answering a matching If-None-Match with 304
// before any rendering happens.
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToString } from 'react-dom/server';
import { expireCarts, type CartExpiry } from '../db/cart-expiry.server.js';
import { closeDb, getDb, getSql, isDatabaseUnavailable } from '../db/client.server.js';
import { ensureFirstOwner } from './auth/first-owner.server.js';
import { watchCatalogChanges } from './catalog/catalog.server.js';
import { deleteExpiredSessions } from './auth/owner-session.server.js';
import { NonceContext } from './components/nonce.js';
import { PageHtmlContext } from './components/page-html.js';
import { notModified, strongEtag } from './storefront/http.server.js';
import { startWorkers, stopJobs } from './utils/jobs.server.js';
import { errorText, log, requestScope } from './utils/log.server.js';
// Modules that define jobs (defineJob) are imported here, so startJobs below runs their workers.
import './utils/mail-queue.server.js';
import './commerce/order-confirmation.server.js';
import './forms/webhook.server.js';
import './forms/restock.server.js';
import './languages/machine-translation.server.js';
import { scheduleRetention, stopRetention } from './analytics/retention.server.js';
import { startIngest, stopIngest } from './analytics/ingest.server.js';

const DOCTYPE = '<!DOCTYPE html>';

// Open (migrate, seed) the database as the server starts, not on the first visitor's request. A
// failure here is only logged: each request retries and shows the static page while it is down.
// Other processes' catalog changes (NOTIFY) are heard from then on.
getDb()
  .then(() => watchCatalogChanges())
  .catch((e: unknown) => log.error(`storefront: the database is not available yet: ${errorText(e)}`));

// The handoff script escapes these as Remix does (server-runtime's createServerHandoffString).
const HANDOFF_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};
const handoffEscape = (s: string) => s.replace(/[&><\u2028\u2029]/g, (c) => HANDOFF_ESCAPES[c]);

/**
 * A theme page's HTML is in the document already: the copy Remix would also put into
 * `window.__remixContext` (half of a product page's bytes) becomes null, and the client hydrates
 * from the DOM instead (entry.client.tsx, ThemePage). Data requests (?_data) still carry it.
 */
function dropPageHtmlFromHandoff(remixContext: EntryContext): void {
  let handoff = remixContext.serverHandoffString;
  if (!handoff) return;
  for (const data of Object.values(remixContext.staticHandlerContext.loaderData ?? {})) {
    const html = (data as { html?: unknown } | null)?.html;
    if (typeof html !== 'string' || html.length < 64) continue;
    const needle = `"html":${handoffEscape(JSON.stringify(html))}`;
    const at = handoff.indexOf(needle);
    if (at >= 0) handoff = handoff.slice(0, at) + '"html":null' + handoff.slice(at + needle.length);
  }
  remixContext.serverHandoffString = handoff;
}

/**
 * Deletes abandoned and empty carts (db/cart-expiry.server.ts) on this process's database; the
 * server (app/server/main.ts) calls it at start and every hour.
 */
export async function cleanupCarts(ttlDays: number): Promise<CartExpiry> {
  return expireCarts(await getSql(), { ttlDays });
}

/**
 * Creates or updates the first owner (OWNER_EMAIL/OWNER_PASSWORD, or a demo owner on an empty
 * database outside production); the server calls it once at start, before it listens.
 */
export async function prepareOwners(opts: { owner?: { email: string; password: string }; production: boolean; dataDir: string }) {
  const sql = await getSql();
  await deleteExpiredSessions(sql);
  return ensureFirstOwner(sql, opts);
}

/** Tests only: the statements a request sends (STOREFRONT_COUNT_STATEMENTS=1, see db/client.server.ts). */
export { countStatements } from '../db/client.server.js';

/** An anonymous storefront request, whose catalog reads may go to a standby (DATABASE_READ_URL, ADR 0033). */
export { readingStandbys } from '../db/replicas.server.js';

/** The site a Host header reaches: the server (app/server/main.ts) asks before any route runs. */
export { siteForHost } from './storefront/site.server.js';

/** A site's catalog generation and its changes: the server's document cache drops what they outdate. */
export { catalogGeneration, onCatalogChange } from './catalog/changes.server.js';

/**
 * Starts the job workers (pg-boss) for every job defined by the modules imported above; the server
 * calls it once at start, and again later if the database did not answer.
 */
export async function startJobs(): Promise<void> {
  const sql = await getSql();
  await startWorkers(sql);
  // Analytics (issue 15): the week's day partitions, and the daily retention job.
  await startIngest();
  scheduleRetention(sql);
}

/** Called by the server (app/server/main.ts) once requests have drained on SIGTERM. */
export async function shutdown(): Promise<void> {
  // Queued analytics rows are written before the database closes.
  stopRetention();
  await stopIngest();
  const db = await getDb().catch(() => null);
  if (db) await stopJobs(db.sql);
  await closeDb();
}

// A dropped database connection rejects every query in flight on it, including one whose caller
// had already failed on another and left it unawaited (seen under load: the process exited on such
// a CONNECTION_CLOSED). That is a database fault, answered 503 where a request waits on it, not a
// reason to stop the server: it is logged and the process goes on. Anything else unhandled is a bug
// and still stops the process, as Node's default does.
// (Once per process: the dev server loads this module again on each edit.)
const HOOKED = Symbol.for('storefront.unhandledRejection');
if (!(globalThis as Record<symbol, unknown>)[HOOKED]) {
  (globalThis as Record<symbol, unknown>)[HOOKED] = true;
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.warn(`storefront: a database query failed with nobody waiting for it: ${errorText(reason)}`);
      return;
    }
    log.fatal(`storefront: unhandled rejection: ${errorText(reason, true)}`);
    process.exit(1);
  });
}

/**
 * Remix calls this for an error thrown by a loader, an action or the render. One that means the
 * database cannot serve marks the request, so the server (app/server/main.ts) answers 503 with
 * Retry-After instead of a 500; every error is still logged, as Remix's own would.
 */
export function handleError(error: unknown, { request }: { request: Request }): void {
  if (request.signal.aborted) return;
  // Remix wraps some errors in an ErrorResponse whose `error` is the one thrown.
  const inner = (error as { error?: unknown } | null)?.error;
  if (isDatabaseUnavailable(error) || isDatabaseUnavailable(inner)) {
    const scope = requestScope.getStore();
    if (scope) scope.databaseUnavailable = true;
    log.error(`storefront: ${request.method} ${new URL(request.url).pathname}: the database is unavailable: ${errorText(error)}`);
    return;
  }
  log.error(
    `storefront: ${request.method} ${new URL(request.url).pathname} failed: ${errorText(inner instanceof Error ? inner : error, true)}`,
  );
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext?: AppLoadContext,
): Response | Promise<Response> {
  const nonce = typeof loadContext?.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  dropPageHtmlFromHandoff(remixContext);
  const pageTag = responseHeaders.get('ETag');
  if (pageTag) {
    // The document is the page's data inside this build's shell: a new deploy must change the tag.
    responseHeaders.set('ETag', strongEtag(pageTag, remixContext.manifest.version));
    const hit = notModified(request, responseStatusCode, responseHeaders);
    if (hit) return hit;
  }

  // Page data is complete before rendering starts (no route defers data, and nothing suspends), so
  // the document is rendered in one synchronous pass into one string and answered as one buffer
  // with its Content-Length. renderToPipeableStream did the same work through a Writable, two
  // Error objects per pipe, a 5 s abort timer that kept every render's state alive, and an end()
  // called again after the stream closed (a NodeError with its stack, per request): issue 29,
  // ADR 0031 "Cart holders' pages, second pass". An error while rendering rejects, as onShellError did.
  const html = renderToString(
    <NonceContext.Provider value={nonce ?? ''}>
      <PageHtmlContext.Provider value={loadContext?.page?.html ?? null}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </PageHtmlContext.Provider>
    </NonceContext.Provider>,
  );
  // The legacy renderer leaves out the doctype the streaming one put before <html>.
  const body = Buffer.from(DOCTYPE + html);
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  responseHeaders.set('Content-Length', String(body.length));
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
