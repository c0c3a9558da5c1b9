// The Gift cards screens' work (issue 33): the site's cards (newest first, cursor pages), one card
// with its history, and disabling or enabling it. Codes are masked unless the owner may change
// orders (they need the full code for customer service). Every write is in the audit log.
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { formatCode, maskCode } from '../commerce/gift-cards.js';
import { formatMoney } from '../commerce/money.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { formatWhen } from './site-time.server.js';

export const GIFT_CARD_ADMIN_TEXT = {
  notFound: 'There is no such gift card on this site.',
} as const;

export const GIFT_CARDS_PAGE = 25;
const CARD_ID = /^[0-9a-f-]{36}$/;

export interface GiftCardRow {
  id: string;
  code: string;
  recipient: string;
  initialText: string;
  balanceText: string;
  status: 'active' | 'used' | 'disabled';
  orderId: string | null;
  orderNumberText: string | null;
  createdAt: string;
  createdText: string;
}

type Row = {
  id: string;
  code: string;
  recipient_email: string;
  initial_cents: string;
  balance_cents: string;
  currency: string;
  disabled_at: Date | null;
  order_id: string | null;
  order_number: number | null;
  created_at: Date;
  message: string | null;
};

/** Whether this owner sees full codes: only with orders.write. */
export const seesFullCodes = (a: OwnerAccess) => a.can('orders.write');

function toRow(r: Row, full: boolean, timeZone: string): GiftCardRow {
  const balance = Number(r.balance_cents);
  return {
    id: r.id,
    code: full ? formatCode(r.code) : maskCode(r.code),
    recipient: r.recipient_email,
    initialText: formatMoney(Number(r.initial_cents), r.currency),
    balanceText: formatMoney(balance, r.currency),
    status: r.disabled_at ? 'disabled' : balance === 0 ? 'used' : 'active',
    orderId: r.order_id,
    orderNumberText: r.order_number === null ? null : `#${r.order_number}`,
    createdAt: r.created_at.toISOString(),
    createdText: formatWhen(r.created_at, timeZone),
  };
}

const SELECT = (sql: Sql) => sql`
  select g.id, g.code, g.recipient_email, g.initial_cents, g.balance_cents, g.currency, g.disabled_at, g.order_id,
         o.order_number, g.created_at, g.message
    from gift_card g left join "order" o on o.id = g.order_id`;

/** A page of the site's cards, newest first; `after` is the last card's creation time of the page before. */
export async function listGiftCards(
  a: OwnerAccess,
  timeZone: string,
  opts: { after: string | null },
): Promise<{ rows: GiftCardRow[]; next: string | null }> {
  const after = opts.after && !Number.isNaN(Date.parse(opts.after)) ? new Date(opts.after) : null;
  const rows = await a.sql<Row[]>`
    ${SELECT(a.sql)}
     where g.website_id = ${a.site.id} ${after ? a.sql`and g.created_at < ${after}` : a.sql``}
     order by g.created_at desc, g.id
     limit ${GIFT_CARDS_PAGE + 1}`;
  const shown = rows.slice(0, GIFT_CARDS_PAGE);
  const full = seesFullCodes(a);
  return {
    rows: shown.map((r) => toRow(r, full, timeZone)),
    next: rows.length > GIFT_CARDS_PAGE ? shown[shown.length - 1].created_at.toISOString() : null,
  };
}

export interface GiftCardDetail extends GiftCardRow {
  message: string | null;
  disabledText: string | null;
  uses: { orderId: string; orderNumberText: string; amountText: string; atText: string; at: string }[];
}

/** One card of the site with its history (spent on an order, given back by a refund), or null. */
export async function giftCardDetail(a: OwnerAccess, timeZone: string, id: string): Promise<GiftCardDetail | null> {
  if (!CARD_ID.test(id)) return null;
  const [r] = await a.sql<Row[]>`${SELECT(a.sql)} where g.website_id = ${a.site.id} and g.id = ${id}`;
  if (!r) return null;
  const uses = await a.sql<{ order_id: string; order_number: number; amount_cents: string; at: Date }[]>`
    select u.order_id, o.order_number, u.amount_cents, u.at
      from gift_card_use u join "order" o on o.id = u.order_id
     where u.gift_card_id = ${id} order by u.at, u.id`;
  return {
    ...toRow(r, seesFullCodes(a), timeZone),
    message: r.message,
    disabledText: r.disabled_at ? formatWhen(r.disabled_at, timeZone) : null,
    uses: uses.map((u) => ({
      orderId: u.order_id,
      orderNumberText: `#${u.order_number}`,
      amountText: formatMoney(-Number(u.amount_cents), r.currency),
      at: u.at.toISOString(),
      atText: formatWhen(u.at, timeZone),
    })),
  };
}

/** Disables (or enables again) a card of the site; false when it was so already. Null: no such card. */
export async function setGiftCardDisabled(a: OwnerAccess, id: string, disabled: boolean): Promise<boolean | null> {
  if (!CARD_ID.test(id)) return null;
  return a.sql.begin(async (tx) => {
    const [r] = await tx<{ code: string; disabled_at: Date | null }[]>`
      select code, disabled_at from gift_card where id = ${id} and website_id = ${a.site.id} for update`;
    if (!r) return null;
    if ((r.disabled_at !== null) === disabled) return false;
    await tx`update gift_card set disabled_at = ${disabled ? tx`now()` : null} where id = ${id}`;
    await recordAudit(tx as unknown as Sql, actorOf(a), disabled ? 'giftcard.disable' : 'giftcard.enable', maskCode(r.code), {
      giftCardId: id,
    });
    return true;
  });
}
