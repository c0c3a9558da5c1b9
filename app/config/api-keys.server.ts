// API keys of a site (the API keys screen): create one with a name and scopes, shown once and kept
// only as its SHA-256; list them (with who made each and when it was last used); revoke one. Owner JSON endpoints
// take them as `Authorization: Bearer` (app/auth/permissions.server.ts). Every change is audited.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { hashApiKey, type OwnerAccess } from '../auth/permissions.server.js';
import { ROLES, type Permission } from '../auth/roles.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';

/** The permissions a key may carry: those the JSON endpoints check. */
export const API_SCOPES = [
  'settings.read',
  'settings.write',
  'pages.read',
  // The store-building calls of SPEC 7 (UpdateNavigation, the content-service product collection).
  'pages.write',
  'pages.publish',
  'products.read',
  'products.write',
  'orders.read',
  'orders.write',
  // The back-in-stock sign-ups (shoppers' emails), as on the restock screen.
  'forms.read',
] as const satisfies readonly Permission[];
export type ApiScope = (typeof API_SCOPES)[number];

export const KEY_PREFIX = 'sk_';
/** How much of a key the list shows, to tell keys apart. */
export const DISPLAY_PREFIX_LENGTH = 10;
export const KEYS_PER_PAGE = 50;

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Who made it: their email, or null when their account is gone. */
  createdBy: string | null;
  /** Whether its maker is still a member of the site (a key stops working when they are not). */
  makerIsMember: boolean;
}

export class ApiKeyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A new secret: "sk_" and 32 random bytes, base64url. */
export function newApiKey(): string {
  return KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
}

/** Creates a key; the returned `key` is the only time it exists outside the caller's screen. */
export async function createApiKey(a: OwnerAccess, name: string, scopes: ApiScope[]): Promise<{ id: string; key: string; prefix: string }> {
  const key = newApiKey();
  const id = crypto.randomUUID();
  const prefix = key.slice(0, DISPLAY_PREFIX_LENGTH);
  await a.sql`
    insert into api_key (id, website_id, name, prefix, key_hash, scopes, created_by)
    values (${id}, ${a.site.id}, ${name}, ${prefix}, ${hashApiKey(key)}, ${scopes}, ${a.owner.id})`;
  await recordAudit(a.sql, actorOf(a), 'apikey.create', name, { prefix, scopes });
  return { id, key, prefix };
}

/** Revokes the site's key `id` (a key of another site is not found). Revoking twice is refused. */
export async function revokeApiKey(a: OwnerAccess, id: string): Promise<string> {
  const [row] = await a.sql<{ name: string; prefix: string }[]>`
    update api_key set revoked_at = now()
     where id = ${id} and website_id = ${a.site.id} and revoked_at is null
    returning name, prefix`;
  if (!row) throw new ApiKeyError(404, 'There is no such key, or it is revoked already.');
  await recordAudit(a.sql, actorOf(a), 'apikey.revoke', row.name, { prefix: row.prefix });
  return row.name;
}

export type KeyState = 'active' | 'revoked' | 'all';

/**
 * The site's keys, newest first, `KEYS_PER_PAGE` at a time; `after` is the id of the last key of the
 * previous page (compared by its stored creation time, exact to the microsecond). `query` matches a
 * name or a prefix.
 */
export async function listApiKeys(
  sql: Sql,
  websiteId: string,
  opts: { state?: KeyState; query?: string; after?: string | null } = {},
): Promise<{ keys: ApiKeyRow[]; next: string | null }> {
  const state = opts.state ?? 'all';
  const q = (opts.query ?? '').trim().slice(0, 80);
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const after = opts.after && /^[0-9a-f-]{36}$/.test(opts.after) ? opts.after : null;
  const rows = await sql<
    {
      id: string;
      name: string;
      prefix: string;
      scopes: string[];
      created_at: Date;
      last_used_at: Date | null;
      revoked_at: Date | null;
      maker: string | null;
      member: boolean;
    }[]
  >`
    select k.id, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.revoked_at, o.email as maker,
           (m.owner_id is not null and m.role_id <> ${ROLES.none}) as member
      from api_key k
      left join owner o on o.id = k.created_by
      left join site_member m on m.website_id = k.website_id and m.owner_id = k.created_by
     where k.website_id = ${websiteId}
       ${state === 'active' ? sql`and k.revoked_at is null` : state === 'revoked' ? sql`and k.revoked_at is not null` : sql``}
       ${q ? sql`and (k.name ilike ${like} or k.prefix ilike ${like})` : sql``}
       ${after ? sql`and (k.created_at, k.id) < (select created_at, id from api_key where id = ${after} and website_id = ${websiteId})` : sql``}
     order by k.created_at desc, k.id desc
     limit ${KEYS_PER_PAGE + 1}`;
  const page = rows.slice(0, KEYS_PER_PAGE);
  const last = page[page.length - 1];
  return {
    keys: page.map((r) => ({
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      scopes: r.scopes,
      createdAt: r.created_at.toISOString(),
      lastUsedAt: r.last_used_at?.toISOString() ?? null,
      revokedAt: r.revoked_at?.toISOString() ?? null,
      createdBy: r.maker,
      makerIsMember: r.member,
    })),
    next: rows.length > KEYS_PER_PAGE && last ? last.id : null,
  };
}
