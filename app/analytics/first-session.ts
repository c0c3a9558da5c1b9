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
 * Marks this page load in the browser session; true when it starts a new session (the one time
 * the flag is set), false when the session was already flagged, or when storage cannot be used.
 */
export function markFirstSession(session: StorageLike | null, local: StorageLike | null, now: number, newId: () => string): boolean {
  try {
    if (!session || !local) return false;
    const inTab = session.getItem(FIRST_SESSION_KEY);
    const shared = readMark(local.getItem(FIRST_SESSION_KEY));
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
    return first;
  } catch {
    // Storage refused (private mode, quota, a policy): no flag rather than a broken page.
    return false;
  }
}
