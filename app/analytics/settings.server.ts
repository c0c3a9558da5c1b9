// A site's analytics settings, kept in website.settings.analytics: how many days of records to keep
// (the retention job drops older ones) and its cookie policy ('restrictive' keeps analytics cookies
// off and clears them, SPEC 6). Read by the recording rules and the retention job, set in /config/analytics.
// Beside them, the "commerce visitor-metrics beta" flag of SPEC 7 (website.settings.featureFlags).
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { Db } from '../edits/versions.server.js';

export const RETENTION_DAYS = { min: 7, max: 1095, default: 400 } as const;

export const AnalyticsSettings = z.object({
  retentionDays: z.coerce
    .number({ invalid_type_error: 'Enter a number of days.' })
    .int('Enter a whole number of days.')
    .min(RETENTION_DAYS.min, `Keep records for at least ${RETENTION_DAYS.min} days.`)
    .max(RETENTION_DAYS.max, `Keep records for at most ${RETENTION_DAYS.max} days.`),
  cookiePolicy: z.enum(['allow', 'restrictive'], { errorMap: () => ({ message: 'Choose a cookie policy.' }) }),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = { retentionDays: RETENTION_DAYS.default, cookiePolicy: 'allow' };

/** The settings in `website.settings` (anything missing or malformed takes its default). */
export function analyticsSettingsOf(settings: unknown): AnalyticsSettings {
  const raw = (settings as { analytics?: unknown } | null | undefined)?.analytics;
  const r = AnalyticsSettings.partial().safeParse(raw ?? {});
  return { ...DEFAULT_ANALYTICS_SETTINGS, ...(r.success ? r.data : {}) };
}

export async function readAnalyticsSettings(sql: Sql, websiteId: string): Promise<AnalyticsSettings> {
  const [row] = await sql<{ settings: unknown }[]>`select settings from website where id = ${websiteId}`;
  return analyticsSettingsOf(row?.settings);
}

export async function writeAnalyticsSettings(sql: Db, websiteId: string, input: AnalyticsSettings): Promise<void> {
  const v = AnalyticsSettings.parse(input);
  await sql`
    update website set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{analytics}', ${sql.json(v)})
    where id = ${websiteId}`;
}

/**
 * The "commerce visitor-metrics beta" flag (featureFlags.commerceVisitorMetrics, SPEC 7): listing
 * pages' visits are visitor events (ADR 0038). Read by the page pipeline from the context's featureFlags.
 */
export function visitorMetricsOf(settings: unknown): boolean {
  const flags = (settings as { featureFlags?: unknown } | null | undefined)?.featureFlags;
  return (flags as { commerceVisitorMetrics?: unknown } | null | undefined)?.commerceVisitorMetrics === true;
}

export async function writeVisitorMetrics(sql: Db, websiteId: string, on: boolean): Promise<void> {
  await sql`
    update website set settings = jsonb_set(coalesce(settings, '{}'::jsonb), '{featureFlags}',
      coalesce(settings->'featureFlags', '{}'::jsonb) || jsonb_build_object('commerceVisitorMetrics', ${on}::boolean))
    where id = ${websiteId}`;
}
