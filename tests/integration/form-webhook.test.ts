// The form webhook job on PGlite and PostgreSQL, against a local HTTP receiver: the post carries the
// submission by field id and title with a signature that verifies; a 500 then a 200 ends delivered
// after a retry; a permanent refusal ends failed; a form without a webhook queues nothing.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueWebhook, recentDeliveries, resendDelivery, signPayload, webhookJob } from '../../app/forms/webhook.server.js';
import { runQueuedJobs, stopJobs } from '../../app/utils/jobs.server.js';
import type { Db } from '../../db/client.server.js';
import { targets } from './support/databases.js';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

// The receiver answers with the next status of `answers` (200 when none are left).
const received: Received[] = [];
const answers: number[] = [];
let server: http.Server;
let hookUrl = '';
const SECRET = 'whsec_test_secret_0123456789';

// A short first retry for the test (the job's real delay is 30 s, doubled each time).
webhookJob.options.retryDelay = 1;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  // The guarded fetch refuses loopback; this receiver is the test's explicit exception.
  process.env.FETCH_TEST_ORIGINS = new URL(hookUrl).origin;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

/** Runs the webhook jobs until one ran (a retry waits its backoff: about 1 to 2 s here). */
async function runReady(db: Db): Promise<{ ran: number; failed: number }> {
  // Nothing ran within 6 s answers zeros, which the caller's expectation reports.
  return vi
    .waitFor(
      async () => {
        const r = await runQueuedJobs(db.sql, webhookJob);
        if (r.ran === 0) throw new Error('no webhook job ran yet');
        return r;
      },
      { timeout: 6_000, interval: 100 },
    )
    .catch(() => ({ ran: 0, failed: 0 }));
}

describe.each(targets)('form webhook on $name', (target) => {
  let db: Db;
  let site = '';
  let n = 0;

  async function submission(formId: string): Promise<string> {
    const id = `sub-${++n}`;
    await db.sql`insert into form_submission (id, form_id, website_id, fields, page_url)
                 values (${id}, ${formId}, ${site}, ${db.sql.json({ 'email-1': 'ada@example.com', 'name-1': ['Ada', 'Lovelace'] })}, '/contact')`;
    return id;
  }

  async function form(webhook: boolean): Promise<string> {
    const id = `form-${++n}`;
    const fields = [
      { id: 'email-1', type: 'email', title: 'Email', description: '', placeholder: '', required: true },
      { id: 'name-1', type: 'name', title: 'Your name', description: '', required: false },
    ];
    const settings = webhook ? { webhook: { url: hookUrl, secret: SECRET, enabled: true } } : {};
    await db.sql`insert into form (id, website_id, name, fields, settings)
                 values (${id}, ${site}, 'Contact', ${db.sql.json(fields)}, ${db.sql.json(settings)})`;
    return id;
  }

  beforeAll(async () => {
    db = await target.open({ seed: false });
    site = 'site-hooks';
    await db.sql`insert into website (id, title) values (${site}, 'Hooks')`.catch(async () => {
      [{ id: site }] = await db.sql<{ id: string }[]>`select id from website order by id limit 1`;
    });
  }, 60_000);
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('posts the submission signed; the signature verifies', async () => {
    received.length = 0;
    const formId = await form(true);
    const sub = await submission(formId);
    await queueWebhook(db.sql, { formId, submissionId: sub });
    expect(await runReady(db)).toEqual({ ran: 1, failed: 0 });
    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    const ts = String(headers['x-storefront-timestamp']);
    expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
    const expected = `sha256=${createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
    expect(headers['x-storefront-signature']).toBe(expected);
    expect(signPayload(SECRET, ts, body)).toBe(expected);
    expect(headers['content-type']).toBe('application/json');
    const json = JSON.parse(body);
    expect(json).toMatchObject({ formId, formName: 'Contact', submissionId: sub });
    expect(new Date(json.submittedAt).getTime()).toBeGreaterThan(0);
    expect(json.fields).toEqual([
      { id: 'email-1', title: 'Email', type: 'email', value: 'ada@example.com' },
      { id: 'name-1', title: 'Your name', type: 'name', value: ['Ada', 'Lovelace'] },
    ]);
    const [d] = await recentDeliveries(db.sql, formId);
    expect(d).toMatchObject({ state: 'delivered', attempts: 1, lastStatus: 200 });
  });

  it('a 500 then a 200 ends delivered after one retry', async () => {
    received.length = 0;
    answers.push(500);
    const formId = await form(true);
    await queueWebhook(db.sql, { formId, submissionId: await submission(formId) });
    expect(await runReady(db)).toEqual({ ran: 1, failed: 1 });
    expect((await recentDeliveries(db.sql, formId))[0]).toMatchObject({ state: 'retrying', attempts: 1, lastStatus: 500 });
    expect(await runReady(db)).toEqual({ ran: 1, failed: 0 });
    expect(received).toHaveLength(2);
    expect((await recentDeliveries(db.sql, formId))[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
      lastStatus: 200,
      lastError: null,
    });
  });

  it('a permanent refusal ends failed without retrying; "Send again" delivers it', async () => {
    received.length = 0;
    answers.push(410);
    const formId = await form(true);
    await queueWebhook(db.sql, { formId, submissionId: await submission(formId) });
    expect(await runReady(db)).toEqual({ ran: 1, failed: 0 });
    const [d] = await recentDeliveries(db.sql, formId);
    expect(d).toMatchObject({ state: 'failed', attempts: 1, lastStatus: 410, lastError: 'HTTP 410' });
    expect(await runQueuedJobs(db.sql, webhookJob)).toEqual({ ran: 0, failed: 0 });
    expect(await resendDelivery(db.sql, formId, d.id, hookUrl)).toBe(true);
    expect(await resendDelivery(db.sql, formId, d.id, hookUrl)).toBe(false);
    expect(await runReady(db)).toEqual({ ran: 1, failed: 0 });
    expect((await recentDeliveries(db.sql, formId))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('ends failed when every try allowed fails', async () => {
    const limit = webhookJob.options.retryLimit;
    webhookJob.options.retryLimit = 1;
    try {
      answers.push(503, 503);
      const formId = await form(true);
      await queueWebhook(db.sql, { formId, submissionId: await submission(formId) });
      expect(await runReady(db)).toEqual({ ran: 1, failed: 1 });
      expect((await recentDeliveries(db.sql, formId))[0]).toMatchObject({ state: 'retrying', attempts: 1 });
      expect(await runReady(db)).toEqual({ ran: 1, failed: 0 });
      expect((await recentDeliveries(db.sql, formId))[0]).toMatchObject({ state: 'failed', attempts: 2, lastStatus: 503 });
    } finally {
      webhookJob.options.retryLimit = limit;
      answers.length = 0;
    }
  });

  it('queues nothing for a form without a webhook', async () => {
    const formId = await form(false);
    await queueWebhook(db.sql, { formId, submissionId: await submission(formId) });
    expect(await recentDeliveries(db.sql, formId)).toEqual([]);
  });
});
