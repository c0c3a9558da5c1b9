// The language of an email to a shopper or site user (issue 16): their account's language while the
// site offers it, else the language of the page they acted on, else the site's default; and what
// writing in it takes (the texts, the CLDR locale of money and dates, the language's URLs).
import type { Sql } from '../../db/client.server.js';
import { renderLocale, splitLanguagePath } from './languages.js';
import { localizationOf, siteLocalization } from './site-localization.server.js';
import { localPath } from './slug-paths.js';
import { siteLanguages } from './settings.server.js';
import { offeredLanguage } from './site-user-language.server.js';
import { localizedStringsFor, textFrom } from './strings.js';
import type { MailLanguage } from '../utils/mail-language.js';

function pathOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
}

/** The language a site address is in, by its path's prefix (`/fr/shop?x=1` -> fr); a bare path is the default's. */
export async function requestLanguage(sql: Sql, websiteId: string, address: string): Promise<string> {
  return splitLanguagePath(pathOf(address) ?? '/', await siteLanguages(sql, websiteId)).code;
}

/**
 * The language of the page a request came from: the prefix of the path it was posted to, else of
 * the page it was posted from (its Referer: an API call or a bare URL posted from a /fr/ page).
 */
export async function languageOfRequest(sql: Sql, websiteId: string, request: Request): Promise<string> {
  const langs = await siteLanguages(sql, websiteId);
  const posted = splitLanguagePath(new URL(request.url).pathname, langs);
  if (!posted.isDefault) return posted.code;
  const from = pathOf(request.headers.get('referer'));
  return from === null ? posted.code : splitLanguagePath(from, langs).code;
}

/** The language the site user with this email chose for their account (POST /api/site-users/account/locale), or null. */
export async function accountLanguage(sql: Sql, websiteId: string, email: string): Promise<string | null> {
  const [r] = await sql<{ locale: string | null }[]>`
    select locale from site_user where website_id = ${websiteId} and email = ${email.trim().toLowerCase()}`;
  return r?.locale ?? null;
}

/**
 * The email's language: the first of `choices` (most wanted first: the account's language, then
 * the page's) that the site offers now, else the site's default; its texts are the built-in ones
 * under the owner's overrides, as the pages in that language have.
 */
export async function mailLanguage(sql: Sql, websiteId: string, choices: (string | null | undefined)[]): Promise<MailLanguage> {
  const [langs, [w], localization] = await Promise.all([
    siteLanguages(sql, websiteId),
    sql<{ locale: string; settings: Record<string, unknown> | null }[]>`select locale, settings from website where id = ${websiteId}`,
    siteLocalization(sql, websiteId),
  ]);
  const code = choices.map((c) => offeredLanguage(c, langs)).find((c) => c !== null) ?? langs.defaultCode;
  const websiteLocale = w?.locale ?? 'en-US';
  const strings = localizedStringsFor(w?.settings ?? {}, code, code === langs.defaultCode);
  return {
    code,
    locale: renderLocale(code, websiteLocale),
    text: (key, english, vars) => textFrom(strings, key, english, vars),
    // The page's own address in the language (translated slugs), as its pages link to it.
    path: (p) => localPath(p, code, langs, localizationOf(localization, code).slugs),
  };
}
