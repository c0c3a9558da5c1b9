// Saving a site's analytics settings from /config/analytics/settings: the write, its audit entry,
// and dropping the site's cached pages and reads (the page pipeline reads the cookie policy and the
// visitor-metrics flag).
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import { writeAnalyticsSettings, writeVisitorMetrics, type AnalyticsSettings } from './settings.server.js';

export async function saveAnalyticsSettings(a: OwnerAccess, input: AnalyticsSettings & { visitorMetrics: boolean }): Promise<void> {
  const { visitorMetrics, ...settings } = input;
  await writeAnalyticsSettings(a.sql, a.site.id, settings);
  await writeVisitorMetrics(a.sql, a.site.id, visitorMetrics);
  await recordAudit(a.sql, actorOf(a), 'analytics.settings', 'Analytics settings', { ...input });
  await storefrontChanged(a.sql, a.site.id);
}
