// Browser entry of the engine (the /config live preview): the public API and both backends. The
// locale runtime (@phensley/cldr), each language's pack and each time zone's transitions are
// fetched on demand: prepare() brings in what a render needs.
import { TZ } from '@phensley/timezone';
import { addZone, hasZone } from './browser-zones.js';
import { Context } from './ts/context.js';
import { tsKernels } from './ts/kernels.js';
import { setCldrFramework, setPackLoader } from './ts/locale.js';

export * from './index.js';

/** Imports the resource pack of a language (a module whose default export is the pack). */
export type PackImporter = (language: string) => Promise<unknown>;

// A pack is a module built from @phensley/cldr's JSON (engine/browser-build.mjs writes them). The
// URL is computed at run time, so the bundler leaves the import alone and nothing else is fetched.
let importPack: PackImporter = (language) =>
  import(/* @vite-ignore */ new URL(`./locales/${language}.js`, import.meta.url).href).then((m: { default: unknown }) => m.default);

type Runtime = typeof import('@phensley/cldr');

// The bundler splits this import into a chunk of its own: most of the bytes of the library, which
// nothing needs before a locale's pack is there too.
let runtime: Promise<Runtime> | null = null;
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('@phensley/cldr').then(
    (m) => {
      setCldrFramework(m.CLDRFramework);
      return m;
    },
    (e: unknown) => {
      runtime = null;
      throw e;
    },
  );
  return runtime;
}

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

/** Imports the transitions of a canonical time zone id (a module whose default export is a string). */
export type ZoneImporter = (zoneId: string) => Promise<string>;

let importZone: ZoneImporter = (zoneId) =>
  import(/* @vite-ignore */ new URL(`./zones/${zoneId}.js`, import.meta.url).href).then((m: { default: string }) => m.default);

/** Replaces where time zone files come from. */
export function setZoneImporter(fn: ZoneImporter): void {
  importZone = fn;
}

const zonesLoading = new Map<string, Promise<boolean>>();

/**
 * Loads the transitions of a time zone (an IANA id or alias, as `website.timeZone` holds it) so
 * that dates in it can be formatted; true when they are there. An id the time zone database does
 * not know needs nothing (the server prints such dates in UTC, and so does this build).
 */
export function loadTimeZone(zone: string): Promise<boolean> {
  const id = TZ.resolveId(zone);
  if (id === undefined) return Promise.resolve(false);
  if (hasZone(id)) return Promise.resolve(true);
  let p = zonesLoading.get(id);
  if (p === undefined) {
    p = importZone(id).then(
      (raw) => {
        addZone(id, raw);
        return true;
      },
      () => {
        zonesLoading.delete(id);
        return false;
      },
    );
    zonesLoading.set(id, p);
  }
  return p;
}

/**
 * Loads everything a render of `json` with these options can need: the locale (default 'en', as
 * render's) and the time zone (`website.timeZone`, else the option, else America/New_York) with
 * UTC. True when all of it is there. Await it before the first render.
 */
export async function prepare(json: unknown, options: { locale?: string | null; timeZone?: string } = {}): Promise<boolean> {
  const zone = new Context({ root: json, kernels: tsKernels, timeZone: options.timeZone }).timeZone;
  const [locale, utc, site] = await Promise.all([
    loadLocale(options.locale === undefined ? 'en' : options.locale),
    loadTimeZone('UTC'),
    loadTimeZone(zone),
  ]);
  return locale && utc && (site || TZ.resolveId(zone) === undefined);
}

const LANGUAGE = /^[a-z]{2,3}$/;

function loadPack(language: string): Promise<boolean> {
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

/**
 * Loads the locale data of a BCP-47 locale (the locale runtime, once, and its language's pack) so
 * that render can use it; true when the data is there. Call it before rendering with a locale,
 * English included: neither is in the entry itself.
 */
export async function loadLocale(locale: string | null | undefined = 'en'): Promise<boolean> {
  if (locale === null || locale === undefined || locale === '') return true;
  // The first subtag is the pack's language for nearly every tag: fetch it beside the runtime
  // instead of after it. The runtime's resolver has the last word (aliases such as iw -> he).
  const guess = locale.split(/[-_]/)[0].toLowerCase();
  const guessed = LANGUAGE.test(guess) ? loadPack(guess) : null;
  let language: string;
  try {
    language = (await loadRuntime()).CLDRFramework.resolveLocale(locale).tag.language();
  } catch {
    return false;
  }
  if (!LANGUAGE.test(language)) return false;
  return language === guess && guessed !== null ? guessed : loadPack(language);
}
