// The gift card email (issue 33): queued in the order's transaction, one per card, to its recipient
// (or the buyer), with the amount, the code, the buyer's message and how to spend it, in the language
// of the order (the buyer's page or account): the recipient's own is not known.
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { mailLanguage } from '../languages/email-language.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { defineMail, enqueueMail, prepareMail } from '../utils/mail-queue.server.js';
import { formatCode } from './gift-cards.js';
import { formatMoney } from './money.js';
import { escapeHtml as esc } from '../utils/html.js';

function contactEmail(settings: Record<string, unknown>): string | null {
  const ws = settings.websiteSettings as { contact?: { email?: unknown } } | undefined;
  const e = ws?.contact?.email;
  return typeof e === 'string' && /^[^\s@<>]+@[^\s@<>]+$/.test(e) ? e : null;
}

/** A card's email, composed when its job runs (the order and the card are committed by then). */
export const giftCardMail = defineMail<{ cardId: string; websiteId: string }>('gift-card', async (data, sql) => {
  const [card] = await sql<
    {
      code: string;
      initial_cents: string;
      currency: string;
      recipient_email: string;
      message: string | null;
      language: string | null;
      account: string | null;
    }[]
  >`
    select g.code, g.initial_cents, g.currency, g.recipient_email, g.message, o.language, su.locale as account
      from gift_card g left join "order" o on o.id = g.order_id left join site_user su on su.id = o.site_user_id
     where g.id = ${data.cardId} and g.website_id = ${data.websiteId}`;
  if (!card) return null;
  const lang = await mailLanguage(sql, data.websiteId, [card.account, card.language]);
  const site = await loadSite(data.websiteId);
  const store = site.website.siteTitle || 'Store';
  const from = contactEmail(site.settings) ?? 'no-reply@localhost';
  const shop = baseUrlFor(site.website.baseUrl) + lang.path('/');
  const t = lang.text;
  const amount = formatMoney(Number(card.initial_cents), card.currency, lang.locale);
  const code = formatCode(card.code);
  const subject = t('emailGiftCardSubject', 'A {amount} gift card for {store}', { amount, store });
  const intro = t('emailGiftCardIntro', 'You have been sent a gift card worth {amount} to spend at {store}.', { amount, store });
  const codeLabel = t('emailGiftCardCode', 'Your gift card code');
  const messageLabel = t('emailGiftCardMessage', 'A message came with it');
  const how = t(
    'emailGiftCardHow',
    'To use it, choose what you like at {store}, then at checkout enter the code in the Gift card field and press Apply. What it does not pay stays on the card for next time.',
    { store },
  );
  const text = [
    intro,
    '',
    `${codeLabel}: ${code}`,
    ...(card.message ? ['', `${messageLabel}:`, card.message] : []),
    '',
    how,
    shop,
    '',
    store,
    '',
  ].join('\n');
  const html = `<!doctype html><html lang="${esc(lang.code)}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#1d2327">
<h1 style="font-size:1.4em">${esc(subject)}</h1>
<p>${esc(intro)}</p>
<p>${esc(codeLabel)}:<br><strong data-gift-card-code style="font-size:1.3em;letter-spacing:.08em">${esc(code)}</strong></p>
${card.message ? `<p>${esc(messageLabel)}:</p><blockquote>${esc(card.message)}</blockquote>` : ''}
<p>${esc(how)}</p>
<p><a href="${esc(shop)}">${esc(store)}</a></p>
</body></html>
`;
  return { from: { name: store, address: from }, to: card.recipient_email, tag: 'gift-card', subject, text, html, language: lang.code };
});

/** Makes the gift card mail's queue ready (before the order's transaction: PGlite has one connection). */
export function prepareGiftCardMail(sql: Sql): Promise<void> {
  return prepareMail(sql, giftCardMail);
}

/** Queues the email of every card order `orderId` issued, in the order's transaction. */
export async function queueGiftCardMails(sql: Sql, tx: postgres.TransactionSql, websiteId: string, orderId: string): Promise<void> {
  const cards = await tx<{ id: string; recipient_email: string }[]>`
    select id, recipient_email from gift_card where order_id = ${orderId} order by order_line, created_at, id`;
  for (const c of cards) {
    await enqueueMail(
      sql,
      tx,
      giftCardMail,
      { cardId: c.id, websiteId },
      { websiteId, kind: 'gift-card', ref: orderId, recipient: c.recipient_email },
    );
  }
}
