// The shopper's session: one signed, HttpOnly cookie (Remix cookie session storage) carrying the
// cart id, the subscription cart being checked out and the one-shot flash of the last form post.
import {
  createCookieSessionStorage,
  createSession,
  type Session,
  type SessionData as RemixSessionData,
  type SessionStorage,
} from '@remix-run/node';
import { LRUCache } from 'lru-cache';
import { env } from './env.server.js';
import { UUID } from './uuid.js';

export const SESSION_COOKIE = 'session';
/** Locks remembered at most per session (a cookie holds 4 KB). */
const MAX_UNLOCKED = 20;

interface SessionData {
  cartId: string;
  subscriptionCartId: string;
  /** Passwords given on locked pages (app/access): one token per lock, kept for the session. */
  unlocked: string[];
}
interface FlashData {
  flash: unknown;
}

let storage: SessionStorage<SessionData, FlashData> | undefined;

// Made on first use, not at import: the configuration is read once the server (or a test) has set it.
function sessionStorage(): SessionStorage<SessionData, FlashData> {
  const e = env();
  storage ??= createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: SESSION_COOKIE,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: e.secureCookies,
      // Newest first: the first signs, every one verifies (rotation keeps shoppers' carts).
      secrets: e.sessionSecrets,
      // As long as an untouched cart lives (CART_TTL_DAYS); every cart change commits it again.
      maxAge: e.cartTtlDays * 24 * 60 * 60,
    },
  });
  return storage;
}

/** What a request's handlers read and change of the session; `commit` says whether to send it back. */
export interface ShopperSession {
  /** The shopping cart's id, or null (none yet, or a cookie that does not verify). */
  readonly cartId: string | null;
  /** The subscription cart being checked out, or null. */
  readonly subscriptionCartId: string | null;
  setCartId(id: string): void;
  setSubscriptionCartId(id: string): void;
  /** Forgets the cart (a site user signed out and left it with the account): the next add starts a new one. */
  clearCartId(): void;
  /** The locks this browser has opened (app/access/unlock.server.ts says what a token is). */
  readonly unlocked: readonly string[];
  /** Remembers an opened lock (the newest few are kept: the cookie stays small). */
  addUnlocked(token: string): void;
  /** Leaves `value` for the next request only (session.flash). */
  flash(value: unknown): void;
  /** The flash left by the previous request, removed from the session (undefined when none). */
  takeFlash(): unknown;
  /** The Set-Cookie value when something changed since the request was read, else null. */
  commit(): Promise<string | null>;
}

/** A cart id as the cart store makes them (a UUID); anything else in a session is ignored. */
function idOf(v: unknown): string | null {
  return typeof v === 'string' && UUID.test(v) ? v : null;
}

const SESSION_VALUE = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=([^;]*)`);

/** The session cookie's value as the browser sent it (signed, encoded), or null when there is none. */
function sessionValue(header: string | null): string | null {
  return header === null ? null : (SESSION_VALUE.exec(header)?.[1] ?? null);
}

/**
 * Session cookies already verified, by their value as sent: a shopper's cookie stays the same from
 * one page to the next, and checking its signature (an HMAC per secret) and decoding it was a few
 * per cent of a cart holder's page (issue 29). The same signed value always reads as the same data
 * (the secrets are fixed for the process), so a hit is the verified data again, frozen: every
 * request's session is a new Session over it. Values that do not verify are never kept.
 */
const verified = new LRUCache<string, RemixSessionData>({ max: 2000 });
/** A value longer than this is verified each time (a session cookie holds a cart id and a few tokens). */
const VERIFIED_VALUE_MAX = 1024;

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

/** The session a cookie value carries: null when it does not verify (another secret, tampered with). */
async function verifiedSession(
  store: SessionStorage<SessionData, FlashData>,
  value: string,
): Promise<Session<SessionData, FlashData> | null> {
  const known = verified.get(value);
  if (known) return createSession(known) as Session<SessionData, FlashData>;
  // Verified from this cookie alone, so the cache key and what was verified cannot differ.
  const session = await store.getSession(`${SESSION_COOKIE}=${value}`).catch(() => null);
  // An empty result is a value that did not verify (Remix reads it as no data): not kept.
  if (session && value.length <= VERIFIED_VALUE_MAX && Object.keys(session.data).length > 0)
    verified.set(value, deepFreeze({ ...session.data }));
  return session;
}

async function open(request: Request): Promise<ShopperSession> {
  const value = sessionValue(request.headers.get('Cookie'));
  const store = sessionStorage();
  // Most catalog requests carry no session at all: no signature to check then. A cookie signed
  // with another secret, or tampered with, reads as no session (never an error).
  const session = (value !== null ? await verifiedSession(store, value) : null) ?? (await store.getSession());
  const s = session;
  let changed = false;
  return {
    get cartId() {
      return idOf(s.get('cartId'));
    },
    get subscriptionCartId() {
      return idOf(s.get('subscriptionCartId'));
    },
    setCartId(id) {
      // Set even when unchanged: committing again restarts the cookie's life with the cart's.
      s.set('cartId', id);
      changed = true;
    },
    clearCartId() {
      s.unset('cartId');
      changed = true;
    },
    get unlocked() {
      const v = s.get('unlocked');
      return Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
    },
    addUnlocked(token) {
      const kept = (Array.isArray(s.get('unlocked')) ? s.get('unlocked')! : []).filter((t) => t !== token);
      s.set('unlocked', [...kept, token].slice(-MAX_UNLOCKED));
      changed = true;
    },
    setSubscriptionCartId(id) {
      s.set('subscriptionCartId', id);
      changed = true;
    },
    flash(value) {
      s.flash('flash', value);
      changed = true;
    },
    takeFlash() {
      if (!s.has('flash')) return undefined;
      changed = true;
      return s.get('flash');
    },
    async commit() {
      if (!changed) return null;
      changed = false;
      return store.commitSession(s);
    },
  };
}

// One session per request, shared by everything that handles it (a loader and the page pipeline
// both read it; the flash is taken once).
const perRequest = new WeakMap<Request, Promise<ShopperSession>>();

/** The request's session (read and verified once per request). */
export function shopperSession(request: Request): Promise<ShopperSession> {
  let s = perRequest.get(request);
  if (!s) {
    s = open(request);
    perRequest.set(request, s);
  }
  return s;
}

/** The cart id of the request's session; null when absent, unsigned or tampered with. */
export async function getCartId(request: Request): Promise<string | null> {
  return (await shopperSession(request)).cartId;
}
