// The forms' CAPTCHA: a self-hosted proof-of-work challenge (altcha). The widget in the page fetches
// a signed challenge from GET /api/form/captcha, solves it in the browser and posts the solution
// with the form; the server checks the signature, the work and that no solution is used twice.
import crypto from 'node:crypto';
import { createChallenge, CappedMap } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify } from 'altcha-lib/frameworks/shared';
import type { Store } from 'altcha-lib/frameworks/types';
import { env } from '../utils/env.server.js';

/** Seconds a challenge stays valid. */
const CHALLENGE_TTL_S = 10 * 60;
// Few seconds of work on a phone: enough to price out bulk spam, not to annoy a person.
const COST = 5_000;

// Derived from the session secret, so no extra setting is needed; rotating that secret voids
// open challenges only, which are minutes long.
const hmacSecret = (secret = env().sessionSecrets[0]) => crypto.createHmac('sha256', secret).update('form-captcha').digest('hex');

/** Solutions already accepted in this process (each challenge is good for one submission). */
const used = new CappedMap<string, boolean>({ maxSize: 50_000 });
const store: Store = {
  get: (key) => used.get(key),
  set: (key, value) => used.set(key, value),
  setIfAbsent: (key, value) => used.setIfAbsent(key, value),
};

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
export async function captchaSolved(payload: string | undefined | null): Promise<boolean> {
  if (!payload || payload.length > 10_000) return false;
  try {
    const r = await verify(payload, deriveKey, hmacSecret(), undefined, store);
    return r.error === null && r.verification?.verified === true;
  } catch {
    return false;
  }
}
