// Gift card codes and rules (pure, issue 33, ADR 0030): making a code, reading one as typed, showing
// it masked, the shopper's error texts, and how much of a checkout total a card may pay.
import { ProductType } from '../../engine/ts/enums.js';

/** 32 characters: no 0/O or 1/I, which readers confuse when a code is read aloud or copied from paper. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;

/** What the shopper reads when a card cannot be applied or spent (US English, as every shop message). */
export const GIFT_CARD_TEXT = {
  unknown: 'This gift card code is not valid. Check the code and try again.',
  disabled: 'This gift card has been disabled. Contact the store for help.',
  empty: 'This gift card has no balance left.',
  otherCurrency: 'This gift card is in another currency and cannot be used here.',
  notForGiftCards: 'Gift cards cannot pay for gift cards.',
  partlyGiftCards: 'Gift cards cannot pay for gift cards: the card pays for the other items only.',
  tooMany: 'Too many gift card codes tried. Wait a few minutes and try again.',
} as const;

/** A new code from `random` bytes (one byte per character: 256 is a multiple of 32, so no bias). */
export function codeFromBytes(random: Uint8Array): string {
  if (random.length < CODE_LENGTH) throw new Error('codeFromBytes: 16 random bytes needed');
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[random[i] % CODE_ALPHABET.length];
  return code;
}

/**
 * A code as typed, as stored (upper case, no spaces or dashes), or null when it cannot be one.
 * Letters readers confuse are read as the digit the code must hold (O -> 0 is not in the alphabet,
 * so an O or I typed is simply wrong: null).
 */
export function normalizeCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** XXXX-XXXX-XXXX-XXXX */
export function formatCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, '$1-');
}

/** What anyone but an owner who may change orders sees: the last four only. */
export function maskCode(code: string): string {
  return `••••-${code.slice(-4)}`;
}

/** How much of `totalCents` a card may pay: everything but the gift card lines (never below 0). */
export function payableByCard(totalCents: number, lines: { productType: number; quantity: number; unitPriceCents: number }[]): number {
  const giftCents = lines.filter((l) => l.productType === ProductType.GIFT_CARD).reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  return Math.max(0, totalCents - giftCents);
}

/** A card as checkout reads it (from the row, at the moment of asking). */
export interface CardState {
  code: string;
  balanceCents: number;
  currency: string;
  disabled: boolean;
}

/** Why a card cannot pay here, or null when it can (something, at least). */
export function cardRefusal(card: CardState, currency: string): string | null {
  if (card.disabled) return GIFT_CARD_TEXT.disabled;
  if (card.currency !== currency) return GIFT_CARD_TEXT.otherCurrency;
  if (card.balanceCents <= 0) return GIFT_CARD_TEXT.empty;
  return null;
}

/** What the card pays of a checkout: its balance up to what it may pay, 0 when refused. */
export function cardPays(card: CardState | null, currency: string, payableCents: number): number {
  if (!card || cardRefusal(card, currency) !== null) return 0;
  return Math.min(card.balanceCents, payableCents);
}
