// The emails a form submission sends through the outbox: the owner's notification (to the form's
// notifyEmail) and the newsletter confirmation, which carries the one-click unsubscribe link.
import type { FormDefinition } from './form-definition.js';
import { valueText, type FormValues } from './form-values.js';
import { esc } from './form-html.js';
import { sendMail, type SendOutcome } from '../utils/outbox.server.js';

export interface SiteFacts {
  title: string;
  /** The site's origin for links (app/utils/base-url.server.ts). */
  origin: string;
  /** The address emails come from. */
  from: string;
}

export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function sendNotification(site: SiteFacts, form: FormDefinition, values: FormValues, pageUrl: string): Promise<SendOutcome> {
  const rows = form.fields.filter((f) => f.type !== 'section').map((f) => ({ title: f.title, text: valueText(values[f.id]) || 'N/A' }));
  const text =
    `A new submission of "${form.name}" on ${site.title}${pageUrl ? ` (${pageUrl})` : ''}:\n\n` +
    rows.map((r) => `${r.title}: ${r.text}`).join('\n') +
    '\n';
  const html =
    `<p>A new submission of &ldquo;${esc(form.name)}&rdquo; on ${esc(site.title)}${pageUrl ? ` (${esc(pageUrl)})` : ''}:</p>` +
    `<table>${rows.map((r) => `<tr><th align="left">${esc(r.title)}</th><td>${esc(r.text)}</td></tr>`).join('')}</table>`;
  return sendMail({
    from: { name: site.title, address: site.from },
    to: form.settings.notifyEmail ?? '',
    subject: `New submission: ${form.name}`,
    text,
    html,
    tag: 'form-notification',
  });
}

export function sendNewsletterConfirmation(site: SiteFacts, listName: string, email: string, token: string): Promise<SendOutcome> {
  const link = unsubscribeUrl(site.origin, token);
  const text =
    `You are now subscribed to ${listName} from ${site.title}.\n\n` +
    `Not you, or changed your mind? Unsubscribe with one click:\n${link}\n`;
  const html =
    `<p>You are now subscribed to ${esc(listName)} from ${esc(site.title)}.</p>` +
    `<p>Not you, or changed your mind? <a href="${esc(link)}">Unsubscribe</a> with one click.</p>`;
  return sendMail({
    from: { name: site.title, address: site.from },
    to: email,
    subject: `You're subscribed to ${listName}`,
    text,
    html,
    tag: 'newsletter-subscribed',
    listUnsubscribe: link,
  });
}
