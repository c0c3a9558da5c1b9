// Opening a lock (lock screen, page type 103): the password checked against its argon2 hash,
// answers counted per visitor and per lock in PostgreSQL before the check (every process shares them),
// and the opened lock remembered in the shopper's session cookie until the owner changes it.
import type { Sql } from '../../db/client.server.js';
import { verifyPassword } from '../auth/password.server.js';
import { consumeAll, createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
import { shopperSession } from '../utils/session.server.js';
import { unlockToken } from './rules.js';
import { lockHash, lockOf } from './store.server.js';
import { ACCESS_TEXT } from './texts.js';

/** Five wrong passwords from one visitor within ten minutes: that visitor waits ten minutes. */
export const PER_VISITOR: Limit = { points: 5, durationS: 10 * 60, blockS: 10 * 60 };
/** Many visitors guessing one lock together. */
export const PER_LOCK: Limit = { points: 100, durationS: 10 * 60, blockS: 10 * 60 };

const limits = new WeakMap<Sql, { visitor: Limiter; lock: Limiter }>();
function limitsFor(sql: Sql) {
  let l = limits.get(sql);
  if (!l) {
    l = { visitor: createLimiter('unlock-visitor', PER_VISITOR, sql), lock: createLimiter('unlock-lock', PER_LOCK, sql) };
    limits.set(sql, l);
  }
  return l;
}

export type UnlockOutcome = { ok: true } | { ok: false; error: string; retryAfterS?: number };

/**
 * Checks `password` against the lock of `scope` ('site' or a collection id of the site) and, when
 * right, remembers it in the request's session (the caller commits the session).
 */
export async function unlock(
  sql: Sql,
  request: Request,
  websiteId: string,
  input: { scope: string; password: string; visitor: string },
): Promise<UnlockOutcome> {
  const l = limitsFor(sql);
  const visitorKey = `${websiteId}:${input.visitor}`;
  const lockKey = `${websiteId}:${input.scope}`;
  // The attempt is taken from both counts before the password is checked, all or none, so parallel
  // attempts check no more passwords than the limits allow (ADR 0010).
  const v = await consumeAll([
    [l.visitor, visitorKey],
    [l.lock, lockKey],
  ]);
  if (!v.ok) return { ok: false, error: ACCESS_TEXT.tooMany(v.retryAfterS), retryAfterS: v.retryAfterS };
  const stored = await lockHash(sql, websiteId, input.scope);
  // No such lock (removed meanwhile, or a scope made up): checked against a decoy all the same.
  const ok = await verifyPassword(stored, input.password);
  if (!ok || stored === null) return { ok: false, error: ACCESS_TEXT.wrongPassword };
  // A success forgives the visitor's failures and gives the lock its point back (it counts failures).
  await Promise.all([l.visitor.reset(visitorKey), l.lock.refund(lockKey)]);
  (await shopperSession(request)).addUnlocked(unlockToken(input.scope, lockOf(stored)));
  return { ok: true };
}
