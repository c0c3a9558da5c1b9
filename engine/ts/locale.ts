// Locale data for formatting: one @phensley/cldr framework whose class and resource packs the host
// installs (Node imports both from node_modules; the browser entry fetches them on first use).
import type { CLDR, CLDRFramework } from '@phensley/cldr';

export type PackLoader = (language: string) => unknown;
/** The framework class of @phensley/cldr (imported for its type only, so that it can load later). */
export type CldrFrameworkClass = typeof CLDRFramework;

let loader: PackLoader | null = null;
let Framework: CldrFrameworkClass | null = null;
let framework: CLDRFramework | null = null;
const cache = new Map<string, CLDR | undefined>();

/** Installs the function that returns the resource pack (parsed JSON) of a language. */
export function setPackLoader(fn: PackLoader): void {
  loader = fn;
  framework = null;
  cache.clear();
}

/**
 * Installs @phensley/cldr's CLDRFramework. Kept apart from this module's imports so that a bundle
 * for the browser can leave the library (most of its bytes) out of the entry and load it with the
 * first pack; until both are installed, renders have no locale data.
 */
export function setCldrFramework(cls: CldrFrameworkClass): void {
  Framework = cls;
  framework = null;
  cache.clear();
}

/** The CLDR instance of a BCP-47 locale (unknown locales fall back as CLDR resolves them). */
export function getCldr(locale: string | null | undefined): CLDR | undefined {
  if (locale === null || locale === undefined || locale === '' || !loader || !Framework) return undefined;
  let c = cache.get(locale);
  if (c === undefined && !cache.has(locale)) {
    framework ??= new Framework({ loader: loader as (lang: string) => unknown });
    try {
      c = framework.get(locale);
    } catch {
      c = undefined;
    }
    cache.set(locale, c);
  }
  return c;
}
