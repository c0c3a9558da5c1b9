// The site's connection to a machine-translation service (SPEC 7, ADR 0020): the owner connects
// DeepL with an API key, checked with a call that costs nothing before it is kept. The key is kept
// sealed (app/utils/secret-box.server.ts) and never leaves the server; the owner sees its last four
// characters. Connecting again replaces the key; every connection is audited.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { KeyAccess, OwnerAccess } from '../auth/permissions.server.js';
import { accessSiteId } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { open, seal } from '../utils/secret-box.server.js';
import { checkDeeplKey, DEEPL } from './deepl.server.js';
import { readMultilingualSettings, type MultilingualSettings } from './settings.server.js';

/** The services a site may connect (DeepL only, for now). */
export const PROVIDERS = [DEEPL] as const;

const KEY_PURPOSE = 'translation-service-key';

export const CONNECTION_TEXT = {
  notBody: 'Send {"provider": "DeepL", "apiKey": "..."}.',
  provider: `Choose a translation service: ${PROVIDERS.join(', ')}.`,
  key: 'Enter the API key from your DeepL account.',
  keyShape: 'An API key is one word of at most 200 characters (letters, digits, dashes and a colon).',
  connected: (provider: string) => `Connected to ${provider}.`,
};

export interface ConnectionInput {
  provider: (typeof PROVIDERS)[number];
  apiKey: string;
}

const Body = z.object({ provider: z.unknown(), apiKey: z.unknown() });

/** A connection request (API body or form), or the first thing wrong with it. */
export function parseConnection(raw: unknown): { ok: true; value: ConnectionInput } | { ok: false; error: string; field?: string } {
  const parsed = Body.safeParse(raw);
  if (!parsed.success) return { ok: false, error: CONNECTION_TEXT.notBody };
  const { provider, apiKey } = parsed.data;
  const known = PROVIDERS.find((p) => typeof provider === 'string' && p.toLowerCase() === provider.trim().toLowerCase());
  if (!known) return { ok: false, error: CONNECTION_TEXT.provider, field: 'provider' };
  const key = typeof apiKey === 'string' ? apiKey.trim() : '';
  if (key === '') return { ok: false, error: CONNECTION_TEXT.key, field: 'apiKey' };
  if (key.length > 200 || !/^[A-Za-z0-9:_-]+$/.test(key)) return { ok: false, error: CONNECTION_TEXT.keyShape, field: 'apiKey' };
  return { ok: true, value: { provider: known, apiKey: key } };
}

/**
 * Checks the key with the service, then keeps the connection (replacing any other) and answers the
 * settings. Throws TranslationServiceError, with the owner's message, when the service refuses it.
 */
export async function connectService(a: OwnerAccess | KeyAccess, input: ConnectionInput): Promise<MultilingualSettings> {
  await checkDeeplKey(input.apiKey);
  const websiteId = accessSiteId(a);
  const last4 = input.apiKey.slice(-4);
  const row = { website_id: websiteId, provider: input.provider, api_key_sealed: seal(input.apiKey, KEY_PURPOSE), key_last4: last4 };
  await a.sql`
    insert into translation_connection ${a.sql(row)}
    on conflict (website_id) do update set provider = excluded.provider, api_key_sealed = excluded.api_key_sealed,
      key_last4 = excluded.key_last4, connected_at = now()`;
  await recordAudit(a.sql, actorOf(a), 'settings.update', 'translation connection', {
    section: 'languages',
    provider: input.provider,
    keyEndsWith: last4,
  });
  return readMultilingualSettings(a.sql, websiteId);
}

/** The connected service and its key, for a call; key null when none is kept or it no longer opens. */
export async function connectionKey(sql: Sql, websiteId: string): Promise<{ provider: string; key: string | null } | null> {
  const [r] = await sql<{ provider: string; api_key_sealed: string | null }[]>`
    select provider, api_key_sealed from translation_connection where website_id = ${websiteId}`;
  if (!r) return null;
  return { provider: r.provider, key: r.api_key_sealed ? open(r.api_key_sealed, KEY_PURPOSE) : null };
}
