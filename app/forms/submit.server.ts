// Taking one form submission, from the JSON API or a page's form post alike: the visitor's rate
// limit, the form, the honeypot, the captcha, the answers (the shared rules of form-validation.ts),
// then the row in form_submission with the newsletter sign-up and the emails (one transaction), and the webhook.
import crypto from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { loadForm, type StoredForm } from './stored-forms.server.js';
import { FORM_TEXT, validateForm } from './form-validation.js';
import type { FormValues } from './form-values.js';
import { captchaSolved } from './captcha.server.js';
import { subscribe } from './mailing-list.server.js';
import { newsletterConfirmationMail, notificationMail, type SiteFacts } from './form-mail.server.js';
import { queueWebhook } from './webhook.server.js';
import { createLimiter, type Limit, type Limiter } from '../utils/rate-limit.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { log } from '../utils/log.server.js';
import { accountLanguage, mailLanguage, requestLanguage } from '../languages/email-language.server.js';
import type { MailLanguage } from '../utils/mail-language.js';
import { enqueueComposed, prepareMail } from '../utils/mail-queue.server.js';
import type { OutgoingMail } from '../utils/outbox.server.js';

/** Submissions a visitor may send per window: a person sends one or two; a script many. */
export const SUBMIT_LIMIT: Limit = { points: 8, durationS: 60 };

const limiters = new WeakMap<Sql, Limiter>();
function limiter(sql: Sql): Limiter {
  let l = limiters.get(sql);
  if (!l) limiters.set(sql, (l = createLimiter('form-submit', SUBMIT_LIMIT, sql)));
  return l;
}

/** The visitor, by the client address the server saw (app/server/main.ts sets the header). */
export function visitorOf(request: Request): string {
  return request.headers.get('x-storefront-client-address') || 'unknown';
}

export interface Submission {
  websiteId: string;
  formId: string;
  /** The answers, read from a page post or the API's JSON (form-values.ts). */
  values: (form: StoredForm) => FormValues | null;
  honeypot?: string | null;
  captcha?: string | null;
  disclaimerAccepted?: boolean;
  pageUrl?: string;
  visitor: string;
}

export type SubmitResult =
  | { ok: true; form: StoredForm; submissionId: string | null; values: FormValues }
  | {
      ok: false;
      status: 400 | 404 | 429;
      message: string;
      errors?: Record<string, string>;
      retryAfterS?: number;
      form?: StoredForm;
      values?: FormValues;
    };

/** Checks the visitor's allowance and the submission, and stores it. Throws only on database failure. */
export async function submitForm(sql: Sql, s: Submission): Promise<SubmitResult> {
  const allowed = await limiter(sql).consume(`${s.websiteId}:${s.visitor}`);
  if (!allowed.ok) return { ok: false, status: 429, message: FORM_TEXT.rateLimited, retryAfterS: allowed.retryAfterS };
  const form = await loadForm(sql, s.websiteId, s.formId);
  if (!form) return { ok: false, status: 404, message: FORM_TEXT.notConfigured };
  const values = s.values(form);
  if (values === null) return { ok: false, status: 400, message: FORM_TEXT.unparsable, form };
  // A filled honeypot is a bot: it is told all went well and nothing is kept.
  if (s.honeypot) {
    log.info(`forms: honeypot filled on form ${form.id}; not stored`);
    return { ok: true, form, submissionId: null, values };
  }
  const errors = validateForm(form.definition.fields, values);
  const settings = form.definition.settings;
  if (settings.disclaimer?.required && !s.disclaimerAccepted) errors._disclaimer = FORM_TEXT.required;
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, message: FORM_TEXT.invalid, errors, form, values };
  if (settings.captcha && !(await captchaSolved(sql, s.captcha)))
    return { ok: false, status: 400, message: FORM_TEXT.captcha, form, values };

  const id = `sub-${crypto.randomUUID()}`;
  const pageUrl = (s.pageUrl ?? '').slice(0, 2000);
  const mails = await mailPlan(sql, form, values, s.pageUrl ?? '');
  await prepareMail(sql);
  // The submission, its newsletter sign-up and its emails commit together: none is lost to a crash.
  await sql.begin(async (tx) => {
    await tx`
      insert into form_submission (id, form_id, website_id, fields, page_url)
      values (${id}, ${form.id}, ${s.websiteId}, ${tx.json(values as never)}, ${pageUrl})`;
    await queueMails(sql, tx, form, mails);
  });
  try {
    await queueWebhook(sql, { formId: form.id, submissionId: id });
  } catch (e) {
    log.error(`forms: cannot queue the webhook of submission ${id}: ${(e as Error)?.message ?? e}`);
  }
  return { ok: true, form, submissionId: id, values };
}

async function siteFacts(sql: Sql, websiteId: string): Promise<SiteFacts> {
  const [w] = await sql<{ title: string; base_url: string | null; settings: Record<string, unknown> }[]>`
    select title, base_url, settings from website where id = ${websiteId}`;
  const contact = (w?.settings?.websiteSettings as { contact?: { email?: unknown } } | undefined)?.contact?.email;
  return {
    title: w?.title ?? '',
    origin: baseUrlFor(w?.base_url),
    from: typeof contact === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(contact) ? contact : 'no-reply@localhost',
  };
}

/** Whether the visitor asked to join: the opt-in box is ticked, or the form has none. */
function optedIn(form: StoredForm, values: FormValues): boolean {
  const optIn = form.definition.settings.newsletterOptInFieldId;
  if (!optIn) return true;
  const v = values[optIn];
  return Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : false;
}

interface MailPlan {
  site: SiteFacts;
  /** The newsletter sign-up the answers ask for, with the language of its confirmation. */
  newsletter: { listId: string; listName: string | null; email: string; lang: MailLanguage } | null;
  notification: OutgoingMail | null;
}

/** What a submission will send, read before its transaction (on PGlite the transaction holds the one connection). */
async function mailPlan(sql: Sql, form: StoredForm, values: FormValues, pageUrl: string): Promise<MailPlan> {
  const settings = form.definition.settings;
  const site = await siteFacts(sql, form.websiteId);
  let newsletter: MailPlan['newsletter'] = null;
  if (settings.mailingListId && settings.newsletterFieldId && optedIn(form, values)) {
    const email = values[settings.newsletterFieldId];
    if (typeof email === 'string' && email.trim() !== '') {
      const to = email.trim().toLowerCase();
      const [list] = await sql<{ name: string }[]>`select name from mailing_list where id = ${settings.mailingListId}`;
      // The subscriber's account language, else that of the page the form is on (/fr/contact).
      const page = await requestLanguage(sql, form.websiteId, pageUrl);
      const lang = await mailLanguage(sql, form.websiteId, [await accountLanguage(sql, form.websiteId, to), page]);
      newsletter = { listId: settings.mailingListId, listName: list?.name ?? null, email: to, lang };
    }
  }
  const notification = settings.notifyEmail ? notificationMail(site, form.definition, values, pageUrl) : null;
  return { site, newsletter, notification };
}

/** The newsletter sign-up and the emails of a submission, in its transaction. */
async function queueMails(sql: Sql, tx: postgres.TransactionSql, form: StoredForm, plan: MailPlan): Promise<void> {
  const n = plan.newsletter;
  if (n) {
    const r = await subscribe(tx as unknown as Sql, form.websiteId, n.listId, n.email, { source: `form:${form.id}` });
    if (r) {
      const mail = newsletterConfirmationMail(plan.site, n.listName, n.email, r.unsubscribeToken, n.lang);
      await enqueueComposed(sql, tx, mail, { websiteId: form.websiteId, kind: 'newsletter' });
    }
  }
  if (plan.notification) await enqueueComposed(sql, tx, plan.notification, { websiteId: form.websiteId, kind: 'form' });
}
