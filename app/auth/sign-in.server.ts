// Owner sign-in: remix-auth with its form strategy, checking the email and password against the
// argon2 hash. Failures are counted per email and per address (shared by every server process):
// after a few the owner must wait a minute, after more the email is locked for a quarter hour.
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import type { Sql } from '../../db/client.server.js';
import { createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
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

/** Refuses before any password is checked when the email or address must wait. */
async function refuseIfThrottled(l: Limits, email: string, address: string): Promise<void> {
  const locked = await l.lock.peek(email);
  if (!locked.ok) throw new SignInError(SIGN_IN_TEXT.locked(Math.ceil(locked.retryAfterS / 60)), locked.retryAfterS);
  const byAddress = await l.address.peek(address);
  if (!byAddress.ok) throw new SignInError(SIGN_IN_TEXT.locked(Math.ceil(byAddress.retryAfterS / 60)), byAddress.retryAfterS);
  const slow = await l.slow.peek(email);
  if (!slow.ok) throw new SignInError(SIGN_IN_TEXT.slowDown(slow.retryAfterS), slow.retryAfterS);
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
      await refuseIfThrottled(l, email, address);
      const found = await ownerForSignIn(sql, email);
      const ok = await verifyPassword(found?.passwordHash ?? null, password);
      if (!ok || !found) {
        await Promise.all([l.slow.consume(email), l.lock.consume(email), l.address.consume(address)]);
        throw new SignInError(SIGN_IN_TEXT.wrong);
      }
      await Promise.all([l.slow.reset(email), l.lock.reset(email)]);
      return { id: found.id, email: found.email, name: found.name };
    }),
    'form',
  );
  return auth;
}
