// Owner JSON settings kept for API clients (SPEC 7): commerce preferences, one free-form object per
// namespace (website.settings.commercePreferences), and the site header and footer objects
// (website.settings.siteHeaderFooter). Reads and whole-object writes; every write is audited.
import type { Sql } from '../../db/client.server.js';
import type { KeyAccess, OwnerAccess } from '../auth/permissions.server.js';
import { accessSiteId } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { BYTES_PER_KB } from '../utils/file-types.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { isCleanJson } from '../utils/clean-json.js';

export const NAMESPACE = /^[a-z][a-z0-9-]{0,39}$/;
/** Largest preference or header-and-footer object, as JSON text (bytes). */
export const PREFERENCES_MAX_BYTES = 16 * BYTES_PER_KB;

export const PREFERENCES_TEXT = {
  badNamespace: 'A namespace is a lowercase letter followed by up to 39 lowercase letters, digits or dashes.',
  notObject: 'Send a JSON object.',
  notJson: 'Could not parse the request body.',
  notStorable: 'The object holds a NUL character or broken text, or is nested deeper than 16 levels.',
  tooLarge: `The object is larger than ${PREFERENCES_MAX_BYTES / BYTES_PER_KB} KB.`,
  headerFooter: 'Send a JSON object with a header object and a footer object.',
};

export type JsonObject = Record<string, unknown>;

export function isJsonObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Deepest nesting a stored object may have (PostgreSQL's jsonb takes what isCleanJson passes). */
const MAX_DEPTH = 16;

/** A request body's JSON object, or why it cannot be stored (too large, not JSON, not an object). */
export function parseObjectBody(text: string): { ok: true; value: JsonObject } | { ok: false; error: string } {
  if (Buffer.byteLength(text) > PREFERENCES_MAX_BYTES) return { ok: false, error: PREFERENCES_TEXT.tooLarge };
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, error: PREFERENCES_TEXT.notJson };
  }
  if (!isJsonObject(v)) return { ok: false, error: PREFERENCES_TEXT.notObject };
  if (!isCleanJson(v, MAX_DEPTH)) return { ok: false, error: PREFERENCES_TEXT.notStorable };
  return { ok: true, value: v };
}

/** The namespace's object with the site's id (an empty one when nothing is stored yet). */
export async function readPreferences(sql: Sql, websiteId: string, namespace: string): Promise<JsonObject> {
  const [row] = await sql<{ prefs: unknown }[]>`
    select settings->'commercePreferences'->(${namespace}::text) as prefs from website where id = ${websiteId}`;
  return { ...(isJsonObject(row?.prefs) ? row.prefs : {}), websiteId };
}

/**
 * Replaces the namespace's object. `websiteId` is the answer's, never stored (a client sends back
 * what it read). One statement: concurrent writes to other namespaces or settings are kept.
 */
export async function writePreferences(a: OwnerAccess | KeyAccess, namespace: string, value: JsonObject): Promise<JsonObject> {
  const websiteId = accessSiteId(a);
  const stored = Object.fromEntries(Object.entries(value).filter(([k]) => k !== 'websiteId'));
  await a.sql`
    update website set settings = jsonb_set(
      jsonb_set(settings, '{commercePreferences}', coalesce(settings->'commercePreferences', '{}'::jsonb)),
      array['commercePreferences', ${namespace}::text], ${a.sql.json(stored as never)})
     where id = ${websiteId}`;
  await recordAudit(a.sql, actorOf(a), 'settings.update', `commerce-preferences/${namespace}`, {
    section: 'commerce-preferences',
    namespace,
  });
  return { ...stored, websiteId };
}

export interface HeaderFooter {
  header: JsonObject;
  footer: JsonObject;
}

export async function readHeaderFooter(sql: Sql, websiteId: string): Promise<HeaderFooter> {
  const [row] = await sql<{ hf: unknown }[]>`select settings->'siteHeaderFooter' as hf from website where id = ${websiteId}`;
  const hf = isJsonObject(row?.hf) ? row.hf : {};
  return { header: isJsonObject(hf.header) ? hf.header : {}, footer: isJsonObject(hf.footer) ? hf.footer : {} };
}

/** Replaces the header and footer objects; pages may show them, so their caches drop. */
export async function writeHeaderFooter(a: OwnerAccess | KeyAccess, value: HeaderFooter): Promise<HeaderFooter> {
  const websiteId = accessSiteId(a);
  const stored = { header: value.header, footer: value.footer };
  await a.sql`
    update website set settings = jsonb_set(settings, '{siteHeaderFooter}', ${a.sql.json(stored as never)})
     where id = ${websiteId}`;
  await recordAudit(a.sql, actorOf(a), 'settings.update', 'site-header-footer', { section: 'site-header-footer' });
  await storefrontChanged(a.sql, websiteId);
  return stored;
}
