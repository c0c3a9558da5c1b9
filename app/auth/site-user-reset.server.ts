// "Forgot password?": a single-use link, valid for an hour, mailed through the outbox; only the
// token's SHA-256 is kept. Setting the new password ends every session of the account. The answer
// to a request is the same whether or not the email has an account.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { sendMail, type SendOutcome } from '../utils/outbox.server.js';
import { endAllSiteUserSessions } from './site-user-session.server.js';
import { setSiteUserPassword, siteUserForSignIn } from './site-user-store.server.js';
import { hashSecret } from '../utils/secret-hash.server.js';

export const RESET_HOURS = 1;
export const RESET_PATH = '/account/reset-password';

export const RESET_TEXT = {
  sent: 'If an account uses that email, we have sent it a link to set a new password. The link works once, within an hour.',
  invalid: 'This link has expired or was already used. Ask for a new one.',
  done: 'Your password is set. Sign in with it now.',
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface ResetMailContext {
  /** The site's origin for the link (https://shop.example). */
  origin: string;
  siteTitle: string;
  from: string;
}

/** Mails a reset link when `email` has an account on the site (nothing otherwise). */
export async function requestPasswordReset(
  sql: Sql,
  websiteId: string,
  email: string,
  mail: ResetMailContext,
): Promise<SendOutcome | null> {
  const user = await siteUserForSignIn(sql, websiteId, email);
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await sql`
    insert into site_user_password_reset (token_hash, site_user_id, expires_at)
    values (${hashSecret(token)}, ${user.id}, ${new Date(Date.now() + RESET_HOURS * 3_600_000)})`;
  const link = `${mail.origin}${RESET_PATH}?token=${token}`;
  const text = `Someone asked to set a new password for your ${mail.siteTitle} account (${user.email}).\n\nSet it here within an hour: ${link}\n\nIf it was not you, ignore this email: your password stays as it is.`;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const html = `<p>Someone asked to set a new password for your ${esc(mail.siteTitle)} account (${esc(user.email)}).</p><p><a href="${esc(link)}">Set a new password</a> (within an hour).</p><p>If it was not you, ignore this email: your password stays as it is.</p>`;
  return sendMail({
    from: { name: mail.siteTitle, address: mail.from },
    to: user.email,
    subject: `Set a new password for ${mail.siteTitle}`,
    text,
    html,
    tag: 'password-reset',
  });
}

/** Whether `token` is a live reset link (the page shows the form only then). */
export async function resetTokenIsLive(sql: Sql, token: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const rows = await sql`
    select 1 from site_user_password_reset where token_hash = ${hashSecret(token)} and used_at is null and expires_at > now()`;
  return rows.length > 0;
}

/** Uses the link: sets the password and ends every session of the account. False when the link is dead. */
export async function resetPassword(sql: Sql, token: string, password: string): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const [row] = await sql<{ site_user_id: string }[]>`
    update site_user_password_reset set used_at = now()
     where token_hash = ${hashSecret(token)} and used_at is null and expires_at > now()
     returning site_user_id`;
  if (!row) return false;
  await setSiteUserPassword(sql, row.site_user_id, password);
  await endAllSiteUserSessions(sql, row.site_user_id);
  // Other links mailed before stop working too.
  await sql`update site_user_password_reset set used_at = now() where site_user_id = ${row.site_user_id} and used_at is null`;
  return true;
}
