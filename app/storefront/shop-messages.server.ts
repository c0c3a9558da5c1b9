// The shop's messages in the page's language (issue 16): the cart, checkout, address and account
// errors are written in English where they are decided (app/commerce, app/auth, which know no
// languages); here each one has its localizedStrings key, so a route or page shows it translated.
import { MSG } from '../commerce/rules.js';
import { REQUIRED } from '../commerce/address.js';
import { TEXT as CHECKOUT_TEXT } from '../commerce/checkout-form.js';
import { FORM_TEXT } from '../auth/site-user-forms.server.js';
import { RESET_TEXT } from '../auth/site-user-reset.server.js';
import { SITE_USER_SIGN_IN_TEXT } from '../auth/site-user-sign-in.server.js';
import { SITE_USER_TEXT } from '../auth/site-user-store.server.js';
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
  ['Choose a country from the list.', 'addressCountryInvalidText'],
  ['Enter a US state, such as NY or New York.', 'addressUsStateText'],
  ['Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).', 'addressUsZipText'],
  ['Enter a Canadian province or territory, such as NS or Nova Scotia.', 'addressCaProvinceText'],
  ['Enter a postal code like A1A 1A1.', 'addressCaPostalText'],
  ['Enter a UK postcode like SW1A 1AA.', 'addressUkPostcodeText'],
  ['Enter a postal code of 2 to 10 letters or digits.', 'addressPostalText'],
  [UNREADABLE, 'formUnreadableText'],
  [FORM_TEXT.email, 'accountEmailInvalidText'],
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
  ['Subscribed.', 'accountSubscribedNotice'],
  ['Unsubscribed.', 'accountUnsubscribedNotice'],
  ['That newsletter does not exist.', 'accountNoSuchNewsletterText'],
]);

/** The message `english` in the page's language (`strings`: its localizedStrings); an unknown one as written. */
export function messageIn(strings: Record<string, unknown>, english: string): string;
export function messageIn(strings: Record<string, unknown>, english: string | undefined): string | undefined;
export function messageIn(strings: Record<string, unknown>, english: string | undefined): string | undefined {
  if (english === undefined) return undefined;
  const key = KEYS.get(english);
  return key ? textFrom(strings, key, english) : english;
}

/** Every message of a field-error map in the page's language. */
export function messagesIn(strings: Record<string, unknown>, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, messageIn(strings, m)]));
}
