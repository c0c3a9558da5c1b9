// "Forgot password?": a single-use link, valid for an hour, mailed through the mail queue; only the
// token's SHA-256 is kept. Setting the new password ends every session of the account. The answer
// to a request is the same whether or not the email has an account.
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { MailLanguage } from '../utils/mail-language.js';
import { enqueueComposed, prepareMail } from '../utils/mail-queue.server.js';
import { endAllSiteUserSessions } from './site-user-session.server.js';
import { setSiteUserPassword, siteUserForSignIn } from './site-user-store.server.js';
import { hashSecret } from '../utils/secret-hash.server.js';
import { escapeHtml as esc } from '../utils/html.js';

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
  /** The language to write to this account in (its own, else the page's, else the site's default). */
  languageFor: (email: string) => Promise<MailLanguage>;
}

/** The reset email in the account's language: subject, plain text and HTML around the link. */
export function resetEmail(lang: MailLanguage, siteTitle: string, email: string, link: string) {
  const intro = lang.text('emailResetIntro', 'Someone asked to set a new password for your {site} account ({email}).', {
    site: siteTitle,
    email,
  });
  const action = lang.text('emailResetLink', 'Set a new password');
  const within = lang.text('emailResetWithin', 'The link works once, within an hour.');
  const ignore = lang.text('emailResetIgnore', 'If it was not you, ignore this email: your password stays as it is.');
  return {
    subject: lang.text('emailResetSubject', 'Set a new password for {site}', { site: siteTitle }),
    text: `${intro}\n\n${action}:\n${link}\n${within}\n\n${ignore}\n`,
    html: `<p>${esc(intro)}</p><p><a href="${esc(link)}">${esc(action)}</a></p><p>${esc(within)}</p><p>${esc(ignore)}</p>`,
    language: lang.code,
  };
}

/**
 * Queues a reset link's mail when `email` has an account on the site (nothing otherwise); returns the
 * mail's job id. The link and its mail are written in one transaction (ADR 0026): a link exists only
 * with the mail that carries it, and a mail server that is down is retried, not lost.
 */
export async function requestPasswordReset(sql: Sql, websiteId: string, email: string, mail: ResetMailContext): Promise<string | null> {
  const user = await siteUserForSignIn(sql, websiteId, email);
  if (!user) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  const lang = await mail.languageFor(user.email);
  const link = `${mail.origin}${lang.path(RESET_PATH)}?token=${token}`;
  const message = {
    from: { name: mail.siteTitle, address: mail.from },
    to: user.email,
    tag: 'password-reset',
    ...resetEmail(lang, mail.siteTitle, user.email, link),
  };
  await prepareMail(sql);
  return sql.begin(async (tx) => {
    await tx`
      insert into site_user_password_reset (token_hash, site_user_id, expires_at)
      values (${hashSecret(token)}, ${user.id}, ${new Date(Date.now() + RESET_HOURS * 3_600_000)})`;
    return enqueueComposed(sql, tx, message, { websiteId, kind: 'password-reset' });
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
