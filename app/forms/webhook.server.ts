// The automation connection: each submission of a form with an enabled webhook is posted as JSON
// to the owner's URL by a job (ADR 0012), signed with the form's secret (HMAC-SHA256 of
// timestamp + '.' + body), retried with exponential backoff, each try recorded for the owner.
import { createHmac, randomBytes } from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import { defineJob, enqueue } from '../utils/jobs.server.js';
import { SafeFetchError, safeFetch } from '../utils/safe-fetch.server.js';
import { FormField, FormSettings } from './form-definition.js';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const SIGNATURE_HEADER = 'X-Storefront-Signature';
const TIMESTAMP_HEADER = 'X-Storefront-Timestamp';

export type DeliveryState = 'queued' | 'delivered' | 'retrying' | 'failed';

/** A new signing secret (shown to the owner, who checks signatures with it). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** The signature header's value for a body sent at `timestamp` (seconds since the epoch). */
export function signPayload(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

interface Attempt {
  status: number | null;
  error: string | null;
}

/** One POST with a 10 s limit through the guarded fetch (internal addresses refused); the status, or the error. */
async function post(url: string, body: string, headers: Record<string, string>): Promise<Attempt> {
  try {
    const res = await safeFetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'storefront-webhooks', ...headers },
      body,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      // A redirect is the receiver's answer: the signed POST is not sent on elsewhere.
      redirect: 'manual',
    });
    return { status: res.status, error: null };
  } catch (e) {
    if (e instanceof SafeFetchError && e.problem === 'timeout')
      return { status: null, error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` };
    return { status: null, error: ((e as Error).message ?? String(e)).slice(0, 500) };
  }
}

/** 4xx answers other than timeout and rate limit will not change on a retry. */
const permanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;

interface DeliveryRow {
  id: string;
  url: string;
  form_id: string;
  form_name: string;
  form_fields: unknown;
  settings: unknown;
  submission_id: string;
  values: Record<string, unknown>;
  submitted_at: Date;
}

/** The JSON body: the form, the submission, and each answer with its field's id and title. */
export function webhookBody(r: DeliveryRow): string {
  const parsed = FormField.array().safeParse(r.form_fields);
  const fields = parsed.success ? parsed.data.filter((f) => f.type !== 'section') : [];
  const known = new Set(fields.map((f) => f.id));
  const out: { id: string; title: string; type: string; value: unknown }[] = fields.map((f) => ({
    id: f.id,
    title: f.title,
    type: f.type,
    value: r.values[f.id] ?? null,
  }));
  // Answers to fields removed since keep their id as the title.
  for (const [id, value] of Object.entries(r.values)) if (!known.has(id)) out.push({ id, title: id, type: 'removed', value });
  return JSON.stringify({
    formId: r.form_id,
    formName: r.form_name,
    submissionId: r.submission_id,
    submittedAt: new Date(r.submitted_at).toISOString(),
    fields: out,
  });
}

async function deliver(data: { deliveryId: string }, ctx: { retryCount: number; sql: Sql }): Promise<void> {
  const { sql } = ctx;
  const [r] = await sql<DeliveryRow[]>`
    select d.id, d.url, f.id as form_id, f.name as form_name, f.fields as form_fields, f.settings,
           s.id as submission_id, s.fields as values, s.created_at as submitted_at
      from form_webhook_delivery d join form f on f.id = d.form_id join form_submission s on s.id = d.submission_id
     where d.id = ${data.deliveryId}`;
  if (!r) return; // the form or the submission was deleted since: nothing to send
  const settings = FormSettings.safeParse(r.settings ?? {});
  const secret = settings.success ? settings.data.webhook?.secret : undefined;
  if (!secret) {
    await sql`update form_webhook_delivery set state = 'failed', last_error = 'the webhook was disconnected', updated_at = now() where id = ${r.id}`;
    return;
  }
  const body = webhookBody(r);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await post(r.url, body, { [SIGNATURE_HEADER]: signPayload(secret, timestamp, body), [TIMESTAMP_HEADER]: timestamp });
  const ok = res.status !== null && res.status >= 200 && res.status < 300;
  const lastTry = ctx.retryCount >= webhookJob.options.retryLimit;
  const state: DeliveryState = ok ? 'delivered' : permanent(res.status) || lastTry ? 'failed' : 'retrying';
  const error = ok ? null : (res.error ?? `HTTP ${res.status}`);
  await sql`update form_webhook_delivery set state = ${state}, attempts = attempts + 1, last_status = ${res.status},
              last_error = ${error}, updated_at = now() where id = ${r.id}`;
  // Throwing hands the job back to pg-boss for its next try (backoff in the job's options).
  if (state === 'retrying') throw new Error(`webhook ${r.id}: ${error}`);
}

/** Options are pg-boss's: 5 retries, from 30 s doubling (about 30 s, 1, 2, 4, 8 min with jitter). */
export const webhookJob = defineJob<{ deliveryId: string }>('form-webhook', deliver, {
  retryLimit: 5,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 60,
});

const deliveryId = () => `whd-${randomBytes(10).toString('hex')}`;

/** Queues the post of a new submission when its form has an enabled webhook (else does nothing). */
export async function queueWebhook(sql: Sql, ref: { formId: string; submissionId: string }): Promise<void> {
  const [f] = await sql<{ settings: unknown }[]>`select settings from form where id = ${ref.formId}`;
  const s = f ? FormSettings.safeParse(f.settings ?? {}) : null;
  const hook = s?.success ? s.data.webhook : undefined;
  if (!hook || !hook.enabled) return;
  const id = deliveryId();
  await sql`insert into form_webhook_delivery (id, submission_id, form_id, url) values (${id}, ${ref.submissionId}, ${ref.formId}, ${hook.url})`;
  await enqueue(sql, webhookJob, { deliveryId: id });
}

export interface Delivery {
  id: string;
  submissionId: string;
  url: string;
  state: DeliveryState;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  at: string;
}

/** A form's latest deliveries, newest first (the storage tab). */
export async function recentDeliveries(sql: Sql, formId: string, limit = 10): Promise<Delivery[]> {
  const rows = await sql<
    {
      id: string;
      submission_id: string;
      url: string;
      state: DeliveryState;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
      updated_at: Date;
    }[]
  >`select id, submission_id, url, state, attempts, last_status, last_error, updated_at from form_webhook_delivery
     where form_id = ${formId} order by created_at desc, id desc limit ${limit}`;
  return rows.map((r) => ({
    id: r.id,
    submissionId: r.submission_id,
    url: r.url,
    state: r.state,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastError: r.last_error,
    at: new Date(r.updated_at).toISOString(),
  }));
}

/** "Send again" for a failed delivery (to the form's current URL); false when there is none such. */
export async function resendDelivery(sql: Sql, formId: string, id: string, url: string): Promise<boolean> {
  const done = await sql`update form_webhook_delivery set state = 'queued', url = ${url}, last_error = null, updated_at = now()
                          where id = ${id} and form_id = ${formId} and state = 'failed'`;
  if (done.count === 0) return false;
  await enqueue(sql, webhookJob, { deliveryId: id });
  return true;
}
