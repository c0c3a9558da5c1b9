// The permission check every /config loader and action starts with: who is signed in (the owner
// session), which site they are editing (one they belong to), their role there, and whether that
// role may do what the route does (app/auth/roles.ts). Owner JSON endpoints also take an API key,
// which acts for the member who made it and so never does more than they may today.
import crypto from 'node:crypto';
import { json, redirect } from '@remix-run/node';
import { getSql, type Sql } from '../../db/client.server.js';
import { membershipsOf, ownerById, type Membership, type Owner } from './owners.server.js';
import { ownerSessionStorage, type OwnerSession } from './owner-session.server.js';
import { can, permissionsOf, ROLES, type Permission, type RoleId } from './roles.js';

export const SIGN_IN_PATH = '/config/sign-in';

export const ACCESS_TEXT = {
  forbidden: 'Your role on this site does not allow this.',
  noSites: 'You do not belong to any site yet. Ask an administrator to invite you.',
  signIn: 'Please sign in to continue.',
  badKey: 'This API key is not valid, or it has been revoked.',
  keyScope: 'This API key does not have the scope this request needs.',
  keyMakerGone: 'This API key no longer works: the member who made it is no longer a member of this site.',
  keyMakerRole: 'This API key may no longer do this: the role of the member who made it does not allow it.',
};

export interface EditedSite {
  id: string;
  title: string;
  baseUrl: string;
  currency: string;
  published: boolean;
}

export interface OwnerAccess {
  sql: Sql;
  owner: Owner;
  session: OwnerSession;
  memberships: Membership[];
  site: EditedSite;
  roleId: RoleId;
  permissions: Permission[];
  can(p: Permission): boolean;
  /** How the audit log names who did it. */
  actor: string;
}

/** Where to go back after signing in: a path under /config, never another site. */
export function safeConfigPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/config') || raw.startsWith('//') || /[\\\u0000-\u001f]/.test(raw)) return '/config';
  return raw;
}

function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = request.method === 'GET' ? url.pathname + url.search : url.pathname;
  return redirect(`${SIGN_IN_PATH}?redirectTo=${encodeURIComponent(safeConfigPath(back))}`, {
    status: request.method === 'GET' ? 302 : 303,
  });
}

export async function getOwnerSession(sql: Sql, request: Request): Promise<OwnerSession> {
  return ownerSessionStorage(sql)
    .getSession(request.headers.get('Cookie'))
    .catch(() => ownerSessionStorage(sql).getSession());
}

/** The signed-in owner, or a redirect to the sign-in page (thrown). */
export async function requireSignedIn(request: Request): Promise<{ sql: Sql; owner: Owner; session: OwnerSession }> {
  const sql = await getSql();
  const session = await getOwnerSession(sql, request);
  const ownerId = session.get('ownerId');
  const owner = ownerId ? await ownerById(sql, ownerId) : null;
  if (!owner) throw signInRedirect(request);
  return { sql, owner, session };
}

async function siteRow(sql: Sql, id: string): Promise<EditedSite | null> {
  const [row] = await sql<{ id: string; title: string; base_url: string; currency: string; published: boolean }[]>`
    select id, title, base_url, currency, published from website where id = ${id}`;
  return row ? { id: row.id, title: row.title, baseUrl: row.base_url, currency: row.currency, published: row.published } : null;
}

/** The 403 a route throws when the role lacks a permission. */
export function forbidden(message = ACCESS_TEXT.forbidden): Response {
  return json({ error: message }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
}

const perRequest = new WeakMap<Request, Promise<OwnerAccess>>();

async function resolveAccess(request: Request, hostSiteId: string | null): Promise<OwnerAccess> {
  const { sql, owner, session } = await requireSignedIn(request);
  const memberships = await membershipsOf(sql, owner.id);
  if (memberships.length === 0) throw forbidden(ACCESS_TEXT.noSites);
  const wanted = session.get('siteId');
  const m = memberships.find((x) => x.websiteId === wanted) ?? memberships.find((x) => x.websiteId === hostSiteId) ?? memberships[0];
  const site = await siteRow(sql, m.websiteId);
  if (!site) throw forbidden(ACCESS_TEXT.noSites);
  const permissions = permissionsOf(m.roleId);
  return {
    sql,
    owner,
    session,
    memberships,
    site,
    roleId: m.roleId,
    permissions,
    can: (p) => can(m.roleId, p),
    actor: owner.email,
  };
}

/**
 * The owner's access to the site being edited, refused unless their role there has `permission`:
 * a redirect to sign in when nobody is signed in, a 403 otherwise (both thrown as Responses).
 * `hostSiteId`: the site of the request's host, edited by default when the owner belongs to it.
 */
export async function requireOwner(request: Request, permission: Permission, hostSiteId: string | null = null): Promise<OwnerAccess> {
  let p = perRequest.get(request);
  if (!p) {
    p = resolveAccess(request, hostSiteId);
    perRequest.set(request, p);
  }
  const access = await p;
  if (!access.can(permission)) throw forbidden();
  return access;
}

export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export interface KeyAccess {
  sql: Sql;
  websiteId: string;
  keyId: string;
  actor: string;
}

/**
 * Owner JSON endpoints: an `Authorization: Bearer <key>` with `permission` among its scopes, else
 * the signed-in owner's session. Refusals are JSON (401 without credentials, 403 without the right).
 */
export async function requireApiAccess(request: Request, permission: Permission): Promise<KeyAccess | OwnerAccess> {
  const header = request.headers.get('Authorization');
  if (header && /^Bearer\s+/i.test(header)) {
    const sql = await getSql();
    const key = header.replace(/^Bearer\s+/i, '').trim();
    // A key acts for the member who made it: it stops when they leave the site (or their account is
    // deleted: created_by is then null) and does only what both its scopes and their role allow now.
    const [row] = await sql<{ id: string; website_id: string; name: string; scopes: string[]; role_id: number | null }[]>`
      select k.id, k.website_id, k.name, k.scopes, m.role_id from api_key k
        left join site_member m on m.website_id = k.website_id and m.owner_id = k.created_by
       where k.key_hash = ${hashApiKey(key)} and k.revoked_at is null`;
    if (!row) throw json({ error: ACCESS_TEXT.badKey }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    if (row.role_id === null || row.role_id === ROLES.none) {
      throw json({ error: ACCESS_TEXT.keyMakerGone }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
    }
    if (!row.scopes.includes(permission)) throw json({ error: ACCESS_TEXT.keyScope }, { status: 403 });
    if (!can(row.role_id, permission)) throw json({ error: ACCESS_TEXT.keyMakerRole }, { status: 403 });
    // Last used: only uses that were let through.
    await sql`update api_key set last_used_at = now() where id = ${row.id}`;
    return { sql, websiteId: row.website_id, keyId: row.id, actor: `API key ${row.name}` };
  }
  try {
    return await requireOwner(request, permission);
  } catch (e) {
    if (e instanceof Response && e.status >= 300 && e.status < 400) throw json({ error: ACCESS_TEXT.signIn }, { status: 401 });
    throw e;
  }
}

/** The site an API request acts on, from either kind of access. */
export function accessSiteId(a: KeyAccess | OwnerAccess): string {
  return 'websiteId' in a ? a.websiteId : a.site.id;
}
