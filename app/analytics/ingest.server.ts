// This process's analytics pipeline: one PostgreSQL event store, the bounded queue in front of it
// and the sites' daily row quota, started with the server (partitions for today and the next week) and drained at shutdown
// before the database closes.
import { getSql } from '../../db/client.server.js';
import { env } from '../utils/env.server.js';
import { errorText, log } from '../utils/log.server.js';
import { PostgresEventStore, utcDay } from './event-store.server.js';
import { DailyQuota } from './ingest-limits.server.js';
import { IngestQueue } from './ingest-queue.server.js';

/** Days of partitions made ahead at start (today and the next seven). */
export const DAYS_AHEAD = 8;

let pipeline: { store: PostgresEventStore; queue: IngestQueue; quota: DailyQuota } | null = null;

function current() {
  pipeline ??= (() => {
    const store = new PostgresEventStore(getSql);
    return { store, queue: new IngestQueue(store, { max: env().analytics.queueMax }), quota: new DailyQuota(getSql) };
  })();
  return pipeline;
}

/** The sites' daily row quota (ingest-limits.server.ts). */
export function dailyQuota(): DailyQuota {
  return current().quota;
}

/** The queue the ingest endpoints offer their rows to. */
export function ingestQueue(): IngestQueue {
  return current().queue;
}

/** The days from `first` (YYYY-MM-DD, UTC) on, `n` of them. */
export function daysFrom(first: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => utcDay(new Date(first.getTime() + i * 86_400_000)));
}

/** At start: today's and the next week's partitions. */
export async function startIngest(now = new Date()): Promise<void> {
  await current().store.ensureDays(daysFrom(now, DAYS_AHEAD));
}

/** At shutdown: every queued row written (or logged as dropped), then no more taken. */
export async function stopIngest(): Promise<void> {
  if (!pipeline) return;
  const { queue } = pipeline;
  pipeline = null;
  await queue.drain().catch((e: unknown) => log.error(`analytics: draining the queue failed: ${errorText(e)}`));
}
