// A site's languages as the storefront uses them (issue 16): which languages a site may have, the
// /{code} prefix of a non-default language's URLs, and the CLDR locale each one renders in. Pure.

import { APP_PATHS } from '../edits/slugs.js';

/** Languages a site may offer: each has a CLDR resource pack, and its name in itself for the switcher. */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  pt: 'Português',
  da: 'Dansk',
  sv: 'Svenska',
  pl: 'Polski',
  ja: '日本語',
};

/** Most languages one site offers. */
export const MAX_LANGUAGES = 10;

export interface SiteLanguages {
  /** The default language: its pages are at the bare URLs. */
  defaultCode: string;
  /** Every language, the default first, then in the owner's order. */
  codes: string[];
}

/** The language and the path without its prefix: `/fr/shop` -> fr, `/shop`; `/shop` -> the default. */
export interface LanguagePath {
  code: string;
  isDefault: boolean;
  /** The path as the catalog reads it (the prefix removed; `/fr` is `/`). */
  path: string;
  /** `/fr`, or '' for the default language. */
  prefix: string;
}

/** The language of the language subtag of a locale ("en-US" -> "en"). */
export function languageOfLocale(locale: string): string {
  return locale.split(/[-_]/, 1)[0].toLowerCase();
}

/** A site with no language rows has one language: its locale's. */
export function singleLanguage(websiteLocale: string): SiteLanguages {
  const code = languageOfLocale(websiteLocale);
  return { defaultCode: code, codes: [code] };
}

/** Reads the language prefix of `pathname`; only a site's non-default languages have one. */
export function splitLanguagePath(pathname: string, langs: SiteLanguages): LanguagePath {
  const m = /^\/([a-z]{2,3})(?=\/|$)/.exec(pathname);
  if (m && m[1] !== langs.defaultCode && langs.codes.includes(m[1])) {
    return { code: m[1], isDefault: false, path: pathname.slice(m[0].length) || '/', prefix: `/${m[1]}` };
  }
  return { code: langs.defaultCode, isDefault: true, path: pathname, prefix: '' };
}

/**
 * The app's own pages that have a version in every language (issue 16): search, the cart,
 * checkout, the order page and the account pages, at /fr/cart and so on.
 */
const APP_PAGES = 'search|cart|checkout|account|order-confirmed';

/**
 * The app's pages and endpoints that have no language versions (the access and overlay screens,
 * files, owner screens, APIs): a link to one stays bare on a French page, rather than pointing at
 * a /fr/ URL that answers 404.
 */
const BARE_ONLY = /^\/(newsletter|page-access|popup|splash|files|theme|fonts|config|api)(?=[/?#.]|$)/;

/** An href, action or formaction attribute whose value is one of the app's pages (`href="/cart"`). */
const APP_LINK = new RegExp(`(\\s(?:href|action|formaction)=")(?=/(?:${APP_PAGES})["/?#])`, 'g');

/** A tag that may link or post somewhere. */
const LINKING_TAG = /<(?:a|form|button|input)\b[^>]*>/g;

/**
 * A rendered page's own links and form actions to the app's pages (`href="/cart"`, `action="/search"`:
 * a theme writes them bare) and to the home page under the language's prefix, so a French page
 * leads to the French cart and home. A link that names its language (hreflang: the language
 * switcher's, to the same page in English) is left as it is.
 */
export function appLinksIn(html: string, prefix: string): string {
  if (!prefix) return html;
  return html.replace(LINKING_TAG, (tag) => {
    if (/\shreflang=/.test(tag)) return tag;
    const app = tag.replace(APP_LINK, `$1${prefix}`);
    // A theme's logo links home.
    return app.startsWith('<a') ? app.replace(' href="/"', ` href="${prefix}"`) : app;
  });
}

/** `path` (a site-relative URL without prefix) in language `code`: `/shop` -> `/fr/shop`, `/` -> `/fr`. */
export function pathIn(path: string, code: string, langs: SiteLanguages): string {
  if (code === langs.defaultCode || !path.startsWith('/') || path.startsWith('//') || BARE_ONLY.test(path)) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

/**
 * The CLDR locale a language renders dates, numbers and money in: the website's own locale for
 * its language (en-US keeps US formats), else the language alone (fr: French formats).
 */
export function renderLocale(code: string, websiteLocale: string): string {
  return languageOfLocale(websiteLocale) === code ? websiteLocale : code;
}

/** Addresses a page can never have: the app's own, and every language's code (its pages live under /fr/...). */
export const RESERVED_PAGE_SLUGS: readonly string[] = [...APP_PATHS, ...Object.keys(LANGUAGE_NAMES)];
