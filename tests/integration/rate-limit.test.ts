// The shared rate limiter on PGlite and PostgreSQL: points per window per key, a Retry-After for
// the refused, counts shared by two limiters on one database (two server processes), keys apart,
// and several limits spent all or none, exactly under parallel calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumeAll, createLimiter } from '../../app/utils/rate-limit.server.js';
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

  it('spends several limits all or none: a refusal gives back the points taken before it', async () => {
    const wide = createLimiter('t5', { points: 5, durationS: 60 }, db.sql);
    const narrow = createLimiter('t6', { points: 1, durationS: 60 }, db.sql);
    expect(
      await consumeAll([
        [wide, 'k'],
        [narrow, 'k'],
      ]),
    ).toEqual({ ok: true });
    const refused = await consumeAll([
      [wide, 'k'],
      [narrow, 'k'],
    ]);
    expect(refused).toMatchObject({ ok: false, index: 1 });
    // The refused call's point of `wide` came back: four of five are left.
    for (let i = 0; i < 4; i++) expect((await wide.consume('k')).ok).toBe(true);
    expect((await wide.consume('k')).ok).toBe(false);
  });

  it('lets exactly the limit through when many calls spend at once', async () => {
    const a = createLimiter('t7', { points: 10, durationS: 60 }, db.sql);
    const b = createLimiter('t8', { points: 4, durationS: 60 }, db.sql);
    const verdicts = await Promise.all(
      Array.from({ length: 30 }, () =>
        consumeAll([
          [b, 'k'],
          [a, 'k'],
        ]),
      ),
    );
    expect(verdicts.filter((v) => v.ok)).toHaveLength(4);
    const single = await Promise.all(Array.from({ length: 30 }, () => a.consume('j')));
    expect(single.filter((v) => v.ok)).toHaveLength(10);
  });
});
