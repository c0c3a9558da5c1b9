// The audit log: one row per owner write (who, what, on which thing, when), written beside the
// change, and read by the Audit log screen and the dashboard's recent changes.
import type { Sql } from '../../db/client.server.js';
import type { KeyAccess, OwnerAccess } from '../auth/permissions.server.js';

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  at: string;
}

export interface Actor {
  websiteId: string;
  /** The owner's id, or null for an API key. */
  ownerId: string | null;
  /** The owner's email, or "API key <name>". */
  actor: string;
}

/** Who did it, from a route's access (an owner's session or an API key). */
export function actorOf(a: OwnerAccess | KeyAccess): Actor {
  return 'websiteId' in a
    ? { websiteId: a.websiteId, ownerId: null, actor: a.actor }
    : { websiteId: a.site.id, ownerId: a.owner.id, actor: a.actor };
}

/** Records a write. `action` is a dotted verb ("product.update"); `target` names the thing changed. */
export async function recordAudit(
  sql: Sql,
  who: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await sql`
    insert into audit_log (website_id, owner_id, actor, action, target, detail)
    values (${who.websiteId}, ${who.ownerId}, ${who.actor}, ${action}, ${target}, ${sql.json(detail as never)})`;
}

/** The site's entries, newest first; `before` is the id of the last entry of the previous page. */
export async function auditEntries(
  sql: Sql,
  websiteId: string,
  opts: { limit?: number; before?: string | null; action?: string | null } = {},
): Promise<AuditEntry[]> {
  const limit = Math.min(Math.max(opts.limit ?? 50, 1), 200);
  const before = opts.before && /^\d+$/.test(opts.before) ? opts.before : null;
  // The id goes out as text (a bigint); the order is by the number: `order by id` would sort the
  // text column of that name, and put entry 99 above entry 100.
  const rows = await sql<{ id: string; actor: string; action: string; target: string; detail: Record<string, unknown>; at: Date }[]>`
    select id::text, actor, action, target, detail, at from audit_log
     where website_id = ${websiteId}
       ${before ? sql`and id < ${before}` : sql``}
       ${opts.action ? sql`and action like ${opts.action.replace(/[%_]/g, '') + '%'}` : sql``}
     order by audit_log.id desc limit ${limit}`;
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/** The action families the site's log holds ("order" for "order.refund"), for the log's filter. */
export async function auditFamilies(sql: Sql, websiteId: string): Promise<string[]> {
  const rows = await sql<{ family: string }[]>`
    select distinct split_part(action, '.', 1) as family from audit_log where website_id = ${websiteId} order by 1`;
  return rows.map((r) => r.family).filter((f) => f !== '');
}
