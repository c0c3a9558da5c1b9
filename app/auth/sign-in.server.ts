// Owner sign-in: remix-auth with its form strategy, checking the email and password against the
// argon2 hash. Attempts are counted per email and per address in the database (shared by every server
// process) before the password is checked: after a few failures the owner must wait a minute, after
// more the email is locked for a quarter hour.
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { Sql } from '../../db/client.server.js';
import { consumeAll, createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
import { normalizeEmail, ownerForSignIn, type Owner } from './owners.server.js';
import { verifyPassword } from './password.server.js';

/** Three failures within a minute: wait out the minute. */
export const SLOW_DOWN: Limit = { points: 3, durationS: 60 };
/** Ten failures within fifteen minutes: the email is locked for fifteen minutes. */
export const LOCK_OUT: Limit = { points: 10, durationS: 15 * 60, blockS: 15 * 60 };
/** One address trying many emails. */
export const PER_ADDRESS: Limit = { points: 30, durationS: 15 * 60, blockS: 15 * 60 };

export const SIGN_IN_TEXT = {
  wrong: 'The email or password is incorrect.',
  missing: 'Enter your email and password.',
  slowDown: (s: number) => `Too many attempts. Please wait ${s} seconds and try again.`,
  locked: (m: number) =>
    `This account is locked for ${m} minute${m === 1 ? '' : 's'} after too many failed sign-ins. Try again later, or ask an administrator to invite you again.`,
};

export class SignInError extends Error {
  constructor(
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

interface Limits {
  slow: Limiter;
  lock: Limiter;
  address: Limiter;
}
const limits = new WeakMap<Sql, Limits>();

function limitsFor(sql: Sql): Limits {
  let l = limits.get(sql);
  if (!l) {
    l = {
      slow: createLimiter('signin-slow', SLOW_DOWN, sql),
      lock: createLimiter('signin-lock', LOCK_OUT, sql),
      address: createLimiter('signin-addr', PER_ADDRESS, sql),
    };
    limits.set(sql, l);
  }
  return l;
}

function clientAddress(request: Request): string {
  return request.headers.get('x-storefront-client-address') || 'unknown';
}

/**
 * Takes one attempt from the email's minute, the email's quarter hour and the address's quarter hour
 * before any password is checked, all or none (consumeAll): parallel attempts each take their own
 * point, so exactly as many passwords are checked as the limits allow. A refusal names the tightest wait.
 */
async function takeAttempt(l: Limits, email: string, address: string): Promise<void> {
  // The minute first: attempts past it give their point back at once and never reach the lock's
  // count, so a burst costs the email three of its ten, not ten.
  const v = await consumeAll([
    [l.slow, email],
    [l.lock, email],
    [l.address, address],
  ]);
  if (v.ok) return;
  if (v.index === 0) {
    // Over the minute while already locked: say locked, the longer wait.
    const locked = await l.lock.peek(email);
    if (!locked.ok) throw new SignInError(SIGN_IN_TEXT.locked(Math.ceil(locked.retryAfterS / 60)), locked.retryAfterS);
    throw new SignInError(SIGN_IN_TEXT.slowDown(v.retryAfterS), v.retryAfterS);
  }
  throw new SignInError(SIGN_IN_TEXT.locked(Math.ceil(v.retryAfterS / 60)), v.retryAfterS);
}

/** The authenticator for `sql`'s owners: `authenticate('form', request)` gives the Owner or throws SignInError. */
export function ownerAuthenticator(sql: Sql): Authenticator<Owner> {
  const auth = new Authenticator<Owner>();
  auth.use(
    new FormStrategy(async ({ form, request }) => {
      const email = normalizeEmail(String(form.get('email') ?? ''));
      const password = String(form.get('password') ?? '');
      if (!email || !password) throw new SignInError(SIGN_IN_TEXT.missing);
      const l = limitsFor(sql);
      const address = clientAddress(request);
      await takeAttempt(l, email, address);
      const found = await ownerForSignIn(sql, email);
      const ok = await verifyPassword(found?.passwordHash ?? null, password);
      // A failure keeps the points it took; a success forgives the email's failures and gives the
      // address its point back (the address counts failures only).
      if (!ok || !found) throw new SignInError(SIGN_IN_TEXT.wrong);
      await Promise.all([l.slow.reset(email), l.lock.reset(email), l.address.refund(address)]);
      return { id: found.id, email: found.email, name: found.name };
    }),
    'form',
  );
  return auth;
}
