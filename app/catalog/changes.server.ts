// Catalog changes: every write that changes what a public page shows (stock taken by an order, an
// owner's edit, a seed) bumps its website's generation here and, through LISTEN/NOTIFY, in every
// other server process on the same PostgreSQL, so cached reads and pages are dropped at once.
import type { Sql } from '../../db/client.server.js';

/** The NOTIFY channel; the payload is the website id. */
export const CATALOG_CHANNEL = 'storefront_catalog';

const generations = new Map<string, number>();
const listeners = new Set<(websiteId: string) => void>();

/** The website's current generation: a cached value made at an older one is stale. */
export function catalogGeneration(websiteId: string): number {
  return generations.get(websiteId) ?? 0;
}

/** Marks the website's catalog as changed in this process. */
export function catalogChanged(websiteId: string): void {
  generations.set(websiteId, catalogGeneration(websiteId) + 1);
  for (const l of listeners) l(websiteId);
}

/** Calls `fn` after each change (caches drop their entries for that website). */
export function onCatalogChange(fn: (websiteId: string) => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Whether this process listens (a real PostgreSQL), so it hears its own announcements back. */
let listening = false;
/** Announcements waiting to be heard back, by website. */
const echoes = new Map<string, Set<() => void>>();
/** How long an announcement waits to hear itself (a busy database may take this long; then it goes on). */
const ECHO_WAIT_MS = 1000;

/**
 * Tells every server process that the website's catalog changed, and returns once this process
 * has heard the notification back. PostgreSQL sends it to every listening process at the same
 * moment, so the other workers (WEB_CONCURRENCY) and servers have it on their connection before
 * the owner's answer leaves: the next request, whichever process takes it, sees the change.
 * Inside a transaction, PostgreSQL delivers the notification on commit only, so there it does not
 * wait; call `catalogChanged` here too after the commit.
 */
export async function announceCatalogChange(sql: Sql, websiteId: string): Promise<void> {
  const inTransaction = typeof (sql as { savepoint?: unknown }).savepoint === 'function';
  if (!listening || inTransaction) {
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${websiteId})`;
    return;
  }
  let heard!: () => void;
  const echo = new Promise<void>((resolve) => (heard = resolve));
  const waiting = echoes.get(websiteId) ?? new Set();
  echoes.set(websiteId, waiting.add(heard));
  let timer: NodeJS.Timeout | undefined;
  try {
    await sql`select pg_notify(${CATALOG_CHANNEL}, ${websiteId})`;
    await Promise.race([echo, new Promise<void>((resolve) => (timer = setTimeout(resolve, ECHO_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
    waiting.delete(heard);
    if (!waiting.size && echoes.get(websiteId) === waiting) echoes.delete(websiteId);
  }
}

/**
 * Listens for other processes' changes (a real PostgreSQL; the embedded one has a single process).
 * Returns a function that stops listening.
 */
export async function listenForCatalogChanges(sql: Sql): Promise<() => Promise<void>> {
  const { unlisten } = await sql.listen(CATALOG_CHANNEL, (websiteId) => {
    if (!websiteId) return;
    catalogChanged(websiteId);
    for (const heard of echoes.get(websiteId) ?? []) heard();
  });
  listening = true;
  return async () => {
    listening = false;
    await unlisten();
  };
}
