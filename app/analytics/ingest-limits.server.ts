// What one client and one site may add to the analytics tables (issue 28, ADR 0025): a rate limit per
// client on every ingest endpoint (its visitor cookie and its address, per site), a cap on records
// per request per kind, and a daily row quota per site. The storage budget is retention's
// (retention.server.ts). Limits come from the typed environment (env.server.ts) so an operator can move them.
import type { Sql } from '../../db/client.server.js';
import { createLimiter, type Limit, type Limiter, type Verdict } from '../utils/rate-limit.server.js';
import { env } from '../utils/env.server.js';
import { log } from '../utils/log.server.js';
import { COOKIE } from './constants.js';
import { utcDay } from './event-store.server.js';
import { parseVisitor, readCookies } from './visitor-cookies.js';
import type { PerformanceRecord } from './wire.js';

/**
 * Requests per 30 s: a visitor (their ss_cvr cookie) gets ANALYTICS_CLIENT_RATE (60 by default, a
 * page view every second with its page-speed and image records), an address five times that (the
 * visitors behind one office's or phone network's address). Counted per site, so a flood at one
 * site costs its sender nothing at another.
 */
export function clientLimits(points = env().analytics.clientRate): { visitor: Limit; address: Limit } {
  return { visitor: { points, durationS: 30 }, address: { points: points * 5, durationS: 30 } };
}

/** Records of each kind kept from one request (what a real page has); the rest are dropped. */
export const RECORDS_PER_REQUEST: Record<PerformanceRecord['event'], number> = {
  image: 50,
  'page-speed': 5,
  accessibility: 5,
};

/** Rows a site may add per UTC day over all three tables: ANALYTICS_DAILY_ROWS, 100,000 by default. */
export function dailyRowQuota(): number {
  return env().analytics.dailyRows;
}

/** The records a request may store: the first RECORDS_PER_REQUEST of each kind, in their order. */
export function capRecords<T extends { event: PerformanceRecord['event'] }>(records: readonly T[]): T[] {
  const seen: Partial<Record<T['event'], number>> = {};
  return records.filter((r) => {
    const n = (seen[r.event as T['event']] = (seen[r.event as T['event']] ?? 0) + 1);
    return n <= RECORDS_PER_REQUEST[r.event];
  });
}

let limiters: { sql: Sql; visitor: Limiter; address: Limiter } | null = null;

function limitersFor(sql: Sql) {
  if (limiters?.sql !== sql) {
    const l = clientLimits();
    limiters = { sql, visitor: createLimiter('ingest-visitor', l.visitor, sql), address: createLimiter('ingest-address', l.address, sql) };
  }
  return limiters;
}

/**
 * Spends one request of the client's allowance at this site: its address (as the server saw it,
 * app/server/main.ts, behind TRUST_PROXY hops) and, when it sends one, its visitor cookie. A client
 * that drops its cookies still meets the address's limit. Refused with the seconds to wait.
 */
export async function limitIngestClient(sql: Sql, request: Request, websiteId: string): Promise<Verdict> {
  const l = limitersFor(sql);
  const address = request.headers.get('x-storefront-client-address') || 'unknown';
  const byAddress = await l.address.consume(`${websiteId}:${address}`);
  if (!byAddress.ok) return byAddress;
  const visitor = parseVisitor(readCookies(request.headers.get('Cookie')).get(COOKIE.visitor));
  return visitor ? l.visitor.consume(`${websiteId}:${visitor.id}`) : { ok: true };
}

/** How often a process asks the database for a site's count of today's rows. */
const QUOTA_REFRESH_MS = 5_000;

/**
 * The daily row quota, kept per process: today's count per site as the database had it (the
 * analytics_usage table the store adds to with each batch, migration 0040), asked again every 5 s,
 * plus the rows this process took since. Other processes' rows of the last few seconds are seen at
 * the next refresh, so a site can pass its quota by that much at most.
 */
export class DailyQuota {
  private readonly sites = new Map<string, { day: string; stored: number; taken: number; at: number }>();

  constructor(
    private readonly sql: () => Promise<Sql>,
    private readonly quota = dailyRowQuota(),
  ) {}

  /** How many of `n` rows the site may still add today (0 once its quota is spent). */
  async take(websiteId: string, n: number, now = new Date()): Promise<number> {
    const day = utcDay(now);
    let s = this.sites.get(websiteId);
    if (!s || s.day !== day || now.getTime() - s.at > QUOTA_REFRESH_MS) {
      s = { day, stored: await this.storedOn(websiteId, day), taken: 0, at: now.getTime() };
      this.sites.set(websiteId, s);
    }
    const left = this.quota - s.stored - s.taken;
    const allowed = Math.max(0, Math.min(n, left));
    s.taken += allowed;
    if (left > 0 && allowed < n) log.warn(`analytics: site ${websiteId} reached its daily quota of ${this.quota} rows`);
    return allowed;
  }

  /** Gives back rows taken but not stored (the queue was full). */
  release(websiteId: string, n: number): void {
    const s = this.sites.get(websiteId);
    if (s) s.taken = Math.max(0, s.taken - n);
  }

  private async storedOn(websiteId: string, day: string): Promise<number> {
    const sql = await this.sql();
    const [row] = await sql<{ rows: number }[]>`
      select rows::int as rows from analytics_usage where website_id = ${websiteId} and day = ${day}::date`;
    return row?.rows ?? 0;
  }
}

/** A site's rows of today (UTC) against the quota, for the owner's settings screen. */
export async function usageToday(sql: Sql, websiteId: string, now = new Date()): Promise<{ rows: number; quota: number; day: string }> {
  const day = utcDay(now);
  const [row] = await sql<{ rows: number }[]>`
    select rows::int as rows from analytics_usage where website_id = ${websiteId} and day = ${day}::date`;
  return { rows: row?.rows ?? 0, quota: dailyRowQuota(), day };
}
