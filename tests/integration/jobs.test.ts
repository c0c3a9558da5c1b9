// The job queue (pg-boss through postgres.js) on PGlite and PostgreSQL: a queued job runs once, a
// failing one is kept for its retry with the error, and the queue lives in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, enqueue, jobState, runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

const seen: number[] = [];
const echo = defineJob<{ n: number }>('test-echo', async (data) => {
  seen.push(data.n);
});
const flaky = defineJob<{ n: number }>(
  'test-flaky',
  async (data, ctx) => {
    if (ctx.retryCount === 0) throw new Error(`not yet ${data.n}`);
  },
  { retryLimit: 2, retryDelay: 1, retryBackoff: false },
);

describe.each(targets)('jobs on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ seed: false });
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('runs a queued job once, in the order queued', async () => {
    seen.length = 0;
    await enqueue(db.sql, echo, { n: 1 });
    await enqueue(db.sql, echo, { n: 2 });
    expect(await runQueuedJobs(db.sql, echo)).toEqual({ ran: 2, failed: 0 });
    expect(seen.sort()).toEqual([1, 2]);
    expect(await runQueuedJobs(db.sql, echo)).toEqual({ ran: 0, failed: 0 });
  });

  it('keeps a failed job for its retry, with the error', async () => {
    const id = await enqueue(db.sql, flaky, { n: 7 });
    expect(id).toBeTruthy();
    expect(await runQueuedJobs(db.sql, flaky)).toEqual({ ran: 1, failed: 1 });
    const state = await jobState(db.sql, flaky, id!);
    expect(state?.state).toBe('retry');
    expect(JSON.stringify(state?.output)).toContain('not yet 7');
  });
});
