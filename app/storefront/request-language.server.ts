// The language of a request to one of the app's own pages (issue 16: /fr/cart, /fr/account/sign-in),
// for their routes' loaders and actions: whether the route serves the URL at all, where its
// redirects go (under the same prefix) and its texts in the language.
import type { AppLoadContext } from '@remix-run/node';
import { getReadSql, getSql } from '../../db/client.server.js';
import { loadSite, type SearchHit, type Site } from '../catalog/catalog.server.js';
import { translateSearchHits } from '../languages/translations.server.js';
import { siteUserLanguage } from '../languages/site-user-language.server.js';
import { pathIn, renderLocale, splitLanguagePath, type SiteLanguages } from '../languages/languages.js';
import { siteLanguages } from '../languages/settings.server.js';
import { localizedStringsFor, textFrom } from '../languages/strings.js';
import { localizationOf, siteLocalization } from '../languages/site-localization.server.js';
import { localPath } from '../languages/slug-paths.js';
import { messageIn, moneyIn } from './shop-messages.server.js';
import { requestSite } from './site.server.js';

export interface RequestLanguage {
  websiteId: string;
  code: string;
  isDefault: boolean;
  /** `/fr`, or '' for the default language. */
  prefix: string;
  langs: SiteLanguages;
  /** The page's `localizedStrings` in this language (the built-in texts under the owner's). */
  strings: Record<string, unknown>;
  /** The CLDR locale of this language's money and dates (renderLocale). */
  locale: string;
  /** The site's currency. */
  currency: string;
  /** A shop message in this language, its money in this locale (shop-messages.server.ts). */
  message(english: string): string;
  /** A site path (`/cart`) in this language (`/fr/cart`). */
  to(path: string): string;
  /** One text in this language (textFrom over `strings`). */
  t(key: string, english: string, vars?: Record<string, string | number>): string;
}

/**
 * Whether an app page route with an optional language segment (`($lang).cart`) serves this URL:
 * yes without one, or when it is one of the site's other languages. Else the first segment is
 * something else (`/blog/search` may be a real page) and the catch-all route answers instead.
 */
export async function servesLanguage(request: Request, context: AppLoadContext | undefined, lang: string | undefined): Promise<boolean> {
  if (lang === undefined) return true;
  const { id } = await requestSite(request, context);
  const langs = await siteLanguages(await getReadSql(), id);
  return lang !== langs.defaultCode && langs.codes.includes(lang);
}

/** The language of `request`'s URL prefix (the site's default language when it has none). */
export async function requestLanguage(request: Request, context?: AppLoadContext): Promise<RequestLanguage> {
  const { id } = await requestSite(request, context);
  const [langs, site] = await Promise.all([getReadSql().then((sql) => siteLanguages(sql, id)), loadSite(id)]);
  const lp = splitLanguagePath(new URL(request.url).pathname, langs);
  const strings = localizedStringsFor(site.settings, lp.code, lp.isDefault);
  const locale = renderLocale(lp.code, site.website.locale);
  return {
    websiteId: id,
    code: lp.code,
    isDefault: lp.isDefault,
    prefix: lp.prefix,
    langs,
    strings,
    locale,
    currency: site.website.currency,
    message: (english) => messageIn(strings, english, moneyIn(site.website.currency, locale)),
    to: (path) => pathIn(path, lp.code, langs),
    t: (key, english, vars) => textFrom(strings, key, english, vars),
  };
}

/** The texts of a page's site as the pipeline dressed it for the page's language (`localizedStrings`). */
export function pageStrings(site: Site): Record<string, unknown> {
  const s = site.settings.localizedStrings;
  return s !== null && typeof s === 'object' && !Array.isArray(s) ? (s as Record<string, unknown>) : {};
}

/** Search results as a page in `lang` shows them: translated titles, links under the prefix. */
export async function searchHitsIn(hits: SearchHit[], lang: RequestLanguage): Promise<SearchHit[]> {
  if (lang.isDefault) return hits;
  const sql = await getReadSql();
  const { slugs } = localizationOf(await siteLocalization(sql, lang.websiteId), lang.code);
  // Each result links to its page's own address in the language (translated slugs, ADR 0019).
  return translateSearchHits(sql, lang.websiteId, hits, lang.code, (path) => localPath(path, lang.code, lang.langs, slugs));
}

/**
 * The account page a site user lands on after signing in: in the language they saved
 * (site_user.locale) when the site offers it, else in the language of the page they signed in on.
 */
export async function accountPageOf(websiteId: string, siteUserId: string, lang: RequestLanguage): Promise<string> {
  const saved = await siteUserLanguage(await getSql(), websiteId, siteUserId);
  return saved && lang.langs.codes.includes(saved) ? pathIn('/account', saved, lang.langs) : lang.to('/account');
}
