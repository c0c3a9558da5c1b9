// The shop's messages in the page's language (issue 16): the cart, checkout, address and account
// errors are written in English where they are decided (app/commerce, app/auth, which know no
// languages); here each one has its localizedStrings key, so a route or page shows it translated.
// A message with values in it ("Only 3 of Mug are left.") is written from a template the
// domain exports; its values are found again by matching the template, sentence by sentence.
import { json } from '@remix-run/node';
import { REVIEW_TEXT } from '../commerce/cart-review.js';
import { formatMoney, minorDigits } from '../commerce/money.js';
import { MINIMUM_TEXT, MSG, STOCK_TEXT } from '../commerce/rules.js';
import { DEFAULT_SHIPPING, SHIPPING_TEXT } from '../commerce/shipping.js';
import { REQUIRED } from '../commerce/address.js';
import { TEXT as CHECKOUT_TEXT } from '../commerce/checkout-form.js';
import { GIFT_CARD_TEXT } from '../commerce/gift-cards.js';
import { PASSWORD_TEXT } from '../auth/password.server.js';
import { FORM_TEXT } from '../auth/site-user-forms.server.js';
import { RESET_TEXT } from '../auth/site-user-reset.server.js';
import { SITE_USER_SIGN_IN_TEXT } from '../auth/site-user-sign-in.server.js';
import { SITE_USER_TEXT } from '../auth/site-user-store.server.js';
import { ACCESS_TEXT } from '../access/texts.js';
import { textFrom } from '../languages/strings.js';

/** A form body that could not be read at all (every storefront form says it the same way). */
export const UNREADABLE = 'Could not parse the form fields, please check your entries.';

/** The key of each English message. */
const KEYS = new Map<string, string>([
  [MSG.unavailable, 'cartUnavailableText'],
  [MSG.notEnough, 'cartNotEnoughText'],
  [MSG.notNumber, 'cartQuantityNotNumberText'],
  [MSG.notWhole, 'cartQuantityNotWholeText'],
  [MSG.quantityZero, 'cartQuantityZeroText'],
  [MSG.quantityNegative, 'cartQuantityNegativeText'],
  [MSG.quantityTooLarge, 'cartQuantityTooLargeText'],
  [MSG.onlyOne, 'cartQuantityOnlyOneText'],
  [MSG.giftCard, 'cartGiftCardText'],
  [MSG.tooManyRequests, 'tooManyRequestsText'],
  [MSG.empty, 'cartEmptyText'],
  [MSG.removeFailed, 'cartRemoveFailedText'],
  [MSG.updateFailed, 'cartUpdateFailedText'],
  [MSG.addFailed, 'cartAddFailedText'],
  [REQUIRED, 'fieldRequiredText'],
  [CHECKOUT_TEXT.email, 'checkoutEmailInvalidText'],
  [CHECKOUT_TEXT.tooLong, 'fieldTooLongText'],
  [CHECKOUT_TEXT.anyInvalid, 'checkoutAnyInvalidText'],
  [CHECKOUT_TEXT.chooseMethod, 'checkoutChooseMethodText'],
  [GIFT_CARD_TEXT.unknown, 'giftCardUnknownText'],
  [GIFT_CARD_TEXT.disabled, 'giftCardDisabledText'],
  [GIFT_CARD_TEXT.empty, 'giftCardEmptyText'],
  [GIFT_CARD_TEXT.otherCurrency, 'giftCardOtherCurrencyText'],
  [GIFT_CARD_TEXT.notForGiftCards, 'giftCardNotForGiftCardsText'],
  [GIFT_CARD_TEXT.partlyGiftCards, 'giftCardPartlyGiftCardsText'],
  [GIFT_CARD_TEXT.tooMany, 'giftCardTooManyText'],
  ['Choose a country from the list.', 'addressCountryInvalidText'],
  ['Enter a US state, such as NY or New York.', 'addressUsStateText'],
  ['Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).', 'addressUsZipText'],
  ['Enter a Canadian province or territory, such as NS or Nova Scotia.', 'addressCaProvinceText'],
  ['Enter a postal code like A1A 1A1.', 'addressCaPostalText'],
  ['Enter a UK postcode like SW1A 1AA.', 'addressUkPostcodeText'],
  ['Enter a postal code of 2 to 10 letters or digits.', 'addressPostalText'],
  [UNREADABLE, 'formUnreadableText'],
  [FORM_TEXT.nameTooLong, 'accountNameTooLongText'],
  [FORM_TEXT.mismatch, 'accountPasswordMismatchText'],
  [RESET_TEXT.sent, 'accountResetSentText'],
  [RESET_TEXT.invalid, 'accountResetInvalidText'],
  [RESET_TEXT.done, 'accountResetDoneText'],
  [SITE_USER_SIGN_IN_TEXT.wrong, 'accountSignInWrongText'],
  [SITE_USER_TEXT.taken, 'accountEmailTakenText'],
  ['A password cannot be only spaces.', 'accountPasswordSpacesText'],
  ['Address saved.', 'accountAddressSavedText'],
  ['Address removed.', 'accountAddressRemovedText'],
  ['You keep the most addresses an account may: remove one first.', 'accountTooManyAddressesText'],
  ['That address is not in your account.', 'accountAddressUnknownText'],
  [ACCESS_TEXT.passwordBlank, 'accessPasswordBlankText'],
  [ACCESS_TEXT.wrongPassword, 'accessWrongPasswordText'],
  [ACCESS_TEXT.tooManyOne, 'accessTooManyOneText'],
  ['Subscribed.', 'accountSubscribedNotice'],
  ['Unsubscribed.', 'accountUnsubscribedNotice'],
  ['That newsletter does not exist.', 'accountNoSuchNewsletterText'],
  // The built-in shipping methods' labels and descriptions (an owner's own wording stays as written).
  ...DEFAULT_SHIPPING.methods.flatMap((m): [string, string][] => [
    [m.label, `shipping_${m.id}_label`],
    [m.description, `shipping_${m.id}_description`],
  ]),
  ['At the studio, 14 Wharf Lane, Thursday to Sunday', 'shipping_pickup_demoDescription'],
]);

/** The key of each English template; `{name}` marks a value. A more specific template comes first. */
const TEMPLATES: [string, string][] = [
  // The lead sentence of every stock refusal (its detail follows).
  [MSG.notEnough, 'cartNotEnoughText'],
  [STOCK_TEXT.soldOut, 'stockRefusalSoldOutText'],
  [STOCK_TEXT.oneLeftHeld, 'stockRefusalOneLeftHeldText'],
  [STOCK_TEXT.leftHeldAll, 'stockRefusalLeftHeldAllText'],
  [STOCK_TEXT.leftHeld, 'stockRefusalLeftHeldText'],
  [STOCK_TEXT.oneLeft, 'stockRefusalOneLeftText'],
  [STOCK_TEXT.left, 'stockRefusalLeftText'],
  [REVIEW_TEXT.gone, 'reviewGoneText'],
  [REVIEW_TEXT.removeIt, 'reviewRemoveItText'],
  [REVIEW_TEXT.priceChanged, 'reviewPriceChangedText'],
  [REVIEW_TEXT.fixLines, 'reviewFixLinesText'],
  [REVIEW_TEXT.fixLine, 'reviewFixLineText'],
  [REVIEW_TEXT.fixOne, 'reviewFixOneText'],
  [REVIEW_TEXT.fixMany, 'reviewFixManyText'],
  [REVIEW_TEXT.fixCountOne, 'reviewFixCountOneText'],
  [REVIEW_TEXT.fixCount, 'reviewFixCountText'],
  [REVIEW_TEXT.priceOne, 'reviewPriceOneText'],
  [REVIEW_TEXT.priceMany, 'reviewPriceManyText'],
  [REVIEW_TEXT.priceSome, 'reviewPriceSomeText'],
  [MINIMUM_TEXT, 'checkoutMinimumText'],
  [CHECKOUT_TEXT.totalChanged, 'checkoutTotalChangedText'],
  [PASSWORD_TEXT.tooShort, 'passwordTooShortText'],
  [PASSWORD_TEXT.tooLong, 'textTooLongText'],
  [SITE_USER_SIGN_IN_TEXT.tooManyOne, 'accountSignInTooManyOneText'],
  [SITE_USER_SIGN_IN_TEXT.tooManyMinutes, 'accountSignInTooManyText'],
  [ACCESS_TEXT.tooManyMinutes, 'accessTooManyText'],
  [SHIPPING_TEXT.chooseOther, 'shippingChooseOtherText'],
  [SHIPPING_TEXT.notThere, 'shippingNotThereText'],
];

/** Values that are money: the domain writes them in US English ("$72.00"); a page shows its own format. */
const MONEY_VARS = new Set(['from', 'to', 'subtotal', 'total']);

/** How a message shows money found in it: as written, or in the page's locale. */
type MoneyIn = (english: string) => string;
const asWritten: MoneyIn = (english) => english;

/** Money the domain wrote with formatMoney's US English default, in `locale` (unreadable text as written). */
export function moneyIn(currency: string, locale: string): MoneyIn {
  const frac = minorDigits(currency);
  return (english) => {
    const n = english.replace(/[^\d.-]/g, '');
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(n);
    if (!m || (m[3] ?? '').length !== frac) return english;
    return formatMoney(Number(`${m[1]}${m[2]}${m[3] ?? ''}`), currency, locale);
  };
}

/** The reasons listed in the cart's "first fix the marked lines" message, joined by "; ". */
const REASONS: [string, string][] = [
  [REVIEW_TEXT.goneReason, 'reviewGoneReasonText'],
  [REVIEW_TEXT.soldOutReason, 'reviewSoldOutReasonText'],
  [REVIEW_TEXT.oneLeftReason, 'reviewOneLeftReasonText'],
  [REVIEW_TEXT.leftReason, 'reviewLeftReasonText'],
  [REVIEW_TEXT.onlyOneReason, 'reviewOnlyOneReasonText'],
  [REVIEW_TEXT.moreReasons, 'reviewMoreReasonsText'],
];

interface Pattern {
  key: string;
  template: string;
  names: string[];
  /** Matches the template at the start of a text, up to the end of a sentence. */
  re: RegExp;
  /** Matches the template as the whole text. */
  whole: RegExp;
}

function patterns(list: [string, string][]): Pattern[] {
  return list.map(([template, key]) => {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const source = template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    return { key, template, names, re: new RegExp(`^${source}(?= |$)`), whole: new RegExp(`^${source}$`) };
  });
}
const SENTENCES = patterns(TEMPLATES);
const REASON_PATTERNS = patterns(REASONS);

/** The text of `m`'s template in the page's language, with the values it carried. */
function filled(strings: Record<string, unknown>, p: Pattern, m: RegExpExecArray, money: MoneyIn): string {
  // A value that is itself a shop text (a built-in shipping method's label) is translated too.
  const value = (name: string, v: string) =>
    name === 'reasons' ? reasonsIn(strings, v, money) : MONEY_VARS.has(name) ? money(v) : exactIn(strings, v);
  const vars = Object.fromEntries(p.names.map((name, i) => [name, value(name, m[i + 1])]));
  return textFrom(strings, p.key, p.template, vars);
}

function reasonsIn(strings: Record<string, unknown>, text: string, money: MoneyIn): string {
  return text
    .split('; ')
    .map((reason) => {
      for (const p of REASON_PATTERNS) {
        const m = p.whole.exec(reason);
        if (m) return filled(strings, p, m, money);
      }
      return reason;
    })
    .join(textFrom(strings, 'reviewReasonSeparatorText', '; '));
}

/**
 * A message made of templated sentences in the page's language: each sentence in turn is matched
 * by a template; null when one is not (the message is then shown as written).
 */
function sentencesIn(strings: Record<string, unknown>, english: string, money: MoneyIn): string | null {
  const out: string[] = [];
  let rest = english;
  while (rest !== '') {
    let matched = false;
    for (const p of SENTENCES) {
      const m = p.re.exec(rest);
      if (!m) continue;
      out.push(filled(strings, p, m, money));
      rest = rest.slice(m[0].length).trimStart();
      matched = true;
      break;
    }
    if (!matched) return null;
  }
  return out.join(' ');
}

/**
 * The message `english` in the page's language (`strings`: its localizedStrings); an unknown one as
 * written. `money` shows the money in it in the page's format (see moneyIn); else as written.
 */
export function messageIn(strings: Record<string, unknown>, english: string, money?: MoneyIn): string;
export function messageIn(strings: Record<string, unknown>, english: string | undefined, money?: MoneyIn): string | undefined;
export function messageIn(strings: Record<string, unknown>, english: string | undefined, money: MoneyIn = asWritten): string | undefined {
  if (english === undefined) return undefined;
  return KEYS.has(english) ? exactIn(strings, english) : (sentencesIn(strings, english, money) ?? english);
}

/** A text known word for word in the page's language; any other as written. */
function exactIn(strings: Record<string, unknown>, english: string): string {
  const key = KEYS.get(english);
  return key ? textFrom(strings, key, english) : english;
}

/** A page's way to show shop messages: its language's texts and its money format. */
export function pageMessages(strings: Record<string, unknown>, currency: string, locale: string) {
  const money = moneyIn(currency, locale);
  return (english: string | null): string | null => (english === null ? null : messageIn(strings, english, money));
}
export type PageMessages = ReturnType<typeof pageMessages>;

/** Every message of a field-error map in the page's language. */
export function messagesIn(strings: Record<string, unknown>, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, messageIn(strings, m)]));
}

/**
 * A storefront post's answer to a visitor who must wait (the cart forms, the cart island's fetch,
 * checkout: one answer for all): 429 with Retry-After and the spec's text in the page's language,
 * which the page shows above itself (ActionNotice) and the island in its message.
 */
export function tooManyRequestsIn(strings: Record<string, unknown>, retryAfterS: number) {
  return json(
    { ok: false as const, error: messageIn(strings, MSG.tooManyRequests) },
    { status: 429, headers: { 'Retry-After': String(retryAfterS) } },
  );
}
