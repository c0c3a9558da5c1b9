// Country names in a page's language (issue 16): the address forms list the countries by their
// English names (app/commerce/address.ts); another language takes CLDR's names from Intl.

import { languageOfLocale } from './languages.js';

const displays = new Map<string, Intl.DisplayNames | null>();

function displayFor(language: string): Intl.DisplayNames | null {
  if (!displays.has(language)) {
    let d: Intl.DisplayNames | null = null;
    try {
      d = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      d = null;
    }
    if (displays.size < 100) displays.set(language, d);
    return d;
  }
  return displays.get(language) ?? null;
}

/**
 * The name of country `code` in the language of `locale`: the English name as written on English
 * pages (the list's own wording stays), else CLDR's, or the English name when CLDR has none.
 */
export function countryNameIn(locale: string, code: string, english: string): string {
  const language = languageOfLocale(locale);
  if (language === 'en') return english;
  return displayFor(language)?.of(code) ?? english;
}

/** A list of countries with their names in the language of `locale`. */
export function countriesIn<T extends { code: string; name: string }>(locale: string, countries: readonly T[]): T[] {
  return countries.map((c) => ({ ...c, name: countryNameIn(locale, c.code, c.name) }));
}
