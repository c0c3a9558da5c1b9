// Site users' accounts (shoppers of one site; owners are app/auth/owners.server.ts): creating one,
// finding one to sign in, and setting a password. Passwords are argon2 hashes, as the owners'.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { hashPassword } from './password.server.js';

export interface SiteUser {
  id: string;
  websiteId: string;
  email: string;
  name: string;
}

export const SITE_USER_TEXT = {
  taken: 'An account with this email already exists. Sign in, or reset your password.',
};

/** An email as accounts keep it: trimmed and lower-cased. */
export function normalizeSiteUserEmail(email: string): string {
  return email.trim().toLowerCase();
}

type Row = { id: string; website_id: string; email: string; name: string };
const toUser = (r: Row): SiteUser => ({ id: r.id, websiteId: r.website_id, email: r.email, name: r.name });

/** Creates an account; `taken` when the site already has one for the email. */
export async function createSiteUser(
  sql: Sql,
  websiteId: string,
  input: { email: string; name: string; password: string },
): Promise<{ ok: true; user: SiteUser } | { ok: false; error: string }> {
  const email = normalizeSiteUserEmail(input.email);
  const hash = await hashPassword(input.password);
  const rows = await sql<Row[]>`
    insert into site_user (id, website_id, email, name, password_hash)
    values (${`su-${crypto.randomUUID()}`}, ${websiteId}, ${email}, ${input.name.trim()}, ${hash})
    on conflict (website_id, email) do nothing
    returning id, website_id, email, name`;
  if (rows.length === 0) return { ok: false, error: SITE_USER_TEXT.taken };
  return { ok: true, user: toUser(rows[0]) };
}

/** The account of `email` on the site with its hash (sign-in only), or null. */
export async function siteUserForSignIn(sql: Sql, websiteId: string, email: string): Promise<(SiteUser & { passwordHash: string }) | null> {
  const [r] = await sql<(Row & { password_hash: string })[]>`
    select id, website_id, email, name, password_hash from site_user
     where website_id = ${websiteId} and email = ${normalizeSiteUserEmail(email)}`;
  return r ? { ...toUser(r), passwordHash: r.password_hash } : null;
}

export async function getSiteUser(sql: Sql, websiteId: string, id: string): Promise<SiteUser | null> {
  const [r] = await sql<Row[]>`select id, website_id, email, name from site_user where id = ${id} and website_id = ${websiteId}`;
  return r ? toUser(r) : null;
}

/** Sets a new password (the caller ends the account's sessions). */
export async function setSiteUserPassword(sql: Sql, id: string, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await sql`update site_user set password_hash = ${hash}, updated_at = now() where id = ${id}`;
}
