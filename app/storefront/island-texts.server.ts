// The add-to-cart island's texts in the page's language (issue 16): the button states, the error
// title and the added-to-cart popover, handed to the browser as JSON inside the page (read by
// app/components/cart-island.ts). A page in the default language carries none: English is the island's own.
import { textFrom } from '../languages/strings.js';
import { UI_TEXT } from '../utils/ui-texts.js';

/** The island's texts by key, in English (`{title}` and `{quantity}` are filled in the browser). */
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
};

/** The element the island reads its texts from, or '' for the default language. */
export function islandTextsHtml(strings: Record<string, unknown>, isDefault: boolean): string {
  if (isDefault) return '';
  const texts = Object.fromEntries(Object.entries(ISLAND_TEXTS).map(([k, english]) => [k, textFrom(strings, k, english)]));
  // JSON inside HTML: no "<" may close the element early.
  return `<script type="application/json" id="island-texts">${JSON.stringify(texts).replace(/</g, '\\u003c')}</script>`;
}
