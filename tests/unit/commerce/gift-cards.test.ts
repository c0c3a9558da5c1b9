// Gift card codes and rules (app/commerce/gift-cards.ts): the alphabet, reading a typed code,
// masking, what a card may pay (never gift cards) and why a card cannot pay.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  cardPays,
  cardRefusal,
  CODE_ALPHABET,
  codeFromBytes,
  formatCode,
  GIFT_CARD_TEXT,
  maskCode,
  normalizeCode,
  payableByCard,
} from '../../../app/commerce/gift-cards.js';

describe('gift card codes', () => {
  it('are 16 characters without 0, O, 1 or I, shown in groups of four', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[0O1I]/);
    const code = codeFromBytes(randomBytes(16));
    expect(code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    expect(formatCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    expect(maskCode('ABCDEFGHJKLMNPQR')).toBe('••••-NPQR');
    expect(() => codeFromBytes(new Uint8Array(15))).toThrow();
  });

  it('are read whatever the case, spaces and dashes; anything else is no code', () => {
    expect(normalizeCode(' abcd-efgh jklm-npqr ')).toBe('ABCDEFGHJKLMNPQR');
    expect(normalizeCode('ABCD-EFGH-JKLM-NPQ')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKLM-NPQO')).toBeNull();
    expect(normalizeCode('ABCD-EFGH-JKLM-NPQ1')).toBeNull();
  });
});

describe('what a card pays', () => {
  const card = { code: 'ABCDEFGHJKLMNPQR', balanceCents: 2500, currency: 'USD', disabled: false };
  it('pays everything but gift card lines, up to its balance', () => {
    const lines = [
      { productType: 4, quantity: 2, unitPriceCents: 2500 },
      { productType: 2, quantity: 1, unitPriceCents: 1400 },
    ];
    expect(payableByCard(6470, lines)).toBe(1470);
    expect(cardPays(card, 'USD', 1470)).toBe(1470);
    expect(cardPays(card, 'USD', 4000)).toBe(2500);
    expect(payableByCard(5000, [lines[0]])).toBe(0);
  });
  it('refuses a disabled card, one of another currency and an empty one', () => {
    expect(cardRefusal(card, 'USD')).toBeNull();
    expect(cardRefusal({ ...card, disabled: true }, 'USD')).toBe(GIFT_CARD_TEXT.disabled);
    expect(cardRefusal(card, 'EUR')).toBe(GIFT_CARD_TEXT.otherCurrency);
    expect(cardRefusal({ ...card, balanceCents: 0 }, 'USD')).toBe(GIFT_CARD_TEXT.empty);
    expect(cardPays(card, 'EUR', 1000)).toBe(0);
  });
});
