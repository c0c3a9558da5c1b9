// The storefront's texts per language, as `localizedStrings` keys: the engine's own (SPEC 8's
// fallback texts), the store theme's, and the app's (account, cart, checkout, emails...). English
// is written where a text is used (`textFrom(strings, key, english)`, or a theme's `{.or}` branch),
// so it needs no entry; app/languages/texts/ holds the other languages, one file per area. The
// site's own overrides win: settings.localizedStrings for the default language,
// settings.localizedStringsByLanguage[code] for the others.
import { ACCESS_TEXTS } from './texts/access.js';
import { ACCOUNT_TEXTS } from './texts/account.js';
import { COMMERCE_TEXTS } from './texts/commerce.js';
import { EMAIL_TEXTS } from './texts/emails.js';
import { ENGINE_TEXTS } from './texts/engine.js';
import { FORM_TEXTS } from './texts/forms.js';
import { MESSAGE_TEXTS } from './texts/messages.js';
import { STOREFRONT_TEXTS } from './texts/storefront.js';
import { SUBSCRIPTION_TEXTS } from './texts/subscriptions.js';
import type { TextsByLanguage } from './texts/types.js';

/** Every area's texts; an area adds its file here. */
const AREAS: TextsByLanguage[] = [
  ENGINE_TEXTS,
  STOREFRONT_TEXTS,
  SUBSCRIPTION_TEXTS,
  COMMERCE_TEXTS,
  MESSAGE_TEXTS,
  ACCOUNT_TEXTS,
  ACCESS_TEXTS,
  FORM_TEXTS,
  EMAIL_TEXTS,
];

/** Built-in texts by language, all areas merged; English is written at each use and needs no entry. */
export const BUILT_IN_STRINGS: TextsByLanguage = {};
for (const area of AREAS) {
  for (const [code, texts] of Object.entries(area)) BUILT_IN_STRINGS[code] = { ...BUILT_IN_STRINGS[code], ...texts };
}

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The `localizedStrings` of a page in language `code` (`isDefault`: the site's own language). */
export function localizedStringsFor(settings: Record<string, unknown>, code: string, isDefault: boolean): Record<string, unknown> {
  if (isDefault) return { ...(code === 'en' ? {} : BUILT_IN_STRINGS[code]), ...obj(settings.localizedStrings) };
  return { ...BUILT_IN_STRINGS[code], ...obj(obj(settings.localizedStringsByLanguage)[code]) };
}

/**
 * One text in a page's (or an email's) language: `strings[key]` when it is a non-empty string,
 * else `english`; `{name}` placeholders are filled from `vars` (unknown ones are left as written).
 * `strings` is the page's `localizedStrings` (site.settings.localizedStrings once the pipeline has
 * dressed the site for the language) or `localizedStringsFor(...)` outside a page.
 */
export function textFrom(
  strings: Record<string, unknown> | undefined,
  key: string,
  english: string,
  vars?: Record<string, string | number>,
): string {
  const v = strings?.[key];
  const t = typeof v === 'string' && v.trim() !== '' ? v : english;
  if (!vars) return t;
  return t.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}
