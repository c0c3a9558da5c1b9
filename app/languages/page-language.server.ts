// The language of a storefront request (issue 16), for the page pipeline (app/storefront/
// render.server.ts): the /{code} prefix is read off the URL before the catalog sees it, and the
// site is dressed for that language (menu links under the prefix, the CLDR locale, the engine's
// texts); after rendering, the head gets one alternate link per language and x-default. A path in
// the language's translated slugs is read back into the default one (ADR 0019).
import type { NavItem, Resolved, Site } from '../catalog/catalog.server.js';
import { getReadSql } from '../../db/client.server.js';
import { LANGUAGE_NAMES, renderLocale, splitLanguagePath, type LanguagePath, type SiteLanguages } from './languages.js';
import { siteLanguages } from './settings.server.js';
import { localizationOf, siteLocalization, type LanguageLocalization, type SiteLocalization } from './site-localization.server.js';
import { defaultPath, localPath, translatedPath } from './slug-paths.js';
import { localizedStringsFor } from './strings.js';
import { translateResolved } from './translations.server.js';

export interface PageLanguage extends LanguagePath {
  websiteId: string;
  langs: SiteLanguages;
  /** The request's URL without the prefix, in the default slugs: what the route's plan reads. */
  planUrl: URL;
  /** The CLDR locale of dates, numbers and money. */
  locale: string;
  /** Every language's slugs and labels. */
  localization: SiteLocalization;
  /**
   * Where the page is in this language when the request used another spelling of it (a default
   * slug where the language has its own): one URL per page and language, so the pipeline answers 301.
   */
  redirect: string | null;
}

/** One entry of the language switcher and of the head's alternates. */
export interface LanguageLink {
  code: string;
  name: string;
  /** Site-relative URL of this page in the language. */
  url: string;
  /** The same with the canonical URL's origin (absolute when the site's base URL is known). */
  href: string;
  current: boolean;
}

export async function pageLanguage(site: Site, url: URL): Promise<PageLanguage> {
  // Cached reads, on a fresh standby in an anonymous request (ADR 0033); languages, translations
  // and menu labels are owner edits that call storefrontChanged.
  const sql = await getReadSql();
  const [langs, localization] = await Promise.all([siteLanguages(sql, site.website.id), siteLocalization(sql, site.website.id)]);
  const lp = splitLanguagePath(url.pathname, langs);
  let planUrl = url;
  let redirect: string | null = null;
  if (!lp.isDefault) {
    const { slugs } = localizationOf(localization, lp.code);
    const path = defaultPath(lp.path, slugs);
    planUrl = new URL(url);
    planUrl.pathname = path;
    const canonical = translatedPath(path, slugs);
    if (canonical !== lp.path) redirect = `${lp.prefix}${canonical}${url.search}`;
  }
  return { ...lp, websiteId: site.website.id, langs, planUrl, locale: renderLocale(lp.code, site.website.locale), localization, redirect };
}

/** `pathname` without a language prefix of the site's, in the default slugs (for actions, which run outside the pipeline). */
export async function barePath(websiteId: string, pathname: string): Promise<string> {
  const sql = await getReadSql();
  const lp = splitLanguagePath(pathname, await siteLanguages(sql, websiteId));
  if (lp.isDefault) return lp.path;
  return defaultPath(lp.path, localizationOf(await siteLocalization(sql, websiteId), lp.code).slugs);
}

/**
 * A menu in the language: each link to its translated path, labelled with the owner's label for
 * its default text, else the translated title of the page it links to, else its default label.
 */
function localMenu(items: NavItem[], lang: PageLanguage, l: LanguageLocalization): NavItem[] {
  return items.map((i) => {
    const page = i.url.split(/[?#]/, 1)[0].replace(/(.)\/+$/, '$1');
    return {
      ...i,
      title: l.labels.get(i.title) ?? l.pageTitles.get(page) ?? i.title,
      url: localPath(i.url, lang.code, lang.langs, l.slugs),
      children: localMenu(i.children, lang, l),
    };
  });
}

/** The site as a page in `lang` renders it: its locale, the language's texts, menus in the language. */
export function siteIn(site: Site, lang: PageLanguage): Site {
  const localizedStrings = localizedStringsFor(site.settings, lang.code, lang.isDefault);
  if (lang.isDefault) return { ...site, settings: { ...site.settings, localizedStrings } };
  const l = localizationOf(lang.localization, lang.code);
  const navigation: Site['navigation'] = { mainNavigation: [], footerNavigation: [] };
  for (const [name, items] of Object.entries(site.navigation)) navigation[name] = localMenu(items, lang, l);
  return { ...site, website: { ...site.website, locale: lang.locale }, settings: { ...site.settings, localizedStrings }, navigation };
}

/** What the plan resolved, in the page's language (as is for the default one). */
export async function resolvedIn(resolved: Resolved, lang: PageLanguage): Promise<Resolved> {
  if (lang.isDefault) return resolved;
  const { slugs } = localizationOf(lang.localization, lang.code);
  return translateResolved(await getReadSql(), lang.websiteId, resolved, lang.code, (path) =>
    localPath(path, lang.code, lang.langs, slugs),
  );
}

/**
 * The page in every language of the site, from its canonical URL (absolute, maybe under the
 * prefix): [] when the site has one language or the page has no canonical address.
 */
export function languageLinks(canonical: string | null, lang: PageLanguage): LanguageLink[] {
  if (!canonical || lang.langs.codes.length < 2) return [];
  let u: URL;
  try {
    // A site without a configured origin has site-relative canonical URLs.
    u = new URL(canonical, 'http://relative.invalid');
  } catch {
    return [];
  }
  const origin = canonical.startsWith('/') ? '' : u.origin;
  const here = splitLanguagePath(u.pathname, lang.langs);
  const bare = here.isDefault ? here.path : defaultPath(here.path, localizationOf(lang.localization, here.code).slugs);
  return lang.langs.codes.map((code) => {
    const url = localPath(bare, code, lang.langs, localizationOf(lang.localization, code).slugs) + u.search;
    return { code, name: LANGUAGE_NAMES[code] ?? code, url, href: origin + url, current: code === lang.code };
  });
}
