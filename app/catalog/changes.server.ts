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

/**
 * Tells every server process that the website's catalog changed. Inside a transaction, PostgreSQL
 * delivers the notification on commit only; call `catalogChanged` here too after the commit.
 */
export async function announceCatalogChange(sql: Sql, websiteId: string): Promise<void> {
  await sql`select pg_notify(${CATALOG_CHANNEL}, ${websiteId})`;
}

/**
 * Listens for other processes' changes (a real PostgreSQL; the embedded one has a single process).
 * Returns a function that stops listening.
 */
export async function listenForCatalogChanges(sql: Sql): Promise<() => Promise<void>> {
  const { unlisten } = await sql.listen(CATALOG_CHANNEL, (websiteId) => {
    if (websiteId) catalogChanged(websiteId);
  });
  return unlisten;
}
