// Rate limiting shared by every server process: rate-limiter-flexible counting in PostgreSQL (table
// rate_limit, migration 0006), with an in-memory limiter standing in while the database is away.
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Sql } from '../../db/client.server.js';
import { log } from './log.server.js';

/** Points a key may spend per window of `durationS` seconds. */
export interface Limit {
  points: number;
  durationS: number;
  /** Once the points are spent, refuse for this long (default: until the window ends). */
  blockS?: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterS: number };

export interface Limiter {
  /** Spends one point of `key`; refused with the seconds to wait once the window's points are gone. */
  consume(key: string): Promise<Verdict>;
  /** Whether `key` has points left, without spending one. */
  peek(key: string): Promise<Verdict>;
  /** Forgets `key`'s count (a sign-in that succeeded forgives the failures before it). */
  reset(key: string): Promise<void>;
  /** Gives back one point of `key` spent by `consume` for an attempt that did not happen after all. */
  refund(key: string): Promise<void>;
}

/** postgres.js behind the node-postgres `query()` shape that rate-limiter-flexible speaks. */
function pgClient(sql: Sql) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const rows = await sql.unsafe(q.text, (q.values ?? []) as never[]);
      return { rows, rowCount: rows.length };
    },
  };
}

function wrap(limiter: RateLimiterAbstract): Limiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key, 1);
        return { ok: true };
      } catch (e) {
        if (e instanceof RateLimiterRes) return { ok: false, retryAfterS: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
        // Neither the database nor the insurance limiter answered: let the request through.
        log.warn(`rate-limit: ${(e as Error)?.message ?? e}`);
        return { ok: true };
      }
    },
    async peek(key) {
      try {
        const r = await limiter.get(key);
        if (r && r.consumedPoints >= limiter.points && r.msBeforeNext > 0) {
          return { ok: false, retryAfterS: Math.max(1, Math.ceil(r.msBeforeNext / 1000)) };
        }
        return { ok: true };
      } catch (e) {
        log.warn(`rate-limit: ${(e as Error)?.message ?? e}`);
        return { ok: true };
      }
    },
    async reset(key) {
      try {
        await limiter.delete(key);
      } catch (e) {
        log.warn(`rate-limit: ${(e as Error)?.message ?? e}`);
      }
    },
    async refund(key) {
      try {
        await limiter.reward(key, 1);
      } catch (e) {
        log.warn(`rate-limit: ${(e as Error)?.message ?? e}`);
      }
    },
  };
}

/**
 * Spends one point of each `[limiter, key]` in order, or none: the first refusal gives back the points
 * taken before it and is returned with its index. Each point is taken by one atomic update in the
 * database (an upsert that adds and returns the count), so however many attempts run at once, no more
 * pass than the limits allow; a check followed by a later spend would let every attempt that checked
 * before the first spend through (ADR 0010).
 */
export async function consumeAll(steps: [Limiter, string][]): Promise<{ ok: true } | { ok: false; index: number; retryAfterS: number }> {
  for (let i = 0; i < steps.length; i++) {
    const [limiter, key] = steps[i];
    const v = await limiter.consume(key);
    if (!v.ok) {
      await Promise.all(steps.slice(0, i).map(([l, k]) => l.refund(k)));
      return { ok: false, index: i, retryAfterS: v.retryAfterS };
    }
  }
  return { ok: true };
}

/**
 * A limiter named `name` (its keys are kept apart from other limiters'). With `sql`, its counts
 * live in the database, so every process shares them; without, in this process only (tests).
 */
export function createLimiter(name: string, limit: Limit, sql?: Sql): Limiter {
  const block = limit.blockS ? { blockDuration: limit.blockS } : {};
  const memory = new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationS, ...block });
  if (!sql) return wrap(memory);
  return wrap(
    new RateLimiterPostgres({
      storeClient: pgClient(sql),
      storeType: 'pool',
      tableName: 'rate_limit',
      tableCreated: true,
      keyPrefix: name,
      points: limit.points,
      duration: limit.durationS,
      ...block,
      insuranceLimiter: memory,
    }),
  );
}
