// Saving a site's analytics settings from /config/analytics/settings: the form's version (issue 28,
// ADR 0021), the write under the website row's lock, its audit entry, and dropping the site's cached
// pages and reads (the page pipeline reads the cookie policy and the visitor-metrics flag).
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { Db, Versioned } from '../edits/versions.server.js';
import {
  analyticsSettingsOf,
  visitorMetricsOf,
  writeAnalyticsSettings,
  writeVisitorMetrics,
  type AnalyticsSettings,
} from './settings.server.js';

const TARGET = 'Analytics settings';

/** What the audit log and the conflict screen call each field (the labels the screen shows). */
const FIELD_LABELS: Record<string, string> = {
  retentionDays: 'Keep records for (days)',
  cookiePolicy: 'Cookie policy',
  visitorMetrics: 'Count visits to product listings (visitor metrics beta)',
};

/** The screen's fields as its form posts them ("on" for the ticked beta box); null when the site is gone. */
export async function analyticsFormValues(db: Db, websiteId: string): Promise<Record<string, string> | null> {
  const [row] = await db<{ settings: unknown }[]>`select settings from website where id = ${websiteId}`;
  if (!row) return null;
  const s = analyticsSettingsOf(row.settings);
  return {
    retentionDays: String(s.retentionDays),
    cookiePolicy: s.cookiePolicy,
    visitorMetrics: visitorMetricsOf(row.settings) ? 'on' : '',
  };
}

/** The analytics settings as a versioned record: a save over settings changed since the form was drawn is a conflict. */
export function analyticsVersioned(websiteId: string): Versioned<Record<string, string>> {
  return {
    thing: 'set of analytics settings',
    websiteId,
    load: (db) => analyticsFormValues(db, websiteId),
    fields: (values) => new URLSearchParams(values),
    label: (f) => FIELD_LABELS[f] ?? f,
    audit: () => ({ targets: [TARGET] }),
  };
}

/**
 * Saves the settings and the beta flag in one transaction. `guard` runs once the
 * website row is locked: it throws VersionConflict when the settings changed since the form was drawn.
 */
export async function saveAnalyticsSettings(
  a: OwnerAccess,
  input: AnalyticsSettings & { visitorMetrics: boolean },
  guard: (tx: Db) => Promise<void> = async () => {},
): Promise<void> {
  const { visitorMetrics, ...settings } = input;
  await a.sql.begin(async (tx) => {
    const [row] = await tx`select 1 from website where id = ${a.site.id} for update`;
    if (!row) throw new Error(`no website ${a.site.id}`);
    await guard(tx);
    await writeAnalyticsSettings(tx, a.site.id, settings);
    await writeVisitorMetrics(tx, a.site.id, visitorMetrics);
  });
  await recordAudit(a.sql, actorOf(a), 'analytics.settings', TARGET, { ...input });
  await storefrontChanged(a.sql, a.site.id);
}
