// A form block's built-in texts in the page's language (issue 16): each English text of
// form-validation.ts and form-html.ts has a localizedStrings key, so the server's HTML and the form
// island (through the page's island-texts block) say them alike. Pure: the browser runs it too.
import { FORM_TEXT } from './form-validation.js';
import { PART_LABELS } from './form-values.js';

/** The texts form-html.ts writes besides FORM_TEXT's, in English. */
export const FORM_HTML_TEXT = {
  submit: 'Submit',
  agree: 'I agree',
  selectOption: 'Select Option',
  needsJavaScript: 'This form needs JavaScript.',
  honeypot: 'Leave this empty',
  /** The submission text a form has until its owner writes one (form-definition.ts's default). */
  thankYou: 'Thank you!',
} as const;

/** The localizedStrings key of each English text a shopper may read on or about a form block. */
const KEYS = new Map<string, string>([
  [FORM_TEXT.required, 'fieldRequiredText'],
  [FORM_TEXT.tooLong, 'fieldTooLongText'],
  [FORM_TEXT.email, 'formEmailInvalidText'],
  [FORM_TEXT.invalid, 'formInvalidText'],
  [FORM_TEXT.captcha, 'formCaptchaText'],
  [FORM_TEXT.unauthorized, 'formUnauthorizedText'],
  [FORM_TEXT.notConfigured, 'formNotConfiguredText'],
  [FORM_TEXT.rateLimited, 'formRateLimitedText'],
  [FORM_TEXT.serverError, 'formServerErrorText'],
  [FORM_TEXT.unknown, 'formUnknownErrorText'],
  [FORM_TEXT.noKey, 'formNoKeyText'],
  [FORM_TEXT.unparsable, 'formUnreadableText'],
  [FORM_TEXT.processing, 'formProcessingText'],
  [FORM_TEXT.above, 'formProblemAboveText'],
  [FORM_TEXT.below, 'formProblemBelowText'],
  [FORM_TEXT.submitting, 'formSubmittingText'],
  [FORM_HTML_TEXT.submit, 'formSubmitText'],
  [FORM_HTML_TEXT.agree, 'formAgreeText'],
  [FORM_HTML_TEXT.selectOption, 'cardSelectOptionText'],
  [FORM_HTML_TEXT.needsJavaScript, 'formNeedsJavaScriptText'],
  [FORM_HTML_TEXT.honeypot, 'formHoneypotLabel'],
  [FORM_HTML_TEXT.thankYou, 'formThankYouText'],
]);

/** The key of a name, address, date, time or phone part's label ("First Name": formPart_first). */
export const partKey = (part: string) => `formPart_${part}`;

/** Every form text a browser island may need, by key, in English (island-texts.server.ts sends them). */
export const FORM_ISLAND_TEXTS: Record<string, string> = Object.fromEntries([...KEYS].map(([english, key]) => [key, english]));

/** A lookup of a page's texts by key, English when it has none (textFrom on the server, islandText in the browser). */
export type TextLookup = (key: string, english: string) => string;

/** An English form text in the page's language; a text of no key (an owner's own) as written. */
export function formTextIn(t: TextLookup, english: string): string {
  const key = KEYS.get(english);
  return key ? t(key, english) : english;
}

/** A part's label in the page's language. */
export function partLabelIn(t: TextLookup, part: string): string {
  return t(partKey(part), PART_LABELS[part] ?? part);
}

/** Every message of a field-error map in the page's language. */
export function formErrorsIn(t: TextLookup, errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, m]) => [k, formTextIn(t, m)]));
}
