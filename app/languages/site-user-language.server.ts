// A site user's language (issue 16, SPEC 7: POST /api/site-users/account/locale): one of the
// site's languages, kept on their account (site_user.locale) for what is sent to them later.
import type { Sql } from '../../db/client.server.js';
import { languageOfLocale, type SiteLanguages } from './languages.js';

export const SITE_USER_LANGUAGE_TEXT = {
  signIn: 'Sign in to choose your language.',
  notOffered: (codes: string[]) => `Choose one of this site's languages: ${codes.join(', ')}.`,
  missing: 'Send {"language": "fr"}.',
};

/** The site's language `raw` names ("fr" or "fr-FR"), or null when the site does not offer it. */
export function offeredLanguage(raw: unknown, langs: SiteLanguages): string | null {
  if (typeof raw !== 'string' || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(raw)) return null;
  const code = languageOfLocale(raw);
  return langs.codes.includes(code) ? code : null;
}

export async function setSiteUserLanguage(sql: Sql, websiteId: string, siteUserId: string, code: string): Promise<void> {
  await sql`update site_user set locale = ${code}, updated_at = now() where id = ${siteUserId} and website_id = ${websiteId}`;
}

export async function siteUserLanguage(sql: Sql, websiteId: string, siteUserId: string): Promise<string | null> {
  const [r] = await sql<{ locale: string | null }[]>`select locale from site_user where id = ${siteUserId} and website_id = ${websiteId}`;
  return r?.locale ?? null;
}
