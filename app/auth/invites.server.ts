// Invitations: an administrator invites someone by email with a role on the site; the email (sent
// through the outbox) carries a link that expires. Accepting creates the owner account (or, for
// an existing owner, checks their password) and gives the role. Only the token's hash is stored.
import crypto from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { emailProblem, normalizeEmail, ownerForSignIn, grantRole, upsertOwner, type Owner } from './owners.server.js';
import { passwordProblem, verifyPassword } from './password.server.js';
import { isRoleId, ROLE_NAMES, type RoleId } from './roles.js';
import { hashSecret } from '../utils/secret-hash.server.js';

export const INVITE_DAYS = 7;

export const INVITE_TEXT = {
  expired: 'This invitation has expired or has already been used. Ask for a new one.',
  wrongPassword: 'The password is incorrect.',
  nameRequired: 'Enter your name.',
  mismatch: 'The passwords do not match.',
};

export class InviteError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface PendingInvite {
  email: string;
  roleId: RoleId;
  roleName: string;
  websiteId: string;
  siteTitle: string;
  expiresAt: string;
  /** An owner with this email exists: accepting asks for their password instead of a new one. */
  hasAccount: boolean;
}

/**
 * Makes an invite and returns its token (put in the link; never stored). `inTransaction` runs in the
 * invite's transaction with the token (its email is queued there: both or neither).
 */
export async function createInvite(
  sql: Sql,
  input: { websiteId: string; email: string; roleId: number; invitedBy: string | null },
  inTransaction?: (tx: postgres.TransactionSql, token: string) => Promise<void>,
): Promise<string> {
  const problem = emailProblem(input.email);
  if (problem) throw new InviteError(problem, 'email');
  if (!isRoleId(input.roleId) || input.roleId === 14) throw new InviteError('Choose a role.', 'roleId');
  const token = crypto.randomBytes(32).toString('base64url');
  await sql.begin(async (tx) => {
    await tx`
      insert into owner_invite (token_hash, website_id, email, role_id, invited_by, expires_at)
      values (${hashSecret(token)}, ${input.websiteId}, ${normalizeEmail(input.email)}, ${input.roleId}, ${input.invitedBy},
              now() + ${`${INVITE_DAYS} days`}::interval)`;
    await inTransaction?.(tx, token);
  });
  return token;
}

/** The invite a token opens, while it has not expired or been used; null otherwise. */
export async function pendingInvite(sql: Sql, token: string): Promise<PendingInvite | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await sql<{ email: string; role_id: number; website_id: string; title: string; expires_at: Date; has_account: boolean }[]>`
    select i.email, i.role_id, i.website_id, w.title, i.expires_at,
           exists (select 1 from owner o where o.email = i.email) as has_account
      from owner_invite i join website w on w.id = i.website_id
     where i.token_hash = ${hashSecret(token)} and i.accepted_at is null and i.expires_at > now()`;
  if (!row || !isRoleId(row.role_id)) return null;
  return {
    email: row.email,
    roleId: row.role_id,
    roleName: ROLE_NAMES[row.role_id],
    websiteId: row.website_id,
    siteTitle: row.title,
    expiresAt: row.expires_at.toISOString(),
    hasAccount: row.has_account,
  };
}

/**
 * Accepts an invite: a new owner sets a name and password; an existing one proves theirs. The
 * invite is used once (a second accept finds it gone). Returns the owner, to sign them in.
 */
export async function acceptInvite(
  sql: Sql,
  token: string,
  input: { name?: string; password: string },
): Promise<{ owner: Owner; websiteId: string }> {
  const invite = await pendingInvite(sql, token);
  if (!invite) throw new InviteError(INVITE_TEXT.expired);
  let owner: Owner;
  if (invite.hasAccount) {
    const found = await ownerForSignIn(sql, invite.email);
    if (!found || !(await verifyPassword(found.passwordHash, input.password))) throw new InviteError(INVITE_TEXT.wrongPassword, 'password');
    owner = { id: found.id, email: found.email, name: found.name };
  } else {
    const name = input.name?.trim() ?? '';
    if (!name) throw new InviteError(INVITE_TEXT.nameRequired, 'name');
    const problem = passwordProblem(input.password);
    if (problem) throw new InviteError(problem, 'password');
    owner = (await upsertOwner(sql, { email: invite.email, password: input.password, name })).owner;
  }
  return sql.begin(async (tx) => {
    const used = await tx`
      update owner_invite set accepted_at = now()
       where token_hash = ${hashSecret(token)} and accepted_at is null and expires_at > now() returning 1`;
    if (used.length === 0) throw new InviteError(INVITE_TEXT.expired);
    await grantRole(tx as unknown as Sql, invite.websiteId, owner.id, invite.roleId);
    return { owner, websiteId: invite.websiteId };
  });
}

export interface InviteRow {
  email: string;
  roleName: string;
  createdAt: string;
  expiresAt: string;
  state: 'pending' | 'accepted' | 'expired';
}

/** The site's invites, newest first (the last 50). */
export async function invitesOf(sql: Sql, websiteId: string): Promise<InviteRow[]> {
  const rows = await sql<{ email: string; role_id: number; created_at: Date; expires_at: Date; accepted_at: Date | null }[]>`
    select email, role_id, created_at, expires_at, accepted_at from owner_invite
     where website_id = ${websiteId} order by created_at desc limit 50`;
  return rows.map((r) => ({
    email: r.email,
    roleName: isRoleId(r.role_id) ? ROLE_NAMES[r.role_id] : String(r.role_id),
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    state: r.accepted_at ? 'accepted' : r.expires_at.getTime() <= Date.now() ? 'expired' : 'pending',
  }));
}

export interface MemberRow {
  ownerId: string;
  email: string;
  name: string;
  roleId: RoleId;
  roleName: string;
}

export async function membersOf(sql: Sql, websiteId: string): Promise<MemberRow[]> {
  const rows = await sql<{ owner_id: string; email: string; name: string; role_id: number }[]>`
    select m.owner_id, o.email, o.name, m.role_id from site_member m join owner o on o.id = m.owner_id
     where m.website_id = ${websiteId} order by o.email`;
  return rows
    .filter((r) => isRoleId(r.role_id))
    .map((r) => ({
      ownerId: r.owner_id,
      email: r.email,
      name: r.name,
      roleId: r.role_id as RoleId,
      roleName: ROLE_NAMES[r.role_id as RoleId],
    }));
}

/**
 * Changes a member's role; the site keeps at least one administrator. `guard` runs once the
 * member's row is locked (the Members screen's version check, issue 28: it throws to refuse).
 */
export async function setMemberRole(
  sql: Sql,
  websiteId: string,
  ownerId: string,
  roleId: number,
  guard: (tx: postgres.TransactionSql) => Promise<void> = async () => {},
): Promise<void> {
  if (!isRoleId(roleId)) throw new InviteError('Choose a role.', 'roleId');
  await sql.begin(async (tx) => {
    await tx`select 1 from site_member where website_id = ${websiteId} and owner_id = ${ownerId} for update`;
    await guard(tx);
    await tx`update site_member set role_id = ${roleId} where website_id = ${websiteId} and owner_id = ${ownerId}`;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from site_member where website_id = ${websiteId} and role_id = 1`;
    if (n === 0) throw new InviteError('A site needs at least one administrator.');
  });
}

/** Removes a member from the site; the site keeps at least one administrator. */
export async function removeMember(sql: Sql, websiteId: string, ownerId: string): Promise<void> {
  await sql.begin(async (tx) => {
    await tx`delete from site_member where website_id = ${websiteId} and owner_id = ${ownerId}`;
    const [{ n }] = await tx<{ n: number }[]>`select count(*)::int as n from site_member where website_id = ${websiteId} and role_id = 1`;
    if (n === 0) throw new InviteError('A site needs at least one administrator.');
  });
}
