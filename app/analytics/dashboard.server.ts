// What every /config/analytics screen's loader does first: checks the owner may read analytics,
// reads the date range from the query string (in the site's days) and turns it into the instants
// the report queries take.
import type { AppLoadContext } from '@remix-run/node';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseDateRange } from './date-range.js';
import { reportPeriod, reportSite, type ReportPeriod } from './report-period.server.js';

export interface AnalyticsPage {
  a: OwnerAccess;
  period: ReportPeriod;
  /** Why the range asked for was not used (shown above the reports). */
  rangeError: string | null;
}

export async function analyticsPage(args: { request: Request; context?: AppLoadContext }): Promise<AnalyticsPage> {
  const a = await ownerAccess(args, 'analytics.read');
  const site = await reportSite(a.sql, a.site.id);
  if (!site) throw new Response('Not found', { status: 404 });
  const { range, error } = parseDateRange(new URL(args.request.url).searchParams, site.today);
  return { a, period: await reportPeriod(a.sql, site, range), rangeError: error };
}
