// Sessions kept server-side in a table (owner_session, site_user_session): the signed cookie
// carries a random id, the row holds its SHA-256, the data, whose session it is and when it ends,
// so sessions can be revoked one by one or all of a person's at once. The expiry set at sign-in
// stays: activity does not extend a session forever.
import crypto from 'node:crypto';
import { createSessionStorage, type CookieOptions, type SessionData, type SessionStorage } from '@remix-run/node';
import type { Sql } from '../../db/client.server.js';
import { hashSecret } from '../utils/secret-hash.server.js';

export interface DbSessionTable {
  table: 'owner_session' | 'site_user_session';
  /** The column naming whose session it is, and the key of the session data it is copied from. */
  userColumn: 'owner_id' | 'site_user_id';
  userKey: string;
}

export function dbSessionStorage<Data extends SessionData, Flash extends SessionData = Data>(
  sql: Sql,
  t: DbSessionTable,
  cookie: CookieOptions & { name: string },
  /** How long a session lasts when the cookie gives no expiry (a browser-session cookie). */
  defaultLifetimeMs: number,
): SessionStorage<Data, Flash> {
  const table = sql(t.table);
  const userColumn = sql(t.userColumn);
  const userOf = (data: Record<string, unknown>) => (data[t.userKey] as string | undefined) ?? null;
  return createSessionStorage<Data, Flash>({
    cookie,
    async createData(data, expires) {
      const id = crypto.randomBytes(32).toString('base64url');
      const until = expires ?? new Date(Date.now() + defaultLifetimeMs);
      await sql`insert into ${table} (id_hash, ${userColumn}, data, expires_at)
                values (${hashSecret(id)}, ${userOf(data)}, ${sql.json(data as never)}, ${until})`;
      return id;
    },
    async readData(id) {
      const [row] = await sql<{ data: Record<string, unknown> }[]>`
        select data from ${table} where id_hash = ${hashSecret(id)} and expires_at > now()`;
      return (row?.data ?? null) as never;
    },
    async updateData(id, data) {
      await sql`update ${table} set data = ${sql.json(data as never)}, ${userColumn} = ${userOf(data)}
                 where id_hash = ${hashSecret(id)}`;
    },
    async deleteData(id) {
      await sql`delete from ${table} where id_hash = ${hashSecret(id)}`;
    },
  });
}
