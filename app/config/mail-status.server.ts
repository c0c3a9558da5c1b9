// How the owner's screens tell of the emails the site sent (issue 28): an order's confirmation on
// its page, and the dashboard's list of emails being retried or that failed for good.
import type { Sql } from '../../db/client.server.js';
import { deliveriesOf, mailProblems, type MailDelivery } from '../utils/mail-queue.server.js';
import { formatWhen } from './site-time.server.js';

export interface MailStatus {
  state: MailDelivery['state'];
  /** "Sent on ...", "Failed on ... after 9 attempts: ...". */
  text: string;
}

const KINDS: Record<string, string> = {
  'order-confirmation': 'Order confirmation',
  invite: 'Invitation',
  restock: 'Back-in-stock notice',
  form: 'Form notification',
  newsletter: 'Newsletter confirmation',
};

export interface MailProblem extends MailStatus {
  kind: string;
  recipient: string;
  /** The order a confirmation is about (its page on /config/orders). */
  orderId: string | null;
}

function statusOf(d: MailDelivery, timeZone: string): MailStatus {
  const when = formatWhen(d.updatedAt, timeZone);
  const error = d.lastError ? `: ${d.lastError}` : '';
  const text =
    d.state === 'sent'
      ? `Sent on ${when}`
      : d.state === 'queued'
        ? 'Queued, not sent yet'
        : d.state === 'retrying'
          ? `Not sent yet, retrying (attempt ${d.attempts} failed on ${when}${error})`
          : `Failed on ${when} after ${d.attempts} attempts${error}`;
  return { state: d.state, text };
}

/** The confirmation email of an order: its latest delivery, or null when it has none (no email). */
export async function confirmationStatus(sql: Sql, websiteId: string, orderId: string, timeZone: string): Promise<MailStatus | null> {
  const d = (await deliveriesOf(sql, websiteId, orderId)).find((x) => x.kind === 'order-confirmation');
  return d ? statusOf(d, timeZone) : null;
}

/** The site's emails being retried or failed for good, newest first. */
export async function mailProblemsOf(sql: Sql, websiteId: string, timeZone: string): Promise<MailProblem[]> {
  return (await mailProblems(sql, websiteId)).map((d) => ({
    ...statusOf(d, timeZone),
    kind: KINDS[d.kind] ?? d.kind,
    recipient: d.recipient,
    orderId: d.kind === 'order-confirmation' ? d.ref : null,
  }));
}
