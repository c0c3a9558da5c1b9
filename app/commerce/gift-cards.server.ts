// Gift cards in the database (issue 33, ADR 0030): issuing a bought card in the order's transaction,
// applying one to a checkout (the cart remembers it), spending it in the order's transaction under
// a row lock, what an order paid by card, giving it back on a refund, and the owner's list.
import crypto from 'node:crypto';
import type postgres from 'postgres';
import { getSql, type Sql } from '../../db/client.server.js';
import { createLimiter, type Limiter, type Verdict } from '../utils/rate-limit.server.js';
import { ProductType } from '../../engine/ts/enums.js';
import { cardPays, cardRefusal, codeFromBytes, GIFT_CARD_TEXT, normalizeCode, type CardState } from './gift-cards.js';
import { visitorKey } from './rate-limit.server.js';

type Q = Sql | postgres.TransactionSql;

type CardRow = {
  id: string;
  website_id: string;
  code: string;
  balance_cents: string;
  currency: string;
  disabled_at: Date | null;
};

export interface AppliedCard extends CardState {
  id: string;
}

const stateOf = (r: CardRow): AppliedCard => ({
  id: r.id,
  code: r.code,
  balanceCents: Number(r.balance_cents),
  currency: r.currency,
  disabled: r.disabled_at !== null,
});

/**
 * Issues the cards of order `orderId`'s gift card lines, one per unit (each can be given to someone
 * else and spent on its own), to the line's recipient or else the buyer. Runs in the order's
 * transaction; returns the new cards' ids.
 */
export async function issueGiftCards(
  tx: postgres.TransactionSql,
  o: { websiteId: string; orderId: string; currency: string; buyerEmail: string | null },
): Promise<string[]> {
  const lines = await tx<
    { line: number; quantity: number; unit_price_cents: string; gift_recipient_email: string | null; gift_message: string | null }[]
  >`
    select line, quantity, unit_price_cents, gift_recipient_email, gift_message
      from order_item where order_id = ${o.orderId} and product_type = ${ProductType.GIFT_CARD} order by line`;
  const ids: string[] = [];
  for (const l of lines) {
    const to = l.gift_recipient_email || o.buyerEmail;
    if (!to || Number(l.unit_price_cents) <= 0) continue;
    for (let n = 0; n < l.quantity; n++) {
      const id = crypto.randomUUID();
      // 32^16 = 2^80 codes: a clash is all but impossible; the unique index would roll the order back.
      const code = codeFromBytes(crypto.randomBytes(16));
      await tx`
        insert into gift_card (id, website_id, code, initial_cents, balance_cents, currency, order_id, order_line, recipient_email, message)
        values (${id}, ${o.websiteId}, ${code}, ${l.unit_price_cents}, ${l.unit_price_cents}, ${o.currency}, ${o.orderId}, ${l.line},
                ${to}, ${l.gift_message})`;
      ids.push(id);
    }
  }
  return ids;
}

/**
 * Guessing codes: 10 tries per 10 minutes per cart, 40 per client address (a few shoppers behind
 * one address). With 32^16 codes, that is no way to find one.
 */
export const GIFT_CARD_TRIES_PER_CART = { points: 10, durationS: 600 };
export const GIFT_CARD_TRIES_PER_ADDRESS = { points: 40, durationS: 600 };
const limiters = new WeakMap<Sql, { cart: Limiter; address: Limiter }>();

/** Spends one try at a code (per cart and per address); lets it through when the database is away. */
export async function limitCodeTries(request: Request, cartId: string | null): Promise<Verdict> {
  const sql = await getSql();
  let l = limiters.get(sql);
  if (!l) {
    l = {
      cart: createLimiter('giftcard-cart', GIFT_CARD_TRIES_PER_CART, sql),
      address: createLimiter('giftcard-ip', GIFT_CARD_TRIES_PER_ADDRESS, sql),
    };
    limiters.set(sql, l);
  }
  try {
    const byAddress = await l.address.consume(visitorKey(request, null));
    if (!byAddress.ok || !cartId) return byAddress;
    return await l.cart.consume(`cart:${cartId}`);
  } catch {
    return { ok: true };
  }
}

/**
 * Applies the code typed to cart `cartId` of site `websiteId` (the cart keeps it until removed or
 * the order is placed), or says why not. `payableCents` is what a card may pay of this checkout.
 */
export async function applyGiftCard(
  sql: Sql,
  websiteId: string,
  cartId: string,
  typed: string,
  currency: string,
  payableCents: number,
): Promise<{ ok: true } | { ok: false; error: string }> {
  const code = normalizeCode(typed);
  if (!code) return { ok: false, error: GIFT_CARD_TEXT.unknown };
  if (payableCents <= 0) return { ok: false, error: GIFT_CARD_TEXT.notForGiftCards };
  const [row] = await sql<CardRow[]>`
    select id, website_id, code, balance_cents, currency, disabled_at from gift_card where code = ${code}`;
  // Another site's card is answered as a code that is not valid: a code never tells what else exists.
  if (!row || row.website_id !== websiteId) return { ok: false, error: GIFT_CARD_TEXT.unknown };
  const refusal = cardRefusal(stateOf(row), currency);
  if (refusal) return { ok: false, error: refusal };
  await sql`update cart set gift_card_id = ${row.id}, updated = now() where id = ${cartId} and website_id = ${websiteId} and not is_purchased`;
  return { ok: true };
}

/** Takes the applied card off the cart. */
export async function removeGiftCard(sql: Sql, websiteId: string, cartId: string): Promise<void> {
  await sql`update cart set gift_card_id = null, updated = now() where id = ${cartId} and website_id = ${websiteId}`;
}

/** The card applied to cart `cartId`, as it is now (balance, disabled), or null. */
export async function appliedGiftCard(q: Q, websiteId: string, cartId: string | null): Promise<AppliedCard | null> {
  if (!cartId) return null;
  const [row] = await q<CardRow[]>`
    select g.id, g.website_id, g.code, g.balance_cents, g.currency, g.disabled_at
      from cart c join gift_card g on g.id = c.gift_card_id
     where c.id = ${cartId} and c.website_id = ${websiteId} and g.website_id = ${websiteId}`;
  return row ? stateOf(row) : null;
}

/**
 * Spends the card applied to cart `cartId` on order `orderId`, inside the order's transaction: the
 * card's row is locked (`for update`) so two orders cannot spend the same balance; it pays its
 * balance up to `payableCents`. Returns what it paid (0 when no card, or one refused now).
 */
export async function spendAppliedCard(
  tx: postgres.TransactionSql,
  o: { websiteId: string; cartId: string; orderId: string; currency: string; payableCents: number },
): Promise<number> {
  const [row] = await tx<CardRow[]>`
    select g.id, g.website_id, g.code, g.balance_cents, g.currency, g.disabled_at
      from gift_card g where g.website_id = ${o.websiteId}
       and g.id = (select gift_card_id from cart where id = ${o.cartId})
       for update`;
  if (!row) return 0;
  const pays = cardPays(stateOf(row), o.currency, o.payableCents);
  if (pays <= 0) return 0;
  await tx`update gift_card set balance_cents = balance_cents - ${pays} where id = ${row.id}`;
  await tx`insert into gift_card_use (gift_card_id, order_id, amount_cents) values (${row.id}, ${o.orderId}, ${pays})`;
  return pays;
}

/** What paid an order by gift card: each card's code and the amount it paid (net of refunds). */
export async function orderGiftCardPayments(q: Q, orderId: string): Promise<{ code: string; amountCents: number }[]> {
  const rows = await q<{ code: string; amount: string }[]>`
    select g.code, sum(u.amount_cents) as amount
      from gift_card_use u join gift_card g on g.id = u.gift_card_id
     where u.order_id = ${orderId}
     group by g.code, g.id order by min(u.at)`;
  return rows.map((r) => ({ code: r.code, amountCents: Number(r.amount) })).filter((r) => r.amountCents > 0);
}

/** A refunded order gives back what its cards paid (in the refund's transaction). */
export async function giveBackGiftCards(tx: postgres.TransactionSql, orderId: string): Promise<number> {
  const rows = await tx<{ gift_card_id: string; amount: string }[]>`
    select gift_card_id, sum(amount_cents) as amount from gift_card_use where order_id = ${orderId}
     group by gift_card_id order by gift_card_id`;
  let back = 0;
  for (const r of rows) {
    const amount = Number(r.amount);
    if (amount <= 0) continue;
    await tx`select id from gift_card where id = ${r.gift_card_id} for update`;
    await tx`update gift_card set balance_cents = least(initial_cents, balance_cents + ${amount}) where id = ${r.gift_card_id}`;
    await tx`insert into gift_card_use (gift_card_id, order_id, amount_cents) values (${r.gift_card_id}, ${orderId}, ${-amount})`;
    back += amount;
  }
  return back;
}
