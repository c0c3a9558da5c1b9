// Structured logs (pino, one JSON object a line) with the id of the request they belong to, so one
// visitor's request can be followed through the page pipeline, the cart and the outbox.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { logLevel } from './env.server.js';

/** The request a log line belongs to. */
export interface RequestScope {
  id: string;
  /**
   * Set when the request failed because the database could not serve (entry.server's handleError):
   * the server then answers 503 with Retry-After instead of the 500 Remix would send.
   */
  databaseUnavailable?: boolean;
}

// One store per process: the server (app/server/main.ts) and the Remix build are bundled apart,
// and both must see the scope the server opens for each request.
const SCOPE_KEY = Symbol.for('storefront.requestScope');
const g = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestScope> | undefined>;
export const requestScope: AsyncLocalStorage<RequestScope> = (g[SCOPE_KEY] ??= new AsyncLocalStorage<RequestScope>());

/** LOG_LEVEL (trace, debug, info, warn, error, fatal, silent); info by default. */
export const log = pino({
  // Quiet under vitest: tests that care about a line spy on it.
  level: logLevel(),
  base: undefined,
  messageKey: 'msg',
  mixin() {
    const scope = requestScope.getStore();
    return scope ? { reqId: scope.id } : {};
  },
});

/** An error's message (and stack where it helps) for a log line. */
export function errorText(e: unknown, withStack = false): string {
  if (e instanceof Error) return withStack ? (e.stack ?? e.message) : e.message;
  return String(e);
}
