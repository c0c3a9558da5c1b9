// Back-in-stock sign-ups: the texts shoppers and owners see (SPEC 4, 5 and 8) and the sign-up
// payload (SPEC 3), shared by the server, the page action and the browser island.
import { z } from 'zod';
import { FORM_TEXT } from './form-validation.js';
import { isEmail } from '../utils/email.js';

export const RESTOCK_TEXT = {
  signedUp: 'Signed up!',
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  failed: 'Unable to submit form. Please try again later.',
  notFound: 'This product or variant could not be found.',
  inStock: 'This variant is in stock: add it to your cart instead.',
  tooMany: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendSoldOut: 'This variant is sold out: notices can be sent once it is back in stock.',
  sendNone: 'Nobody is waiting for this variant.',
  /** The site asks for its CAPTCHA (the forms' own text). */
  captcha: FORM_TEXT.captcha,
} as const;

/** What the island says itself, and the localizedStrings key of each in another language. */
export const RESTOCK_ISLAND_KEYS = {
  signedUp: 'restockSignedUpText',
  emailBlank: 'restockEmailBlankText',
  emailInvalid: 'restockEmailInvalidText',
  failed: 'restockFailedText',
  // The sign-up's refusals (the API's and the page action's), which a shopper may meet.
  notFound: 'restockNotFoundText',
  inStock: 'restockInStockText',
  // The same words as a form block's 429 and CAPTCHA texts, so the same keys.
  tooMany: 'formRateLimitedText',
  captcha: 'formCaptchaText',
} as const;

export type RestockIslandTexts = { [K in keyof typeof RESTOCK_ISLAND_KEYS]: string };

/** The island's texts in English (a page in English carries none). */
export const RESTOCK_ISLAND_ENGLISH = Object.fromEntries(
  Object.keys(RESTOCK_ISLAND_KEYS).map((k) => [k, RESTOCK_TEXT[k as keyof RestockIslandTexts]]),
) as RestockIslandTexts;

/**
 * A sign-up's answer (written in English by the server) in the page's language (`texts`, the
 * island's); an answer it has no text for as written.
 */
export function restockTextIn(texts: RestockIslandTexts | null | undefined, english: string): string {
  const name = (Object.keys(RESTOCK_ISLAND_KEYS) as (keyof RestockIslandTexts)[]).find((k) => RESTOCK_TEXT[k] === english);
  return name && texts ? texts[name] : english;
}

/** The form's default texts (restockNotificationMessages), when the site sets none of its own. */
export const RESTOCK_MESSAGES = {
  CTAText: 'Sold out. Get an email when it is back in stock.',
  placeholderText: 'Email address',
  buttonText: 'Notify me',
  mailingListDescription: 'Also join our mailing list',
  successText: '',
} as const;

export type RestockMessages = { -readonly [K in keyof typeof RESTOCK_MESSAGES]: string };

/**
 * The texts an owner may set (Settings, Back in stock), in the order the product page shows them:
 * the field's label, its longest length and the error past it. All are plain text on one line.
 */
export const RESTOCK_MESSAGE_FIELDS: { name: keyof RestockMessages; label: string; max: number; error: string }[] = [
  { name: 'CTAText', label: 'Sold-out text', max: 200, error: 'The sold-out text is at most 200 characters.' },
  { name: 'placeholderText', label: 'Email box text', max: 60, error: 'The email box text is at most 60 characters.' },
  { name: 'buttonText', label: 'Button text', max: 40, error: 'The button text is at most 40 characters.' },
  { name: 'mailingListDescription', label: 'Mailing list text', max: 200, error: 'The mailing list text is at most 200 characters.' },
  { name: 'successText', label: 'Signed-up text', max: 300, error: 'The signed-up text is at most 300 characters.' },
];

/** SPEC 5's text for a typed email, or null when it is fine. */
export function emailError(raw: string): string | null {
  const email = raw.trim();
  if (email === '') return RESTOCK_TEXT.emailBlank;
  if (!isEmail(email)) return RESTOCK_TEXT.emailInvalid;
  return null;
}

const Flag = z
  .union([z.boolean(), z.enum(['on', 'true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'on' || v === 'true' || v === '1');

/** SPEC 3's sign-up payload; siteVisitorEmail is `{email}` (the JSON API) or a plain string (a form). */
export const SignUpPayload = z.object({
  productId: z.string().min(1).max(200),
  variantId: z.string().min(1).max(200),
  siteVisitorEmail: z.union([z.object({ email: z.string().max(1000).optional().default('') }), z.string().max(1000)]).optional(),
  isJoinMailingList: Flag.optional().default(false),
  recaptchaEnterpriseV3Token: z.string().max(4000).optional().nullable(),
  language: z.string().max(35).optional().nullable(),
});

export function payloadEmail(p: z.output<typeof SignUpPayload>): string {
  const e = p.siteVisitorEmail;
  return typeof e === 'string' ? e : (e?.email ?? '');
}
