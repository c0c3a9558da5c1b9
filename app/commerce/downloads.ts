// Digital downloads (issue 33), the pure part: how long and how often a bought file may be fetched,
// the texts of the download pages, and the content of the "new download link" email.
import { escapeHtml as esc } from '../utils/html.js';

/** Days a download link works after the order (or after a new link is asked for). */
export const DOWNLOAD_DAYS = 7;
/** Downloads a link allows before a new one must be asked for. */
export const DOWNLOADS_ALLOWED = 5;
/** New links asked for one grant, and from one address, per hour (the email is sent each time). */
export const RENEWALS_PER_GRANT_HOUR = 3;
export const RENEWALS_PER_ADDRESS_HOUR = 10;

/** A download link of an order line, as the confirmation page and the email show it. */
export interface DownloadLink {
  line: number;
  productName: string;
  /** The absolute (email) or root-relative (page) URL of the signed link. */
  url: string;
  expiresAt: string;
  remaining: number;
}

export const DOWNLOAD_TEXT = {
  expiredTitle: 'This download link has expired',
  expired: 'Download links work for {days} days. Ask for a new one below: it is emailed to the address the order was placed with.',
  usedUpTitle: 'This download link has been used up',
  usedUp: 'A download link works {count} times. Ask for a new one below: it is emailed to the address the order was placed with.',
  invalidTitle: 'This download link is not valid',
  invalid:
    'It may have been replaced by a newer link, or copied incompletely. Ask for a new one below: if it belongs to an order, it is emailed to the address the order was placed with.',
  missingTitle: 'This download is not available yet',
  missing: 'The store has not attached the file to this product yet. Please write to the store, or ask for a new link later.',
  ask: 'Email me a new link',
  sent: 'If this link belongs to an order, a new download link is on its way to the email address the order was placed with.',
  downloads: 'Downloads',
  download: 'Download',
} as const;

/** The email with a fresh download link: subject, plain text and HTML. */
export function newLinkEmail(
  link: { productName: string; url: string; expiresAt: string },
  store: { name: string; contactEmail: string },
  orderNumberText: string,
): { subject: string; text: string; html: string } {
  const subject = `Your new download link for ${link.productName} (order ${orderNumberText})`;
  const until = `The link works for ${DOWNLOAD_DAYS} days (until ${link.expiresAt.slice(0, 10)}) and ${DOWNLOADS_ALLOWED} downloads.`;
  const text = [
    `Here is a new download link for ${link.productName}, from your ${store.name} order ${orderNumberText}:`,
    '',
    link.url,
    '',
    until,
    `Questions? Write to ${store.contactEmail}.`,
    store.name,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1d2327">
<p>Here is a new download link for <strong>${esc(link.productName)}</strong>, from your ${esc(store.name)} order ${esc(orderNumberText)}:</p>
<p><a href="${esc(link.url)}">${esc(DOWNLOAD_TEXT.download)} ${esc(link.productName)}</a></p>
<p>${esc(until)}</p>
<p>Questions? Write to <a href="mailto:${esc(store.contactEmail)}">${esc(store.contactEmail)}</a>.</p>
<p>${esc(store.name)}</p>
</body></html>
`;
  return { subject, text, html };
}
