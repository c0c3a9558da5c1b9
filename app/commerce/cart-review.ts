// The cart review before checkout: which lines can no longer be bought as they are (sold out, not
// enough stock, more than the one allowed, gone) and which changed price since they were added,
// with the shopper's texts.
import { fillText, itemName, stockMessage } from './item-text.js';
import { MSG } from './rules.js';

/** Minor units as shopper text in the cart's currency ("$68.00"): formatMoney of rules.server.ts. */
export type MoneyText = (cents: number) => string;

/** ok; a price change alone (not blocking); sold out, not enough stock, over the one allowed, gone (blocking). */
export type LineStatus = 'ok' | 'price_changed' | 'sold_out' | 'insufficient_stock' | 'over_limit' | 'unavailable';

/** What the review needs to know of a cart line and of its variant as it is now. */
export interface ReviewLine {
  id: string;
  title: string;
  attributes: Record<string, string>;
  quantity: number;
  /** The unit price when the line was added, minor units. */
  purchasePriceCents: number;
  /** The variant now; null when the product or variant is deleted or no longer visible. */
  current: {
    variantId: string;
    /** The price a new order pays: the sale price when on sale. */
    priceCents: number;
    unlimited: boolean;
    qtyInStock: number;
    /**
     * Whether a cart may hold only 1 of it (quantityLimit of rules.ts is 1): a subscription, or a
     * service once the owner turned off several of a service after the line was added.
     */
    oneAtATime: boolean;
  } | null;
}

export interface LineReview {
  id: string;
  status: LineStatus;
  /** Whether this line stops checkout. */
  blocking: boolean;
  /** The text next to the line; null when all is well. */
  message: string | null;
  /** The current unit price when it differs from the purchase price, else null. */
  currentPriceCents: number | null;
  /** Units left, when the stock is short of what the cart holds (0 when sold out), else null. */
  left: number | null;
}

export interface CartReview {
  lines: LineReview[];
  /** Whether any line stops checkout. */
  blocking: boolean;
  /** The summary of what to fix before checkout; null when nothing blocks it. */
  message: string | null;
  /** The summary of price changes (which do not block checkout); null when there are none. */
  priceNotice: string | null;
}

/** Reasons listed by name in the cart's message; the rest are counted. */
const MAX_LISTED = 3;
/** Longest cart-level message (the session's flash that carries it back to /cart takes 500 characters). */
const MAX_MESSAGE = 400;

/** The review's texts as templates (see STOCK_TEXT in item-text.ts); a line's message is one or more of them. */
export const REVIEW_TEXT = {
  goneReason: '{name} is no longer available',
  gone: 'Sorry, {name} is no longer available. Remove it to check out.',
  removeIt: 'Remove it to check out.',
  priceChanged: 'Price changed from {from} to {to}.',
  soldOutReason: '{name} is sold out',
  fixLines: 'Your cart has {units} of it in {lines} lines: lower them to {stock} in all to check out.',
  fixLine: 'This line has {quantity}: lower the quantity to {stock} to check out.',
  oneLeftReason: 'only 1 of {name} is left and your cart has {units}',
  leftReason: 'only {stock} of {name} are left and your cart has {units}',
  onlyOneReason: 'only 1 of {name} can be in the cart at a time and your cart has {units}',
  moreReasons: '{count} more',
  fixOne: 'To check out, first fix the marked line: {reasons}.',
  fixMany: 'To check out, first fix the marked lines: {reasons}.',
  fixCount: 'To check out, first fix the {count} marked lines.',
  fixCountOne: 'To check out, first fix the 1 marked line.',
  priceOne: 'The price of {name} changed since it was added to your cart: the order will use the new price.',
  priceMany: 'The prices of {names} changed since they were added to your cart: the order will use the new prices.',
  priceSome: 'Some prices changed since the items were added to your cart: the order will use the new prices.',
} as const;
const T = REVIEW_TEXT;

const BLOCKING: ReadonlySet<LineStatus> = new Set(['sold_out', 'insufficient_stock', 'over_limit', 'unavailable']);

/** "a", "a and b", "a, b and c". */
function listText(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Reviews the lines of a cart against their variants as they are now. Stock is counted per variant
 * over every line that holds it (a variant can sit in several lines with different additional
 * fields), as the checkout takes it.
 */
export function reviewCart(lines: ReviewLine[], moneyText: MoneyText): CartReview {
  const held = new Map<string, { units: number; lines: number }>();
  for (const l of lines) {
    if (!l.current) continue;
    const h = held.get(l.current.variantId) ?? { units: 0, lines: 0 };
    h.units += l.quantity;
    h.lines += 1;
    held.set(l.current.variantId, h);
  }

  const blockers: string[] = [];
  const priced: string[] = [];
  const reviewed = lines.map((l): LineReview => {
    const name = itemName(l.title, l.attributes);
    const c = l.current;
    if (!c) {
      blockers.push(fillText(T.goneReason, { name }));
      return {
        id: l.id,
        status: 'unavailable',
        blocking: true,
        currentPriceCents: null,
        left: null,
        message: fillText(T.gone, { name }),
      };
    }
    const priceChanged = c.priceCents !== l.purchasePriceCents;
    const priceText = priceChanged
      ? fillText(T.priceChanged, { from: moneyText(l.purchasePriceCents), to: moneyText(c.priceCents) })
      : null;
    const currentPriceCents = priceChanged ? c.priceCents : null;
    const h = held.get(c.variantId)!;
    if (!c.unlimited && c.qtyInStock <= 0) {
      blockers.push(fillText(T.soldOutReason, { name }));
      return {
        id: l.id,
        status: 'sold_out',
        blocking: true,
        currentPriceCents,
        left: 0,
        message: `${stockMessage(name, 0, 0)} ${T.removeIt}`,
      };
    }
    if (!c.unlimited && h.units > c.qtyInStock) {
      const stock = c.qtyInStock;
      const fix =
        h.lines > 1
          ? fillText(T.fixLines, { units: h.units, lines: h.lines, stock })
          : fillText(T.fixLine, { quantity: l.quantity, stock });
      const reason = fillText(stock === 1 ? T.oneLeftReason : T.leftReason, { name, stock, units: h.units });
      if (!blockers.includes(reason)) blockers.push(reason);
      if (priceChanged) priced.push(name);
      return {
        id: l.id,
        status: 'insufficient_stock',
        blocking: true,
        currentPriceCents,
        left: stock,
        message: [stockMessage(name, stock, 0), fix, priceText].filter(Boolean).join(' '),
      };
    }
    // Like a stock drop to 1: the shopper lowers the line (or lines) to 1; checkout refuses until then.
    if (c.oneAtATime && h.units > 1) {
      const fix =
        h.lines > 1
          ? fillText(T.fixLines, { units: h.units, lines: h.lines, stock: 1 })
          : fillText(T.fixLine, { quantity: l.quantity, stock: 1 });
      const reason = fillText(T.onlyOneReason, { name, units: h.units });
      if (!blockers.includes(reason)) blockers.push(reason);
      if (priceChanged) priced.push(name);
      return {
        id: l.id,
        status: 'over_limit',
        blocking: true,
        currentPriceCents,
        left: null,
        message: [MSG.onlyOne, fix, priceText].filter(Boolean).join(' '),
      };
    }
    if (priceChanged) {
      priced.push(name);
      return { id: l.id, status: 'price_changed', blocking: false, currentPriceCents, left: null, message: priceText };
    }
    return { id: l.id, status: 'ok', blocking: false, currentPriceCents: null, left: null, message: null };
  });

  const blocking = reviewed.some((r) => BLOCKING.has(r.status));
  return { lines: reviewed, blocking, message: blocking ? blockingMessage(blockers) : null, priceNotice: priceNotice(priced) };
}

/** The cart's one message for what stops checkout: it also travels in the session's flash, so it stays short. */
function blockingMessage(reasons: string[]): string {
  const one = reasons.length === 1;
  const shown =
    reasons.length > MAX_LISTED
      ? [...reasons.slice(0, MAX_LISTED), fillText(T.moreReasons, { count: reasons.length - MAX_LISTED })]
      : reasons;
  const text = fillText(one ? T.fixOne : T.fixMany, { reasons: shown.join('; ') });
  if (text.length <= MAX_MESSAGE) return text;
  return one ? T.fixCountOne : fillText(T.fixCount, { count: reasons.length });
}

function priceNotice(priced: string[]): string | null {
  const names = [...new Set(priced)];
  if (names.length === 0) return null;
  if (names.length === 1) return fillText(T.priceOne, { name: names[0] });
  const text = fillText(T.priceMany, { names: listText(names) });
  return text.length <= MAX_MESSAGE ? text : T.priceSome;
}
