// Owner accounts and their roles per site: create or update an owner (the first one comes from
// OWNER_EMAIL/OWNER_PASSWORD or `npm run owner:create`), look one up to sign in, list memberships.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { endAllSessions } from './owner-session.server.js';
import { hashPassword, passwordProblem, verifyPassword } from './password.server.js';
import { ROLES, isRoleId, type RoleId } from './roles.js';
import { EMAIL_MAX, EMAIL_MIN, EXAMPLE_EMAIL, isEmail } from '../utils/email.js';

export interface Owner {
  id: string;
  email: string;
  name: string;
}

export interface Membership {
  websiteId: string;
  title: string;
  roleId: RoleId;
}

export class OwnerError extends Error {
  override name = 'OwnerError';
}

/** An email as we store it: trimmed, lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | null {
  const e = normalizeEmail(email);
  if (e.length < EMAIL_MIN || e.length > EMAIL_MAX) return 'An email address is 3 to 256 characters long.';
  if (!isEmail(e)) return `Enter an email address such as ${EXAMPLE_EMAIL}.`;
  return null;
}

/** The owner with `email` and the stored hash, for sign-in; null when there is none. */
export async function ownerForSignIn(sql: Sql, email: string): Promise<(Owner & { passwordHash: string }) | null> {
  const [row] = await sql<{ id: string; email: string; name: string; password_hash: string }[]>`
    select id, email, name, password_hash from owner where email = ${normalizeEmail(email)}`;
  return row ? { id: row.id, email: row.email, name: row.name, passwordHash: row.password_hash } : null;
}

export async function ownerById(sql: Sql, id: string): Promise<Owner | null> {
  const [row] = await sql<Owner[]>`select id, email, name from owner where id = ${id}`;
  return row ?? null;
}

/**
 * Creates the owner with `email`, or sets the password (and name, when given) of the one that
 * exists. Returns the owner, whether it was made now, and whether an existing owner's password
 * changed: that ends every session of theirs (a browser signed in with the old password, maybe by
 * whoever learnt it, is signed out), as a shopper's password reset does. Setting the password it
 * already has (OWNER_PASSWORD at every start) keeps the hash and the sessions.
 */
export async function upsertOwner(
  sql: Sql,
  input: { email: string; password: string; name?: string },
): Promise<{ owner: Owner; created: boolean; passwordChanged: boolean; sessionsEnded: number }> {
  const problem = emailProblem(input.email) ?? passwordProblem(input.password);
  if (problem) throw new OwnerError(problem);
  const email = normalizeEmail(input.email);
  const existing = await ownerForSignIn(sql, email);
  const same = existing !== null && (await verifyPassword(existing.passwordHash, input.password));
  const passwordHash = same ? existing.passwordHash : await hashPassword(input.password);
  return sql.begin(async (tx) => {
    const [row] = await tx<(Owner & { created: boolean })[]>`
      insert into owner (id, email, name, password_hash)
      values (${crypto.randomUUID()}, ${email}, ${input.name?.trim() ?? ''}, ${passwordHash})
      on conflict (email) do update set
        password_hash = excluded.password_hash,
        name = case when ${input.name === undefined} then owner.name else excluded.name end,
        updated_at = now()
      returning id, email, name, (xmax = 0) as created`;
    const passwordChanged = !row.created && !same;
    const sessionsEnded = passwordChanged ? await endAllSessions(tx as unknown as Sql, row.id) : 0;
    return { owner: { id: row.id, email: row.email, name: row.name }, created: row.created, passwordChanged, sessionsEnded };
  });
}

/** Gives `ownerId` the role `roleId` on a site (replacing the role held before). */
export async function grantRole(sql: Sql, websiteId: string, ownerId: string, roleId: RoleId): Promise<void> {
  await sql`
    insert into site_member (website_id, owner_id, role_id) values (${websiteId}, ${ownerId}, ${roleId})
    on conflict (website_id, owner_id) do update set role_id = excluded.role_id`;
}

/** Makes `ownerId` an administrator of every site (the configured first owner). */
export async function grantAdminEverywhere(sql: Sql, ownerId: string): Promise<number> {
  const rows = await sql`
    insert into site_member (website_id, owner_id, role_id)
    select id, ${ownerId}, ${ROLES.admin} from website
    on conflict (website_id, owner_id) do update set role_id = ${ROLES.admin}
    returning website_id`;
  return rows.length;
}

/** The sites `ownerId` belongs to, by title, with the role held on each ("none" left out). */
export async function membershipsOf(sql: Sql, ownerId: string): Promise<Membership[]> {
  const rows = await sql<{ website_id: string; title: string; role_id: number }[]>`
    select m.website_id, w.title, m.role_id from site_member m join website w on w.id = m.website_id
     where m.owner_id = ${ownerId} and m.role_id <> ${ROLES.none}
     order by w.title, w.id`;
  return rows.filter((r) => isRoleId(r.role_id)).map((r) => ({ websiteId: r.website_id, title: r.title, roleId: r.role_id as RoleId }));
}

export async function countOwners(sql: Sql): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from owner`;
  return n;
}
