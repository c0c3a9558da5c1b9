// The forms' CAPTCHA: a self-hosted proof-of-work challenge (altcha). The widget in the page fetches
// a signed challenge from GET /api/form/captcha, solves it in the browser and posts the solution
// with the form; the server checks the signature, the work and that no solution is used twice.
import crypto from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Store } from 'altcha-lib/frameworks/types';
import type { Sql } from '../../db/client.server.js';
import { env } from '../utils/env.server.js';

/** Seconds a challenge stays valid. */
const CHALLENGE_TTL_S = 10 * 60;
// Few seconds of work on a phone: enough to price out bulk spam, not to annoy a person.
const COST = 5_000;

// Derived from the session secret, so no extra setting is needed; rotating that secret voids
// open challenges only, which are minutes long.
const hmacSecret = (secret = env().sessionSecrets[0]) => crypto.createHmac('sha256', secret).update('form-captcha').digest('hex');

/**
 * Spent solutions, in the database rather than in this process: a solution accepted by one server
 * process must be refused by the others. Kept as long as any challenge lives, then swept.
 */
function spentSolutions(sql: Sql): Store {
  return {
    get: async (key) => (await sql`select 1 from captcha_solution where challenge_id = ${key}`).length > 0,
    set: (key) => spend(sql, key),
    setIfAbsent: (key) => spend(sql, key),
  };
}

async function spend(sql: Sql, key: string): Promise<boolean> {
  // Now and then, sweep what has expired: the table holds at most ten minutes of solutions.
  if (Math.random() < 0.05) await sql`delete from captcha_solution where expires_at < now()`;
  const added = await sql`
    insert into captcha_solution (challenge_id, expires_at)
    values (${key}, now() + make_interval(secs => ${CHALLENGE_TTL_S}))
    on conflict (challenge_id) do nothing
    returning 1`;
  return added.length === 1;
}

/** A new signed challenge, as the widget expects it. */
export async function newChallenge(): Promise<unknown> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    deriveKey,
    hmacSignatureSecret: hmacSecret(),
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
  });
}

/** Whether the widget's payload (the `altcha` field) solves one of our challenges, not used before. */
export async function captchaSolved(sql: Sql, payload: string | undefined | null): Promise<boolean> {
  if (!payload || payload.length > 10_000) return false;
  try {
    const r = await verify(payload, deriveKey, hmacSecret(), undefined, spentSolutions(sql));
    return r.error === null && r.verification?.verified === true;
  } catch {
    return false;
  }
}
