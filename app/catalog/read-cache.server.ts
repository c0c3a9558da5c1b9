// An in-process cache of catalog reads (the site, what a path shows), per website: entries made at
// an older catalog generation are never served, and a change drops the website's entries at once.
// A short lifetime bounds how stale a write made behind the app's back (plain SQL) can be.
import { LRUCache } from 'lru-cache';
import { catalogGeneration, onCatalogChange } from './changes.server.js';

interface Entry {
  generation: number;
  value: unknown;
}

export interface ReadCache {
  /** `read()`'s result for `key`, shared by concurrent callers and kept until the catalog changes. */
  get<T>(websiteId: string, key: string, read: () => Promise<T>): Promise<T>;
  clear(): void;
  size(): number;
}

export interface ReadCacheOptions {
  /** Most entries kept (default 2000). */
  max?: number;
  /** Lifetime of an entry (default 30 s). */
  ttlMs?: number;
  /** With `sizeOf`, the most bytes kept, the least recently used going first. */
  maxBytes?: number;
  sizeOf?: (value: unknown) => number;
}

export function createReadCache(opts: ReadCacheOptions = {}): ReadCache {
  const entries = new LRUCache<string, Entry>({
    max: opts.max ?? 2000,
    ttl: opts.ttlMs ?? 30_000,
    ...(opts.sizeOf
      ? { maxSize: opts.maxBytes ?? 32 * 1024 * 1024, sizeCalculation: (e: Entry) => Math.max(1, opts.sizeOf!(e.value)) }
      : {}),
  });
  const pending = new Map<string, Promise<unknown>>();
  const prefix = (websiteId: string) => `${websiteId}\u0000`;

  onCatalogChange((websiteId) => {
    for (const k of [...entries.keys()]) if (k.startsWith(prefix(websiteId))) entries.delete(k);
    for (const k of [...pending.keys()]) if (k.startsWith(prefix(websiteId))) pending.delete(k);
  });

  async function get<T>(websiteId: string, key: string, read: () => Promise<T>): Promise<T> {
    const k = prefix(websiteId) + key;
    const generation = catalogGeneration(websiteId);
    const hit = entries.get(k);
    if (hit && hit.generation === generation) return hit.value as T;
    const inFlight = pending.get(k);
    if (inFlight) return inFlight as Promise<T>;
    const p = read().then((value) => {
      // A change that landed while reading makes this value stale: serve it to this caller only.
      if (catalogGeneration(websiteId) === generation) entries.set(k, { generation, value });
      return value;
    });
    pending.set(k, p);
    try {
      return await p;
    } finally {
      pending.delete(k);
    }
  }

  return { get, clear: () => entries.clear(), size: () => entries.size };
}
