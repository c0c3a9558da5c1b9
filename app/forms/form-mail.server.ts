// The emails a form submission sends (queued with it, sent by the mail queue): the owner's notification (to the form's
// notifyEmail, in the site's own language) and the newsletter confirmation in the subscriber's
// language, which carries the one-click unsubscribe link.
import type { FormDefinition } from './form-definition.js';
import { valueText, type FormValues } from './form-values.js';
import { escapeHtml as esc } from '../utils/html.js';
import type { OutgoingMail } from '../utils/outbox.server.js';
import type { MailLanguage } from '../utils/mail-language.js';

export interface SiteFacts {
  title: string;
  /** The site's origin for links (app/utils/base-url.server.ts). */
  origin: string;
  /** The address emails come from. */
  from: string;
}

function unsubscribePath(token: string): string {
  return `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(origin: string, token: string): string {
  return origin + unsubscribePath(token);
}

export function notificationMail(site: SiteFacts, form: FormDefinition, values: FormValues, pageUrl: string): OutgoingMail {
  const rows = form.fields.filter((f) => f.type !== 'section').map((f) => ({ title: f.title, text: valueText(values[f.id]) || 'N/A' }));
  const text =
    `A new submission of "${form.name}" on ${site.title}${pageUrl ? ` (${pageUrl})` : ''}:\n\n` +
    rows.map((r) => `${r.title}: ${r.text}`).join('\n') +
    '\n';
  const html =
    `<p>A new submission of &ldquo;${esc(form.name)}&rdquo; on ${esc(site.title)}${pageUrl ? ` (${esc(pageUrl)})` : ''}:</p>` +
    `<table>${rows.map((r) => `<tr><th align="left">${esc(r.title)}</th><td>${esc(r.text)}</td></tr>`).join('')}</table>`;
  return {
    from: { name: site.title, address: site.from },
    to: form.settings.notifyEmail ?? '',
    subject: `New submission: ${form.name}`,
    text,
    html,
    tag: 'form-notification',
  };
}

/** The newsletter confirmation in `lang`; `listName` null is a list without a name ("our newsletter"). */
export function newsletterEmail(site: SiteFacts, listName: string | null, link: string, lang: MailLanguage) {
  const list = listName ?? lang.text('emailNewsletterDefaultList', 'our newsletter');
  const body = lang.text('emailNewsletterBody', 'You are now subscribed to {list} from {site}.', { list, site: site.title });
  const notYou = lang.text('emailNewsletterNotYou', 'Not you, or changed your mind?');
  const unsubscribe = lang.text('emailNewsletterUnsubscribe', 'Unsubscribe with one click');
  return {
    subject: lang.text('emailNewsletterSubject', "You're subscribed to {list}", { list }),
    text: `${body}\n\n${notYou} ${unsubscribe}:\n${link}\n`,
    html: `<p>${esc(body)}</p><p>${esc(notYou)} <a href="${esc(link)}">${esc(unsubscribe)}</a>.</p>`,
    language: lang.code,
  };
}

export function newsletterConfirmationMail(
  site: SiteFacts,
  listName: string | null,
  email: string,
  token: string,
  lang: MailLanguage,
): OutgoingMail {
  const link = site.origin + lang.path(unsubscribePath(token));
  return {
    from: { name: site.title, address: site.from },
    to: email,
    tag: 'newsletter-subscribed',
    listUnsubscribe: link,
    ...newsletterEmail(site, listName, link, lang),
  };
}
