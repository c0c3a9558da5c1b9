// The bounded in-process queue between the ingest endpoints and the EventStore: rows wait here and
// go in batches (a flush when ~500 rows wait, or every second), one insert per table per flush. When
// it holds its capacity, offers are refused (the endpoint answers 503); a failed flush keeps its
// rows and retries with backoff; nothing accepted is dropped without a log line saying how many.
import { errorText, log } from '../utils/log.server.js';
import type { EventRow, EventStore, JsErrorRow, PerformanceRow } from './event-store.server.js';

export interface QueueOptions {
  /** Rows held at most (all tables together); ANALYTICS_QUEUE_MAX, 20000 by default. */
  max?: number;
  /** A flush starts as soon as this many rows wait. */
  batch?: number;
  /** Rows written per table per flush at most. */
  perInsert?: number;
  /** A flush runs at least this often while rows wait. */
  intervalMs?: number;
  /** Longest wait between retries of a failing store. */
  maxBackoffMs?: number;
}

export interface Offer {
  events?: EventRow[];
  performance?: PerformanceRow[];
  errors?: JsErrorRow[];
}

export const DEFAULT_QUEUE_MAX = 20_000;

export class IngestQueue {
  readonly max: number;
  private readonly batch: number;
  private readonly perInsert: number;
  private readonly intervalMs: number;
  private readonly maxBackoffMs: number;
  private events: EventRow[] = [];
  private performance: PerformanceRow[] = [];
  private errors: JsErrorRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly store: EventStore,
    opts: QueueOptions = {},
  ) {
    this.max = opts.max ?? DEFAULT_QUEUE_MAX;
    this.batch = opts.batch ?? 500;
    this.perInsert = Math.max(opts.perInsert ?? 2000, this.batch);
    this.intervalMs = opts.intervalMs ?? 1000;
    this.maxBackoffMs = opts.maxBackoffMs ?? 30_000;
  }

  /** Rows waiting. */
  get size(): number {
    return this.events.length + this.performance.length + this.errors.length;
  }

  /** Takes all the rows, or none when they would not fit (the caller answers 503). */
  offer(o: Offer): boolean {
    const n = (o.events?.length ?? 0) + (o.performance?.length ?? 0) + (o.errors?.length ?? 0);
    if (this.stopped || this.size + n > this.max) return false;
    if (o.events) this.events.push(...o.events);
    if (o.performance) this.performance.push(...o.performance);
    if (o.errors) this.errors.push(...o.errors);
    if (this.size >= this.batch && this.failures === 0) void this.flush();
    else this.schedule(this.intervalMs);
    return true;
  }

  private schedule(ms: number): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
    this.timer.unref();
  }

  /** Writes what waits (one insert per table, up to perInsert rows each); one flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = null;
      if (this.size === 0 || this.stopped) return;
      // More waiting: straight on when a batch is full and the store works, else after a pause.
      if (this.failures === 0 && this.size >= this.batch) void this.flush();
      else this.schedule(this.failures === 0 ? this.intervalMs : this.backoffMs());
    });
    return this.flushing;
  }

  private backoffMs(): number {
    return Math.min(this.maxBackoffMs, this.intervalMs * 2 ** Math.min(this.failures, 16));
  }

  private async flushOnce(): Promise<void> {
    const events = this.events.slice(0, this.perInsert);
    const performance = this.performance.slice(0, this.perInsert);
    const errors = this.errors.slice(0, this.perInsert);
    let failed = false;
    // Each table on its own: what was written leaves the queue, what failed stays at its head.
    const step = async (name: string, rows: unknown[], write: () => Promise<void>, done: () => void) => {
      if (rows.length === 0) return;
      try {
        await write();
        done();
      } catch (e) {
        failed = true;
        log.error(`analytics: writing ${rows.length} ${name} rows failed (kept, ${this.size} queued; retried): ${errorText(e)}`);
      }
    };
    await step(
      'event',
      events,
      () => this.store.writeEvents(events),
      () => this.events.splice(0, events.length),
    );
    await step(
      'performance',
      performance,
      () => this.store.writePerformance(performance),
      () => this.performance.splice(0, performance.length),
    );
    await step(
      'js_error',
      errors,
      () => this.store.writeErrors(errors),
      () => this.errors.splice(0, errors.length),
    );
    this.failures = failed ? this.failures + 1 : 0;
  }

  /**
   * Stops taking rows and writes all that wait (the server's shutdown, before the database closes).
   * Rows still unwritten after `attempts` tries are dropped, and the log says how many.
   */
  async drain(attempts = 3): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let tries = 0;
    while (this.size > 0 && tries < attempts) {
      await (this.flushing ?? this.flush());
      if (this.failures > 0 && ++tries < attempts) await new Promise((r) => setTimeout(r, 200 * tries));
    }
    if (this.size > 0) {
      log.error(`analytics: ${this.size} queued rows dropped at shutdown (the store kept failing)`);
      this.events = [];
      this.performance = [];
      this.errors = [];
    }
  }
}
