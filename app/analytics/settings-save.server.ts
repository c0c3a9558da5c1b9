// Saving a site's analytics settings from /config/analytics/settings: the write, its audit entry,
// and dropping the site's cached pages and reads (the page pipeline reads the cookie policy).
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { writeAnalyticsSettings, type AnalyticsSettings } from './settings.server.js';

export async function saveAnalyticsSettings(a: OwnerAccess, input: AnalyticsSettings): Promise<void> {
  await writeAnalyticsSettings(a.sql, a.site.id, input);
  await recordAudit(a.sql, actorOf(a), 'analytics.settings', 'Analytics settings', { ...input });
  await storefrontChanged(a.sql, a.site.id);
}
