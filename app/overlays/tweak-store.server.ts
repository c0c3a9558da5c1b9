// Reading a site's tweaks (table site_tweak, migration 0027): every type with its defaults filled
// in, and the popup's version. The storefront reads them through a per-process cache that any
// owner write drops (app/edits/storefront-changed.server.ts), as it does the catalog.
import type { Sql } from '../../db/client.server.js';
import { getReadSql } from '../../db/client.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import { readTweak, TWEAK_TYPES, type Tweaks, type TweakType } from './tweaks.js';

export async function readTweaks(sql: Sql, websiteId: string): Promise<Tweaks> {
  const rows = await sql<{ type: string; settings: unknown; version: number }[]>`
    select type, settings, version from site_tweak where website_id = ${websiteId}`;
  const stored = new Map(rows.map((r) => [r.type, r]));
  const one = <T extends TweakType>(t: T) => readTweak(t, stored.get(t)?.settings);
  const out = Object.fromEntries(TWEAK_TYPES.map((t) => [t, one(t)])) as unknown as Tweaks;
  out['popup-overlay'] = { ...out['popup-overlay'], version: stored.get('popup-overlay')?.version ?? 1 };
  return out;
}

const cache = createReadCache({ max: 500 });

/**
 * The site's tweaks for the storefront (cached until the site changes); on a fresh standby in an
 * anonymous request (ADR 0033): a tweak saved calls storefrontChanged.
 */
export async function siteTweaks(websiteId: string): Promise<Tweaks> {
  return cache.get(websiteId, 'tweaks', async () => readTweaks(await getReadSql(), websiteId));
}
