// The language of a storefront request (issue 16), for the page pipeline (app/storefront/
// render.server.ts): the /{code} prefix is read off the URL before the catalog sees it, and the
// site is dressed for that language (menu links under the prefix, the CLDR locale, the engine's
// texts); after rendering, the head gets one alternate link per language and x-default.
import type { NavItem, Resolved, Site } from '../catalog/catalog.server.js';
import { getSql } from '../../db/client.server.js';
import { LANGUAGE_NAMES, pathIn, renderLocale, splitLanguagePath, type LanguagePath, type SiteLanguages } from './languages.js';
import { siteLanguages } from './settings.server.js';
import { localizedStringsFor } from './strings.js';
import { translateResolved } from './translations.server.js';

export interface PageLanguage extends LanguagePath {
  langs: SiteLanguages;
  /** The request's URL without the prefix: what the route's plan reads. */
  planUrl: URL;
  /** The CLDR locale of dates, numbers and money. */
  locale: string;
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
  const langs = await siteLanguages(await getSql(), site.website.id);
  const lp = splitLanguagePath(url.pathname, langs);
  let planUrl = url;
  if (!lp.isDefault) {
    planUrl = new URL(url);
    planUrl.pathname = lp.path;
  }
  return { ...lp, langs, planUrl, locale: renderLocale(lp.code, site.website.locale) };
}

/** `pathname` without a language prefix of the site's (for actions, which run outside the pipeline). */
export async function barePath(websiteId: string, pathname: string): Promise<string> {
  return splitLanguagePath(pathname, await siteLanguages(await getSql(), websiteId)).path;
}

function prefixed(items: NavItem[], code: string, langs: SiteLanguages): NavItem[] {
  return items.map((i) => ({ ...i, url: pathIn(i.url, code, langs), children: prefixed(i.children, code, langs) }));
}

/** The site as a page in `lang` renders it: its locale, the language's texts, menus under the prefix. */
export function siteIn(site: Site, lang: PageLanguage): Site {
  const localizedStrings = localizedStringsFor(site.settings, lang.code, lang.isDefault);
  if (lang.isDefault) return { ...site, settings: { ...site.settings, localizedStrings } };
  const navigation: Site['navigation'] = { mainNavigation: [], footerNavigation: [] };
  for (const [name, items] of Object.entries(site.navigation)) navigation[name] = prefixed(items, lang.code, lang.langs);
  return { ...site, website: { ...site.website, locale: lang.locale }, settings: { ...site.settings, localizedStrings }, navigation };
}

/** What the plan resolved, in the page's language (as is for the default one). */
export async function resolvedIn(resolved: Resolved, lang: PageLanguage): Promise<Resolved> {
  if (lang.isDefault) return resolved;
  return translateResolved(await getSql(), resolved, lang.code, lang.langs);
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
  const bare = splitLanguagePath(u.pathname, lang.langs).path;
  return lang.langs.codes.map((code) => {
    const url = pathIn(bare, code, lang.langs) + u.search;
    return { code, name: LANGUAGE_NAMES[code] ?? code, url, href: origin + url, current: code === lang.code };
  });
}
