// Locale data for formatting: one @phensley/cldr framework whose resource packs come from a
// loader the host installs (Node reads them from node_modules; a browser build fetches them).
import { CLDRFramework, type CLDR } from '@phensley/cldr';

export type PackLoader = (language: string) => unknown;

let loader: PackLoader | null = null;
let framework: CLDRFramework | null = null;
const cache = new Map<string, CLDR | undefined>();

/** Installs the function that returns the resource pack (parsed JSON) of a language. */
export function setPackLoader(fn: PackLoader): void {
  loader = fn;
  framework = null;
  cache.clear();
}

/** The CLDR instance of a BCP-47 locale (unknown locales fall back as CLDR resolves them). */
export function getCldr(locale: string | null | undefined): CLDR | undefined {
  if (locale === null || locale === undefined || locale === '' || !loader) return undefined;
  let c = cache.get(locale);
  if (c === undefined && !cache.has(locale)) {
    framework ??= new CLDRFramework({ loader: loader as (lang: string) => any });
    try {
      c = framework.get(locale);
    } catch {
      c = undefined;
    }
    cache.set(locale, c);
  }
  return c;
}
