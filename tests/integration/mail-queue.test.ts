// The mail queue (app/utils/mail-queue.server.ts) on PGlite and PostgreSQL: a mail queued in a
// transaction exists only if it commits; the worker writes it once, with the job's Message-ID, even
// when the job runs again after a crash; a failing one is recorded as retrying, then failed, where
// the owner's screens read it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import { runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import {
  composedMail,
  defineMail,
  deliveriesOf,
  enqueueComposed,
  enqueueMail,
  mailProblems,
  prepareMail,
} from '../../app/utils/mail-queue.server.js';
import { outboxDir, type OutgoingMail } from '../../app/utils/outbox.server.js';
import { targets } from './support/databases.js';

const SITE = 'saltgrass';
const run = Math.random().toString(36).slice(2, 8);

/** The outbox files addressed to `to`. */
const filesTo = (to: string) =>
  (fs.existsSync(outboxDir()) ? fs.readdirSync(outboxDir()) : [])
    .map((f) => fs.readFileSync(path.join(outboxDir(), f), 'utf8'))
    .filter((t) => t.includes(`To: ${to}\r\n`));

const mail = (to: string): OutgoingMail => ({
  from: { name: 'Saltgrass Studio', address: 'hello@saltgrass.example' },
  to,
  subject: 'Hello',
  text: 'Hello there',
  html: '<p>Hello there</p>',
  tag: 'queue-test',
});

// A kind whose composing always fails (a mail server that refuses it would do the same).
const failing = defineMail<{ to: string }>('queue-test-failing', async () => {
  throw new Error('the mail server said no');
});

describe.each(targets)('the mail queue on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open();
    await prepareMail(db.sql);
    await prepareMail(db.sql, failing);
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('queues nothing when the transaction rolls back', async () => {
    const to = `rolled-back-${run}-${target.name}@example.com`;
    await expect(
      db.sql.begin(async (tx) => {
        await enqueueComposed(db.sql, tx, mail(to), { websiteId: SITE, kind: 'test', ref: `ref-rb-${run}` });
        throw new Error('the order failed after all');
      }),
    ).rejects.toThrow('the order failed after all');
    expect(await deliveriesOf(db.sql, SITE, `ref-rb-${run}`)).toEqual([]);
    await runQueuedJobs(db.sql, composedMail);
    expect(filesTo(to)).toEqual([]);
  });

  it('sends a committed mail once, with its job’s Message-ID, even when the job runs again', async () => {
    const to = `committed-${run}-${target.name}@example.com`;
    const ref = `ref-ok-${run}-${target.name}`;
    const id = await db.sql.begin((tx) => enqueueComposed(db.sql, tx, mail(to), { websiteId: SITE, kind: 'test', ref }));
    expect(await deliveriesOf(db.sql, SITE, ref)).toMatchObject([{ jobId: id, state: 'queued', recipient: to, subject: 'Hello' }]);
    const ran = await runQueuedJobs(db.sql, composedMail);
    expect(ran.failed).toBe(0);
    const files = filesTo(to);
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(`Message-ID: <${id}@saltgrass.example>`);
    expect(await deliveriesOf(db.sql, SITE, ref)).toMatchObject([{ state: 'sent', attempts: 1, lastError: null }]);
    // A crash after the send but before pg-boss heard of it: the job runs again, nothing more goes out.
    await composedMail.handler({ mail: mail(to) }, { id, retryCount: 1, retryLimit: 8, sql: db.sql });
    expect(filesTo(to)).toHaveLength(1);
    // Even without the row's word (the outbox file for this Message-ID is already there).
    await db.sql`update mail_delivery set state = 'retrying' where job_id = ${id}`;
    await composedMail.handler({ mail: mail(to) }, { id, retryCount: 2, retryLimit: 8, sql: db.sql });
    expect(filesTo(to)).toHaveLength(1);
  });

  it('records a failing mail as retrying, then failed after its last attempt, for the owner', async () => {
    const to = `failing-${run}-${target.name}@example.com`;
    const ref = `ref-fail-${run}-${target.name}`;
    const id = await db.sql.begin((tx) => enqueueMail(db.sql, tx, failing, { to }, { websiteId: SITE, kind: 'test', ref, recipient: to }));
    expect(await runQueuedJobs(db.sql, failing)).toEqual({ ran: 1, failed: 1 });
    expect(await deliveriesOf(db.sql, SITE, ref)).toMatchObject([{ state: 'retrying', attempts: 1, lastError: 'the mail server said no' }]);
    // The last attempt (pg-boss's retry count at the limit) fails for good.
    await expect(failing.handler({ to }, { id, retryCount: 8, retryLimit: 8, sql: db.sql })).rejects.toThrow('the mail server said no');
    expect(await deliveriesOf(db.sql, SITE, ref)).toMatchObject([{ state: 'failed', attempts: 9 }]);
    expect((await mailProblems(db.sql, SITE)).map((d) => d.jobId)).toContain(id);
    expect(filesTo(to)).toEqual([]);
  });
});
