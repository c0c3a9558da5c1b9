// Times on owner screens read in the site's own time zone (website.time_zone), so "placed at 9:05"
// means the shop's morning wherever the owner is; formatted on the server, so the page's text
// does not depend on the browser (and hydration sees the same text).
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';

/** The site's time zone, or UTC when the stored name is not one this runtime knows. `sql` may be a transaction. */
export async function siteTimeZone(sql: Sql | postgres.TransactionSql, websiteId: string): Promise<string> {
  const [row] = await sql<{ time_zone: string }[]>`select time_zone from website where id = ${websiteId}`;
  return validTimeZone(row?.time_zone);
}

/** `tz` when this runtime knows the zone, else UTC (a bad stored name must not break a page). */
export function validTimeZone(tz: string | null | undefined): string {
  if (!tz) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    return 'UTC';
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** "Mar 4, 2025, 9:05 AM EST": a date and time in `timeZone`, with the zone's short name. */
export function formatWhen(at: Date | string, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    if (formats.size < 100) formats.set(timeZone, f);
  }
  return f.format(typeof at === 'string' ? new Date(at) : at);
}
