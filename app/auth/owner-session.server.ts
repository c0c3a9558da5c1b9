// Owner sessions, kept server-side (Remix createSessionStorage over the owner_session table) so
// they can be revoked: the signed cookie carries a random id, the row holds who is signed in and
// the site being edited. Signing out deletes the row; "everywhere" deletes all of the owner's.
import type { Session, SessionStorage } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import { env } from '../utils/env.server.js';
import { OWNER_COOKIE } from '../utils/owner-cookie.js';
import { dbSessionStorage } from './db-session-storage.server.js';

/** A session lasts this long from sign-in, however active (sign in again afterwards). */
export const SESSION_DAYS = 14;

export interface OwnerSessionData {
  ownerId: string;
  /** The site being edited; checked against the owner's memberships on every request. */
  siteId: string;
}
interface OwnerFlash {
  notice: string;
}
export type OwnerSession = Session<OwnerSessionData, OwnerFlash>;

let storage: { sql: Sql; storage: SessionStorage<OwnerSessionData, OwnerFlash> } | undefined;

export function ownerSessionStorage(sql: Sql): SessionStorage<OwnerSessionData, OwnerFlash> {
  if (storage?.sql === sql) return storage.storage;
  const e = env();
  const s = dbSessionStorage<OwnerSessionData, OwnerFlash>(
    sql,
    { table: 'owner_session', userColumn: 'owner_id', userKey: 'ownerId' },
    {
      name: OWNER_COOKIE,
      path: '/',
      httpOnly: true,
      // Lax: a link from an email (an invite) arrives signed in; other sites' posts do not.
      sameSite: 'lax',
      secure: e.secureCookies,
      secrets: e.sessionSecrets,
      maxAge: SESSION_DAYS * 24 * 60 * 60,
    },
    SESSION_DAYS * 86_400_000,
  );
  storage = { sql, storage: s };
  return s;
}

/** Signs `ownerId` out of every browser (after a password change, or on request). */
export async function endAllSessions(sql: Sql, ownerId: string): Promise<number> {
  const rows = await sql`delete from owner_session where owner_id = ${ownerId} returning 1`;
  return rows.length;
}

/** Removes expired sessions (the periodic cleanup). */
export async function deleteExpiredSessions(sql: Sql): Promise<number> {
  const rows = await sql`delete from owner_session where expires_at <= now() returning 1`;
  return rows.length;
}
