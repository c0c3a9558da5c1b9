// Browser entry of the engine (the /config live preview): the public API, both backends, and locale
// packs fetched on demand with import() from the `locales/` folder next to this bundle.
import { CLDRFramework } from '@phensley/cldr';
import { setPackLoader } from './ts/locale.js';

export * from './index.js';

/** Imports the resource pack of a language (a module whose default export is the pack). */
export type PackImporter = (language: string) => Promise<unknown>;

// A pack is a module built from @phensley/cldr's JSON (engine/browser-build.mjs writes them). The
// URL is computed at run time, so the bundler leaves the import alone and nothing else is fetched.
let importPack: PackImporter = (language) =>
  import(/* @vite-ignore */ new URL(`./locales/${language}.js`, import.meta.url).href).then((m: { default: unknown }) => m.default);

const packs = new Map<string, unknown>();
const loading = new Map<string, Promise<boolean>>();

// Render stays synchronous: it finds a pack only once loadLocale has brought it in, and renders
// without locale data until then.
const loader = (language: string) => packs.get(language);
setPackLoader(loader);

/** Replaces where packs come from (tests, or an app that serves them from another path). */
export function setPackImporter(fn: PackImporter): void {
  importPack = fn;
}

/**
 * Loads the locale data of a BCP-47 locale (its language's pack) so that render can use it; true
 * when the data is there. Call it before rendering with a locale, English included: no pack is in
 * the bundle itself.
 */
export function loadLocale(locale: string | null | undefined = 'en'): Promise<boolean> {
  if (locale === null || locale === undefined || locale === '') return Promise.resolve(true);
  let language: string;
  try {
    language = CLDRFramework.resolveLocale(locale).tag.language();
  } catch {
    return Promise.resolve(false);
  }
  if (!/^[a-z]{2,3}$/.test(language)) return Promise.resolve(false);
  if (packs.has(language)) return Promise.resolve(true);
  let p = loading.get(language);
  if (p === undefined) {
    p = importPack(language).then(
      (pack) => {
        packs.set(language, pack);
        // Locales asked for before their pack arrived were remembered as having no data.
        setPackLoader(loader);
        return true;
      },
      () => {
        loading.delete(language);
        return false;
      },
    );
    loading.set(language, p);
  }
  return p;
}
