// The islands' texts in the page's language (issue 16 and 30): the add-to-cart island's button
// states, error title and popover, the gallery's controls and lightbox, a form block's messages and a
// text area's character count, handed to the browser as JSON inside the page (read by ui-texts.ts's islandText). A page
// whose texts are all English (the English pages) carries none: English is the islands' own.
import { FORM_ISLAND_TEXTS } from '../forms/form-texts.js';
import { textFrom } from '../languages/strings.js';
import { ISLAND_UI_TEXTS, UI_TEXT } from '../utils/ui-texts.js';

/** The islands' texts by key, in English (`{title}` and `{quantity}` are filled in the browser). */
export const ISLAND_TEXTS: Record<string, string> = {
  cartAddingText: 'Adding…',
  cartAddedText: 'Added!',
  cartSelectOptionText: 'Select Option',
  cartUnableToAddText: 'Unable to Add Item',
  cartUnableGiftCardText: 'Unable to purchase Gift Card',
  cartAddedPopoverText: '{quantity} × {title} added to your cart.',
  cartAddedPopoverLabel: 'Added to cart',
  cartViewCartText: 'View Cart',
  cartCloseLabel: 'Close',
  cartCheckConnectionText: 'Please check your internet connection.',
  cartEnableCookiesText: UI_TEXT.enableCookies,
  // The cart pill's spoken label (the layout's, from the same keys): an ICU plural, as the template takes it.
  cartPillLabel: '{count, plural, one {# item in cart} other {# items in cart}}',
  cartPillOverLabel: 'More than 100 items in cart',
  // A form block's checks, states and answers (the form island; a text area over its maximum too).
  ...FORM_ISLAND_TEXTS,
  ...ISLAND_UI_TEXTS,
};

/**
 * The element the islands read their texts from, or '' when every text is English. Not only for
 * a page in another language: a site whose own language is French has French texts on its default pages.
 */
export function islandTextsHtml(strings: Record<string, unknown>): string {
  const texts = Object.fromEntries(Object.entries(ISLAND_TEXTS).map(([k, english]) => [k, textFrom(strings, k, english)]));
  if (Object.entries(texts).every(([k, t]) => t === ISLAND_TEXTS[k])) return '';
  // JSON inside HTML: no "<" may close the element early.
  return `<script type="application/json" id="island-texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`;
}
