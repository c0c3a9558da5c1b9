// The catalog's read cache: one read per key and catalog generation, dropped on a change, a value
// read across a change never kept, and a byte bound on what it holds.
import { describe, expect, it } from 'vitest';
import { catalogChanged, catalogGeneration } from '../../../app/catalog/changes.server.js';
import { createReadCache } from '../../../app/catalog/read-cache.server.js';

describe('createReadCache', () => {
  it('reads a key once, and again after its website changes (not after another website does)', async () => {
    const cache = createReadCache();
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get('site-a', 'k', read)).toBe(1);
    expect(await cache.get('site-a', 'k', read)).toBe(1);
    catalogChanged('site-b');
    expect(await cache.get('site-a', 'k', read)).toBe(1);
    const before = catalogGeneration('site-a');
    catalogChanged('site-a');
    expect(catalogGeneration('site-a')).toBe(before + 1);
    expect(await cache.get('site-a', 'k', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it('shares one read between concurrent callers', async () => {
    const cache = createReadCache();
    let reads = 0;
    const read = () => new Promise<number>((r) => setTimeout(() => r(++reads), 20));
    const got = await Promise.all([cache.get('s', 'k', read), cache.get('s', 'k', read), cache.get('s', 'k', read)]);
    expect(got).toEqual([1, 1, 1]);
    expect(reads).toBe(1);
  });

  it('never keeps a value whose read overlapped a change', async () => {
    const cache = createReadCache();
    let reads = 0;
    const slow = () =>
      new Promise<number>((r) =>
        setTimeout(() => {
          reads++;
          r(reads);
        }, 20),
      );
    const first = cache.get('site-c', 'k', slow);
    catalogChanged('site-c');
    expect(await first).toBe(1);
    expect(await cache.get('site-c', 'k', slow)).toBe(2);
    expect(await cache.get('site-c', 'k', slow)).toBe(2);
  });

  it('keeps at most maxBytes, dropping the least recently used', async () => {
    const cache = createReadCache({ maxBytes: 100, sizeOf: (v) => String(v).length });
    for (let i = 0; i < 10; i++) await cache.get('s', `k${i}`, async () => 'x'.repeat(30));
    expect(cache.size()).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const cache = createReadCache();
    await expect(cache.get('s', 'bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('s', 'bad', async () => 'ok')).toBe('ok');
  });
});
