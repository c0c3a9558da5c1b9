// The JavaScript errors report of /config/analytics for one site and date range: errors grouped by
// message, most frequent first, with how many there were (and in the previous period), on how many
// pages, when the last one came, and the stack and place of the latest as an example.
import type { Sql } from '../../db/client.server.js';
import type { ReportPeriod } from './report-period.server.js';

export interface ErrorGroup {
  message: string;
  count: number;
  previousCount: number;
  pages: number;
  lastSeen: string;
  example: { stack: string; source: string; line: number | null; col: number | null; path: string };
}

export const ERROR_GROUP_LIMIT = 50;

async function errorGroups(sql: Sql, p: ReportPeriod): Promise<ErrorGroup[]> {
  const rows = await sql<
    {
      message: string;
      count: number;
      previous_count: number;
      pages: number;
      last_seen: Date;
      example: { stack: string; source: string; line: number | null; col: number | null; path: string };
    }[]
  >`
    with g as (
      select message,
             count(*) filter (where occurred_at >= ${p.start})::int as count,
             count(*) filter (where occurred_at < ${p.start})::int as previous_count,
             count(distinct path) filter (where occurred_at >= ${p.start})::int as pages,
             max(occurred_at) as last_seen
        from js_error
       where website_id = ${p.site.websiteId} and occurred_at >= ${p.prevStart} and occurred_at < ${p.end}
       group by message
      having count(*) filter (where occurred_at >= ${p.start}) > 0
       order by count desc, message
       limit ${ERROR_GROUP_LIMIT}
    )
    select g.*, x.example
      from g
      cross join lateral (
        select json_build_object('stack', e.stack, 'source', e.source, 'line', e.line, 'col', e.col, 'path', e.path) as example
          from js_error e
         where e.website_id = ${p.site.websiteId} and e.message = g.message and e.occurred_at = g.last_seen
         limit 1
      ) x
     order by g.count desc, g.message`;
  return rows.map((r) => ({
    message: r.message,
    count: r.count,
    previousCount: r.previous_count,
    pages: r.pages,
    lastSeen: r.last_seen.toISOString(),
    example: r.example,
  }));
}

export const errorsQueries = { groups: errorGroups };

export async function errorsReport(sql: Sql, p: ReportPeriod): Promise<ErrorGroup[]> {
  return errorGroups(sql, p);
}
