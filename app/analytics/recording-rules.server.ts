// Whether a request may be recorded at all (SPEC 2 and 6): the global switch, the pages never
// recorded, and the site's own owners (signed in to /config) unless their only role there is
// viewer. Also hands back the site's cookie policy, which decides whether visitors are identified.
import type { Sql } from '../../db/client.server.js';
import { ownerRoleOn } from '../auth/owner-role.server.js';
import { ROLES } from '../auth/roles.js';
import { pageRecordable } from './page-rules.js';
import { readAnalyticsSettings, type AnalyticsSettings } from './settings.server.js';
import { analyticsEnabled } from './switch.server.js';

export type Refusal = 'disabled' | 'page' | 'owner';
export type RecordingVerdict = { ok: true; settings: AnalyticsSettings } | { ok: false; reason: Refusal };

// The cookie policy is read on every hit: kept a few seconds per site, so a burst costs one query.
const SETTINGS_TTL_MS = 5000;
const settingsCache = new Map<string, { at: number; settings: Promise<AnalyticsSettings> }>();

export function siteAnalyticsSettings(sql: Sql, websiteId: string, now = Date.now()): Promise<AnalyticsSettings> {
  const hit = settingsCache.get(websiteId);
  if (hit && now - hit.at < SETTINGS_TTL_MS) return hit.settings;
  const settings = readAnalyticsSettings(sql, websiteId);
  settingsCache.set(websiteId, { at: now, settings });
  settings.catch(() => settingsCache.delete(websiteId));
  if (settingsCache.size > 1000) settingsCache.delete(settingsCache.keys().next().value as string);
  return settings;
}

/** Forgets the cached settings (after the owner changed them, and in tests). */
export function forgetAnalyticsSettings(websiteId?: string): void {
  if (websiteId) settingsCache.delete(websiteId);
  else settingsCache.clear();
}

/**
 * The verdict for a request about the page at `path` (of SPEC 2 type `pageType` when known). An
 * owner of the site is not recorded, except one whose only role there is viewer, outside /config
 * (which no one is recorded on).
 */
export async function recordingVerdict(
  sql: Sql,
  request: Request,
  websiteId: string,
  path: string,
  pageType?: number,
): Promise<RecordingVerdict> {
  if (!analyticsEnabled()) return { ok: false, reason: 'disabled' };
  if (!pageRecordable(path, pageType)) return { ok: false, reason: 'page' };
  const role = await ownerRoleOn(sql, request, websiteId);
  if (role !== null && role !== ROLES.viewer) return { ok: false, reason: 'owner' };
  return { ok: true, settings: await siteAnalyticsSettings(sql, websiteId) };
}
