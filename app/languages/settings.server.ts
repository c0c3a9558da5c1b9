// A site's language settings (SPEC 3 and 7): its languages, one the default, and the connection to
// an external translation service. Read for the storefront (cached until the catalog changes) and
// for the owner's API and screen; every write is audited and refreshes the storefront.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { KeyAccess, OwnerAccess } from '../auth/permissions.server.js';
import { accessSiteId } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import { LANGUAGE_NAMES, MAX_LANGUAGES, singleLanguage, type SiteLanguages } from './languages.js';

export const LANGUAGES_TEXT = {
  notList: 'Send {"languages": [{"code": "en", "isDefault": true}, ...]}.',
  unknown: (code: string) => `"${code}" is not a language this site can offer. Choose from: ${Object.keys(LANGUAGE_NAMES).join(', ')}.`,
  duplicate: (code: string) => `The language "${code}" is listed twice.`,
  oneDefault: 'Choose exactly one default language.',
  tooMany: `A site can offer at most ${MAX_LANGUAGES} languages.`,
  empty: 'A site needs at least one language.',
};

/** The settings API's answer (SPEC 7: status, languages). */
export interface MultilingualSettings {
  /** CONNECTED when a translation service is connected, else NOT_CONNECTED. */
  status: 'CONNECTED' | 'NOT_CONNECTED';
  languages: { code: string; name: string; isDefault: boolean }[];
  /** The connected translation service, or null; never its key, only the key's last 4 characters (null when none is kept). */
  connection: { provider: string; connectedAt: string; keyLast4: string | null } | null;
}

/** The site's languages; a site that never chose any has its locale's language only. */
export async function readSiteLanguages(sql: Sql, websiteId: string): Promise<SiteLanguages> {
  const rows = await sql<{ code: string; is_default: boolean }[]>`
    select code, is_default from website_language where website_id = ${websiteId} order by is_default desc, ordering, code`;
  const def = rows.find((r) => r.is_default);
  if (!def) {
    const [w] = await sql<{ locale: string }[]>`select locale from website where id = ${websiteId}`;
    return singleLanguage(w?.locale ?? 'en-US');
  }
  return { defaultCode: def.code, codes: rows.map((r) => r.code) };
}

const cache = createReadCache({ max: 10_000 });

/** The storefront's read of the site's languages, kept until the site's catalog changes. */
export function siteLanguages(sql: Sql, websiteId: string): Promise<SiteLanguages> {
  return cache.get(websiteId, 'languages', () => readSiteLanguages(sql, websiteId));
}

export async function readMultilingualSettings(sql: Sql, websiteId: string): Promise<MultilingualSettings> {
  const [langs, [conn]] = await Promise.all([
    readSiteLanguages(sql, websiteId),
    sql<{ provider: string; connected_at: Date; key_last4: string | null }[]>`
      select provider, connected_at, key_last4 from translation_connection where website_id = ${websiteId}`,
  ]);
  return {
    status: conn ? 'CONNECTED' : 'NOT_CONNECTED',
    languages: langs.codes.map((code) => ({ code, name: LANGUAGE_NAMES[code] ?? code, isDefault: code === langs.defaultCode })),
    connection: conn ? { provider: conn.provider, connectedAt: new Date(conn.connected_at).toISOString(), keyLast4: conn.key_last4 } : null,
  };
}

const LanguageEntry = z.object({ code: z.string(), isDefault: z.boolean().optional() });
const LanguagesBody = z.object({ languages: z.array(LanguageEntry).max(100) });

/** The languages a PUT asks for, in order, or the first thing wrong with them. */
export function parseLanguages(body: unknown): { ok: true; value: SiteLanguages } | { ok: false; error: string } {
  const parsed = LanguagesBody.safeParse(body);
  if (!parsed.success) return { ok: false, error: LANGUAGES_TEXT.notList };
  const list = parsed.data.languages;
  if (list.length === 0) return { ok: false, error: LANGUAGES_TEXT.empty };
  if (list.length > MAX_LANGUAGES) return { ok: false, error: LANGUAGES_TEXT.tooMany };
  const seen = new Set<string>();
  for (const l of list) {
    if (!Object.hasOwn(LANGUAGE_NAMES, l.code)) return { ok: false, error: LANGUAGES_TEXT.unknown(l.code.slice(0, 20)) };
    if (seen.has(l.code)) return { ok: false, error: LANGUAGES_TEXT.duplicate(l.code) };
    seen.add(l.code);
  }
  const defaults = list.filter((l) => l.isDefault === true);
  if (defaults.length !== 1) return { ok: false, error: LANGUAGES_TEXT.oneDefault };
  const defaultCode = defaults[0].code;
  return { ok: true, value: { defaultCode, codes: [defaultCode, ...list.map((l) => l.code).filter((c) => c !== defaultCode)] } };
}

/** Replaces the site's languages (translations of a removed language are kept, unused, for a return). */
export async function writeLanguages(a: OwnerAccess | KeyAccess, langs: SiteLanguages): Promise<MultilingualSettings> {
  const websiteId = accessSiteId(a);
  await a.sql.begin(async (tx) => {
    await tx`delete from website_language where website_id = ${websiteId}`;
    await tx`
      insert into website_language ${tx(
        langs.codes.map((code, i) => ({ website_id: websiteId, code, is_default: code === langs.defaultCode, ordering: i })),
      )}`;
  });
  await recordAudit(a.sql, actorOf(a), 'settings.update', 'languages', { section: 'languages', languages: langs.codes });
  await storefrontChanged(a.sql, websiteId);
  return readMultilingualSettings(a.sql, websiteId);
}

/** Disconnects the translation service; true when one was connected. */
export async function deleteConnection(a: OwnerAccess | KeyAccess): Promise<boolean> {
  const websiteId = accessSiteId(a);
  const gone = await a.sql`delete from translation_connection where website_id = ${websiteId} returning provider`;
  if (gone.length > 0) await recordAudit(a.sql, actorOf(a), 'settings.update', 'translation connection', { section: 'languages' });
  return gone.length > 0;
}
