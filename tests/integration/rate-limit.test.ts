// The shared rate limiter on PGlite and PostgreSQL: points per window per key, a Retry-After for
// the refused, counts shared by two limiters on one database (two server processes), keys apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimiter } from '../../app/utils/rate-limit.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

describe.each(targets)('rate limits on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ seed: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('lets a key spend its points, then refuses it with the seconds to wait', async () => {
    const limiter = createLimiter('t1', { points: 3, durationS: 60 }, db.sql);
    for (let i = 0; i < 3; i++) expect(await limiter.consume('ip:10.0.0.1')).toEqual({ ok: true });
    const refused = await limiter.consume('ip:10.0.0.1');
    expect(refused.ok).toBe(false);
    expect(refused.ok ? 0 : refused.retryAfterS).toBeGreaterThanOrEqual(59);
    // Another visitor has points of their own.
    expect(await limiter.consume('ip:10.0.0.2')).toEqual({ ok: true });
  });

  it('counts in the database: a second process sees the first one spend', async () => {
    const a = createLimiter('t2', { points: 4, durationS: 60 }, db.sql);
    const b = createLimiter('t2', { points: 4, durationS: 60 }, db.sql);
    expect((await a.consume('cart:x')).ok).toBe(true);
    expect((await b.consume('cart:x')).ok).toBe(true);
    expect((await a.consume('cart:x')).ok).toBe(true);
    expect((await b.consume('cart:x')).ok).toBe(true);
    expect((await a.consume('cart:x')).ok).toBe(false);
    const [row] = await db.sql<{ points: number }[]>`select points from rate_limit where key = 't2:cart:x'`;
    expect(row.points).toBe(5);
  });

  it('keeps limiters with other names apart', async () => {
    const one = createLimiter('t3', { points: 1, durationS: 60 }, db.sql);
    const two = createLimiter('t4', { points: 1, durationS: 60 }, db.sql);
    expect((await one.consume('k')).ok).toBe(true);
    expect((await two.consume('k')).ok).toBe(true);
    expect((await one.consume('k')).ok).toBe(false);
  });
});
