// The mail queue (issue 28): every email is a pg-boss job written in the transaction that causes it,
// with a mail_delivery row the owner can read; a worker sends it through the outbox with retries and
// exponential backoff, and never twice (a job marked sent is skipped; its Message-ID is its job's).
import crypto from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { defineJob, enqueueIn, prepareJob, type JobDefinition } from './jobs.server.js';
import { errorText, log } from './log.server.js';
import { sendMail, type OutgoingMail } from './outbox.server.js';

/**
 * Eight retries, 30 s doubling each time: the last is about two hours after the first attempt, long
 * enough for a mail server's restart or a short outage, short enough that the owner hears of it today.
 */
const MAIL_RETRIES = {
  retryLimit: 8,
  retryDelay: 30,
  retryBackoff: true,
  // A send is bounded by the SMTP timeouts (app/utils/outbox.server.ts: 10 + 10 + 20 s); a job still
  // running after a minute belongs to a server that died, and is retried.
  expireInSeconds: 60,
};

export type MailKind<T extends object> = JobDefinition<T>;

/** What a queued mail is about, for the owner's view of it (mail_delivery). */
export interface MailAbout {
  websiteId: string | null;
  /** 'order-confirmation', 'invite', 'restock', 'form', 'newsletter'... */
  kind: string;
  /** The row it is about (an order's id), where there is one. */
  ref?: string | null;
  recipient: string;
  subject?: string;
}

const domainOf = (address: string) => /@([^@\s>]+)$/.exec(address)?.[1] ?? 'localhost';

async function record(
  sql: Sql,
  id: string,
  state: 'sent' | 'retrying' | 'failed',
  attempts: number,
  error: string | null,
  messageId?: string,
) {
  await sql`
    update mail_delivery set state = ${state}, attempts = ${attempts}, last_error = ${error}, message_id = coalesce(${messageId ?? null}, message_id),
           updated_at = now()
     where job_id = ${id}`;
}

/**
 * Declares a kind of mail: `compose` turns the job's data into the message when the job runs (null:
 * nothing to send any more). Its job is `mail-<kind>`; import the declaring module in
 * app/entry.server.tsx so the server's workers send it.
 */
export function defineMail<T extends object>(kind: string, compose: (data: T, sql: Sql) => Promise<OutgoingMail | null>): MailKind<T> {
  return defineJob<T>(
    `mail-${kind}`,
    async (data, ctx) => {
      const attempts = ctx.retryCount + 1;
      const [row] = await ctx.sql<{ state: string }[]>`select state from mail_delivery where job_id = ${ctx.id}`;
      // Sent before a crash kept pg-boss from hearing of it: never a second copy.
      if (row?.state === 'sent') return;
      const last = ctx.retryCount >= (ctx.retryLimit ?? MAIL_RETRIES.retryLimit);
      let error: string;
      try {
        const mail = await compose(data, ctx.sql);
        if (!mail) {
          await ctx.sql`delete from mail_delivery where job_id = ${ctx.id}`;
          return;
        }
        const messageId = `<${ctx.id}@${domainOf(mail.from.address)}>`;
        const out = await sendMail(mail, { messageId, keepUnsent: false });
        if (out.status !== 'unsent') {
          await record(ctx.sql, ctx.id, 'sent', attempts, null, messageId);
          return;
        }
        error = out.error;
      } catch (e) {
        error = errorText(e);
      }
      await record(ctx.sql, ctx.id, last ? 'failed' : 'retrying', attempts, error).catch((e: unknown) =>
        log.error(`mail: cannot record the failure of ${ctx.id}: ${errorText(e)}`),
      );
      if (last) log.error(`mail: ${kind} ${ctx.id} failed for good after ${attempts} attempts: ${error}`);
      throw new Error(error);
    },
    MAIL_RETRIES,
  );
}

/** Makes the queue of `kind` ready: call it before the transaction that enqueues (PGlite has one connection). */
export async function prepareMail(sql: Sql, kind: MailKind<never> | MailKind<object> = composedMail): Promise<void> {
  await prepareJob(sql, kind);
}

/**
 * Queues a mail of `kind` in the caller's transaction: it is sent if and only if the transaction
 * commits, even when the process dies right after. Returns the job's id.
 */
export async function enqueueMail<T extends object>(
  sql: Sql,
  tx: postgres.TransactionSql,
  kind: MailKind<T>,
  data: T,
  about: MailAbout,
): Promise<string> {
  const id = crypto.randomUUID();
  await tx`
    insert into mail_delivery (job_id, website_id, kind, ref, recipient, subject)
    values (${id}, ${about.websiteId}, ${about.kind}, ${about.ref ?? null}, ${about.recipient}, ${about.subject ?? ''})`;
  await enqueueIn(sql, tx, kind, data, { id });
  return id;
}

/** A message composed when it was queued (invitations, form mail, restock and newsletter mail). */
export const composedMail = defineMail<{ mail: OutgoingMail }>('composed', async (data) => data.mail);

/** Queues an already composed message in the caller's transaction. */
export function enqueueComposed(
  sql: Sql,
  tx: postgres.TransactionSql,
  mail: OutgoingMail,
  about: Omit<MailAbout, 'recipient' | 'subject'>,
): Promise<string> {
  return enqueueMail(sql, tx, composedMail, { mail }, { ...about, recipient: mail.to, subject: mail.subject });
}

export interface MailDelivery {
  jobId: string;
  kind: string;
  ref: string | null;
  recipient: string;
  subject: string;
  state: 'queued' | 'sent' | 'retrying' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

type DeliveryRow = {
  job_id: string;
  kind: string;
  ref: string | null;
  recipient: string;
  subject: string;
  state: MailDelivery['state'];
  attempts: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
};

const toDelivery = (r: DeliveryRow): MailDelivery => ({
  jobId: r.job_id,
  kind: r.kind,
  ref: r.ref,
  recipient: r.recipient,
  subject: r.subject,
  state: r.state,
  attempts: r.attempts,
  lastError: r.last_error,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** The mails about one row (an order's confirmation), newest first. */
export async function deliveriesOf(sql: Sql, websiteId: string, ref: string): Promise<MailDelivery[]> {
  const rows = await sql<DeliveryRow[]>`
    select job_id, kind, ref, recipient, subject, state, attempts, last_error, created_at, updated_at
      from mail_delivery where website_id = ${websiteId} and ref = ${ref} order by created_at desc`;
  return rows.map(toDelivery);
}

/** The site's mails that are being retried or have failed for good, newest first (the last 20). */
export async function mailProblems(sql: Sql, websiteId: string): Promise<MailDelivery[]> {
  const rows = await sql<DeliveryRow[]>`
    select job_id, kind, ref, recipient, subject, state, attempts, last_error, created_at, updated_at
      from mail_delivery where website_id = ${websiteId} and state in ('retrying', 'failed')
     order by updated_at desc limit 20`;
  return rows.map(toDelivery);
}
