// The store theme's product card as it was before migration 0055: its add-to-cart error without
// SPEC 8's title. The older template migrations' tests start from this, since 0055 moves on from it.

/** The title 0055 put before the card's error message. */
export const CARD_ERROR_TITLE =
  '<strong>{.equal? structuredContent.productType 4}{.if localizedStrings.productUnableToBuyGiftCardText}{localizedStrings.productUnableToBuyGiftCardText|html}{.or}Unable to purchase Gift Card{.end}{.or}{.if localizedStrings.productUnableToAddText}{localizedStrings.productUnableToAddText|html}{.or}Unable to Add Item{.end}{.end}</strong> ';

const CARD_ERROR = '<p class="card-message cart-error" role="alert">';

/** `source`, a template, without 0055's title on the card (the product page's, the same, stays). */
export const withoutCardErrorTitle = (source: string) => source.replace(CARD_ERROR + CARD_ERROR_TITLE, CARD_ERROR);
