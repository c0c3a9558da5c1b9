// The checkout form's rules (pure): what a cart needs (an email always; an address and a shipping
// method when something ships; a recipient per gift card line), each field's error text, and the
// order's totals (subtotal, shipping, tax, total) in integer minor units.
import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import { checkAddress, REQUIRED, type Address, type AddressField } from './address.js';
import { methodRefusal, shippingCost, type ShippingMethod, type ShippingSettings } from './shipping.js';
import { taxOn, taxPlace, taxRate, type TaxSettings } from './tax.js';
import { ProductType } from '../../engine/ts/enums.js';
import { EMAIL_FORMAT_TEXT, isEmail } from '../utils/email.js';

export const GIFT_MESSAGE_MAX = 500;
/** SPEC section 5 form texts. */
export const TEXT = {
  required: REQUIRED,
  email: EMAIL_FORMAT_TEXT,
  tooLong: 'You have exceeded the character limit.',
  anyInvalid: 'One or more fields is invalid, please check your entries.',
  chooseMethod: 'Choose a shipping method.',
  /** Place order at a total the page did not show (issue 33): {total} is the new one. */
  totalChanged: 'The total is now {total}, not what this page showed: check the totals below and press Place order again to confirm.',
} as const;

/** What the form holds, as typed (kept after a failed submit): the email, the address's fields, the rest. */
export interface CheckoutValues extends Record<AddressField, string> {
  email: string;
  shippingMethod: string;
  /** Per gift card line (entry id). */
  gifts: Record<string, { recipientEmail: string; message: string }>;
  /** A gift card code typed to apply (kept when it was refused); absent in drafts from before. */
  giftCardCode?: string;
}

/** A form with nothing in it; a new form (checkout-page.server.ts) fills in the country and method. */
export const BLANK_CHECKOUT: Readonly<CheckoutValues> = Object.freeze({
  email: '',
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  shippingMethod: '',
  gifts: {},
});

/** A line as checkout prices it (the current unit price, see line-price.ts). */
export interface PricedLine {
  id: string;
  productType: number;
  quantity: number;
  unitPriceCents: number;
}

export interface CheckoutDetails {
  email: string;
  /** Null when nothing ships, or for local pickup. */
  address: Address | null;
  /** Null when nothing ships. */
  shippingMethod: string | null;
  gifts: Record<string, { recipientEmail: string; message: string }>;
}

export type FieldErrors = Record<string, string>;

export const giftRecipientField = (entryId: string) => `giftRecipient.${entryId}`;
export const giftMessageField = (entryId: string) => `giftMessage.${entryId}`;

/** Longest text kept of any field (the field rules below give the shopper's texts for shorter ones). */
const READ_MAX = 2000;
const Text = z.string({ invalid_type_error: TEXT.anyInvalid }).max(READ_MAX, TEXT.tooLong).default('');
// Gift card fields are `giftRecipient.<entryId>` and `giftMessage.<entryId>`: nested names, read
// per line of the cart (keys of other lines, or of no line, are ignored).
const PerLine = z.record(z.unknown()).catch({});

/** The checkout form as posted (Conform's payload: nested names are objects). */
const CheckoutFields = z.object({
  email: Text,
  name: Text,
  line1: Text,
  line2: Text,
  city: Text,
  region: Text,
  postalCode: Text,
  country: Text,
  shippingMethod: Text,
  giftCardCode: Text,
  giftRecipient: PerLine,
  giftMessage: PerLine,
});

export function requiresShipping(lines: { productType: number }[]): boolean {
  return lines.some((l) => l.productType === ProductType.PHYSICAL);
}

const textOf = (v: unknown) => (typeof v === 'string' ? v.slice(0, READ_MAX) : '');
const recordOf = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** What was typed, for the lines of this cart, from a parsed form or Conform's raw payload. */
export function checkoutValues(raw: Record<string, unknown>, lines: { id: string; productType: number }[]): CheckoutValues {
  const gifts: CheckoutValues['gifts'] = {};
  const recipients = recordOf(raw.giftRecipient);
  const messages = recordOf(raw.giftMessage);
  for (const l of lines) {
    if (l.productType !== ProductType.GIFT_CARD) continue;
    gifts[l.id] = { recipientEmail: textOf(recipients[l.id]), message: textOf(messages[l.id]) };
  }
  return {
    email: textOf(raw.email),
    name: textOf(raw.name),
    line1: textOf(raw.line1),
    line2: textOf(raw.line2),
    city: textOf(raw.city),
    region: textOf(raw.region),
    postalCode: textOf(raw.postalCode),
    country: textOf(raw.country),
    shippingMethod: textOf(raw.shippingMethod),
    gifts,
    giftCardCode: textOf(raw.giftCardCode).slice(0, 64),
  };
}

/**
 * The checkout form's schema for a cart: the posted fields, checked by the rules of checkCheckout
 * (each error at its field's name), giving what was typed and the details to place the order with.
 */
export function checkoutSchema(lines: PricedLine[], shipping: ShippingSettings) {
  return CheckoutFields.transform((form, ctx) => {
    const values = checkoutValues(form, lines);
    const checked = checkCheckout(values, lines, shipping);
    if (checked.ok) return { values, details: checked.details };
    for (const [name, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: name.split('.'), message });
    return z.NEVER;
  });
}

export type CheckoutSubmission =
  { ok: true; values: CheckoutValues; details: CheckoutDetails } | { ok: false; values: CheckoutValues; errors: FieldErrors };

/**
 * Parses a posted checkout form for a cart (Conform over checkoutSchema): the details, or an error
 * per field name with the spec's texts; what was typed either way, to show again.
 */
export function parseCheckoutForm(form: URLSearchParams | FormData, lines: PricedLine[], shipping: ShippingSettings): CheckoutSubmission {
  const submission = parseWithZod(form, { schema: checkoutSchema(lines, shipping), disableAutoCoercion: true });
  if (submission.status === 'success') return { ok: true, ...submission.value };
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) if (messages && messages.length > 0) errors[name] = messages[0];
  return { ok: false, values: checkoutValues(submission.payload, lines), errors };
}

export function emailError(raw: string): string | null {
  const v = raw.trim();
  if (v === '') return TEXT.required;
  return isEmail(v) ? null : TEXT.email;
}

/** Checks the form for a cart: the details to place the order with, or an error per field. */
export function checkCheckout(
  values: CheckoutValues,
  lines: PricedLine[],
  shipping: ShippingSettings,
): { ok: true; details: CheckoutDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const emailErr = emailError(values.email);
  if (emailErr) errors.email = emailErr;

  let address: Address | null = null;
  let method: ShippingMethod | null = null;
  if (requiresShipping(lines)) {
    method = shipping.methods.find((m) => m.id === values.shippingMethod) ?? null;
    if (!method) errors.shippingMethod = values.shippingMethod === '' ? TEXT.chooseMethod : 'Choose one of the shipping methods shown.';
    if (!method?.pickup) {
      const a = checkAddress(values);
      if (a.ok) {
        address = a.address;
        const refusal = method ? methodRefusal(method, a.address.country, shipping) : null;
        if (refusal) errors.shippingMethod = refusal;
      } else {
        Object.assign(errors, a.errors);
      }
    }
  }

  const gifts: CheckoutDetails['gifts'] = {};
  for (const l of lines) {
    if (l.productType !== ProductType.GIFT_CARD) continue;
    const g = values.gifts[l.id] ?? { recipientEmail: '', message: '' };
    const e = emailError(g.recipientEmail);
    if (e) errors[giftRecipientField(l.id)] = e;
    const message = g.message.replace(/\r\n?/g, '\n').trim();
    if (message.length > GIFT_MESSAGE_MAX) errors[giftMessageField(l.id)] = TEXT.tooLong;
    gifts[l.id] = { recipientEmail: g.recipientEmail.trim(), message };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, details: { email: values.email.trim(), address, shippingMethod: method?.id ?? null, gifts } };
}

export interface Quote {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  taxBasisPoints: number;
  totalCents: number;
  /** The method the shipping line is for; null when nothing ships or none is chosen yet. */
  method: ShippingMethod | null;
  /** Where the tax rate is for: the shipping address, else the store's region (tax.ts taxPlace). */
  taxedAt: { country: string; region: string };
}

/**
 * The order's totals. Shipping: the chosen method's cost when something ships (free on an
 * eligible method from the threshold on). Tax: see tax.ts (gift cards untaxed, shipping taxed
 * when the store says so, at the address or the store's region), rounded once, half up.
 */
export function quote(
  lines: PricedLine[],
  choice: { shippingMethod: string | null; address: { country: string; region: string } | null },
  shipping: ShippingSettings,
  tax: TaxSettings,
): Quote {
  const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const ships = requiresShipping(lines);
  const method = ships ? (shipping.methods.find((m) => m.id === choice.shippingMethod) ?? null) : null;
  const shippingCents = method ? shippingCost(method, subtotalCents, shipping) : 0;
  const place = taxPlace(tax, method && !method.pickup ? choice.address : null);
  const taxBasisPoints = taxRate(tax, place.country, place.region);
  const taxableGoods = lines.filter((l) => l.productType !== ProductType.GIFT_CARD).reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
  const taxable = taxableGoods + (tax.taxShipping ? shippingCents : 0);
  const taxCents = taxOn(taxable, taxBasisPoints);
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    taxBasisPoints,
    totalCents: subtotalCents + shippingCents + taxCents,
    method,
    taxedAt: place,
  };
}
