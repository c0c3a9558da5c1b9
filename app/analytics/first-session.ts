// The first-session flag of SPEC 4: exactly one per browser session. Session storage marks the
// tab as inside a session; local storage holds the session's id and when it was last seen, so a
// second tab opened within the session joins it instead of starting another.
import { SESSION_MS } from './constants.js';

/** The part of Storage used here (tests give a Map-backed fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const FIRST_SESSION_KEY = 'ss_first_session';

interface SessionMark {
  id: string;
  /** When a page of the session was last seen (ms since the epoch). */
  seen: number;
}

function readMark(raw: string | null): SessionMark | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SessionMark>;
    return typeof v.id === 'string' && typeof v.seen === 'number' ? { id: v.id, seen: v.seen } : null;
  } catch {
    return null;
  }
}

/**
 * The session info of SPEC 3 for this page load: `isFirstSession` is the first-session flag (SPEC
 * 4: this page load began the browser session), `isFirstLanding` also says the browser never had a
 * session here before (the visitor's first landing on the site), `sessionId` the session's id.
 */
export interface SessionInfo {
  isFirstLanding: boolean;
  isFirstSession: boolean;
  sessionId: string | null;
}

/**
 * Marks this page load in the browser session and says what it is (SessionInfo); with storage that
 * cannot be used, no flag and no id rather than a broken page.
 */
export function markSession(session: StorageLike | null, local: StorageLike | null, now: number, newId: () => string): SessionInfo {
  try {
    if (!session || !local) return { isFirstLanding: false, isFirstSession: false, sessionId: null };
    const inTab = session.getItem(FIRST_SESSION_KEY);
    const raw = local.getItem(FIRST_SESSION_KEY);
    const shared = readMark(raw);
    let id: string;
    let first = false;
    if (inTab) id = inTab;
    else if (shared && now - shared.seen >= 0 && now - shared.seen < SESSION_MS) id = shared.id;
    else {
      id = newId();
      first = true;
    }
    session.setItem(FIRST_SESSION_KEY, id);
    local.setItem(FIRST_SESSION_KEY, JSON.stringify({ id, seen: now } satisfies SessionMark));
    // Any mark in local storage, even one we cannot read, means this browser landed here before.
    return { isFirstLanding: first && raw === null, isFirstSession: first, sessionId: id };
  } catch {
    // Storage refused (private mode, quota, a policy).
    return { isFirstLanding: false, isFirstSession: false, sessionId: null };
  }
}

/**
 * Marks this page load in the browser session; true when it starts a new session (the one time
 * the flag is set), false when the session was already flagged, or when storage cannot be used.
 */
export function markFirstSession(session: StorageLike | null, local: StorageLike | null, now: number, newId: () => string): boolean {
  return markSession(session, local, now, newId).isFirstSession;
}
