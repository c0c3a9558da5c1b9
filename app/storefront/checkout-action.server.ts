// The checkout form's workflow for one post (issue 31; the cart's counterpart is cart-handler.server.ts):
// gift card apply/remove, "Update totals", the cart review, placing the order; it answers with an outcome the route turns into a Response.
import crypto from 'node:crypto';
import { z } from 'zod';
import { cartQtySetCookie } from './cart-ui.server.js';
import { cartStore, limitCodeTries, limitVisitor, MSG, type CartStore } from '../commerce/cart.server.js';
import { GIFT_CARD_TEXT, payableByCard } from '../commerce/gift-cards.js';
import { pageQuote, shownTotalOf } from './checkout-page.server.js';
import { parseCheckoutForm } from '../commerce/checkout-form.js';
import { confirmationOnCheckout } from '../commerce/order-confirmation.server.js';
import type { RequestLanguage } from './request-language.server.js';
import { recordOrderForSignedIn } from './site-user-flow.server.js';
import { nativePost, recordServerEvent } from '../analytics/recorder.server.js';
import { purchaseOf } from './census.js';
import { UNREADABLE } from './shop-messages.server.js';

/** Which checkout a post is about and what it asks: the route parses its buttons with this. */
export const CheckoutWhich = z.object({
  cart: z.enum(['cart', 'subscription']).default('cart'),
  intent: z.enum(['place', 'update', 'gift-apply', 'gift-remove']).default('place'),
});
export type CheckoutWhich = z.infer<typeof CheckoutWhich>;

/**
 * How a checkout post is answered: a plain 303 (`headers` beside it), a 303 to `to` with the flash
 * for the page there (its message in the page's language, or the token of the errors to show), or a 429.
 */
export type CheckoutOutcome =
  | { kind: 'redirect'; to: string; headers?: Record<string, string> }
  | { kind: 'back'; to: string; flash: { error?: string; checkoutToken?: string } }
  | { kind: 'too-many'; retryAfterS: number };

/** The address of the order a bought cart became (a double submit, the back button, a second tab), else null. */
export async function orderPathOf(store: CartStore, cartId: string | null, prefix: string): Promise<string | null> {
  const orderId = await store.orderIdForCart(cartId);
  return orderId ? `${prefix}/order-confirmed/${encodeURIComponent(orderId)}` : null;
}

/**
 * The outcome of a checkout post to the site `websiteId` in `lang` (posted from a French page to
 * /fr/checkout: every answer goes back under /fr, its message in French) for the cart `cartId`.
 * `body` and `which` are null when the post could not be read.
 */
export async function checkoutAction(
  request: Request,
  input: { websiteId: string; lang: RequestLanguage; cartId: string | null; body: URLSearchParams | null; which: CheckoutWhich | null },
): Promise<CheckoutOutcome> {
  const { websiteId, lang, cartId, body, which } = input;
  const back = lang.to(which?.cart === 'subscription' ? '/checkout?subscription=1' : '/checkout');
  const withFlash = (to: string, flash: { error?: string; checkoutToken?: string }): CheckoutOutcome => ({
    kind: 'back',
    to,
    flash: { ...flash, error: flash.error === undefined ? undefined : lang.message(flash.error) },
  });
  const fail = (error: string | undefined, checkoutToken?: string) => withFlash(back, { error, checkoutToken });
  const toBack: CheckoutOutcome = { kind: 'redirect', to: back };
  if (!body || !which) return fail(UNREADABLE);
  const limit = await limitVisitor(request, cartId);
  if (!limit.ok) return { kind: 'too-many', retryAfterS: limit.retryAfterS };
  const store = await cartStore(websiteId);
  const bought = await orderPathOf(store, cartId, lang.prefix);
  if (bought) return { kind: 'redirect', to: bought };

  const { cart, lines } = await store.pricedCart(cartId);
  if (cart.entries.length === 0) return fail(MSG.empty);
  const { shipping, tax } = await store.checkoutSettings();
  // The form for this cart's lines (Conform): what was typed, and the details or an error per field.
  const submission = parseCheckoutForm(body, lines, shipping);
  const values = submission.values;
  /** Back to the form: what was typed is kept on the cart; the errors show once, with the flash's token. */
  const refused = async (errors: Record<string, string>, error?: string) => {
    const token = crypto.randomBytes(12).toString('base64url');
    await store.saveCheckoutDraft(cartId, { values, errors, token });
    // Field errors show beside their fields (and in the summary above the form), not as a page message.
    return Object.keys(errors).length > 0 ? fail(undefined, token) : fail(error);
  };
  if (which.intent === 'gift-remove' && cartId) {
    await store.removeGiftCard(cartId);
    await store.saveCheckoutDraft(cartId, { values, errors: {}, token: '' });
    return toBack;
  }
  // Apply with no code typed (Enter pressed in another field) is "Update totals".
  if (which.intent === 'gift-apply' && cartId && (values.giftCardCode ?? '').trim() !== '') {
    const tries = await limitCodeTries(request, cartId);
    if (!tries.ok) return refused({ giftCardCode: GIFT_CARD_TEXT.tooMany });
    const payable = payableByCard(pageQuote(lines, values, shipping, tax).totalCents, lines);
    const applied = await store.applyGiftCard(cartId, values.giftCardCode ?? '', payable);
    if (!applied.ok) return refused({ giftCardCode: applied.error });
    await store.saveCheckoutDraft(cartId, { values: { ...values, giftCardCode: '' }, errors: {}, token: '' });
    return toBack;
  }
  if (which.intent !== 'place') {
    // "Update totals": keep what was typed, show the totals for it; nothing is checked yet.
    await store.saveCheckoutDraft(cartId, { values, errors: {}, token: '' });
    return toBack;
  }

  // Lines that can no longer be bought as they are go back to the cart, where they are marked.
  const { review } = await store.loadCart(cartId);
  if (review.blocking && review.message)
    return withFlash(which.cart === 'subscription' ? back : lang.to('/cart'), { error: review.message });

  if (!submission.ok) return refused(submission.errors, UNREADABLE);

  // The transaction checks the form again against the lines as they are when it locks them, and
  // queues the confirmation email with the order (sent by the mail queue, even after a crash).
  // Never an order at a total the shopper did not see (issue 33: Local pickup chosen, "Update
  // totals" not pressed): the total it charges (the applied card's part spent under its row lock,
  // so two orders never spend one balance) must be the one the page showed, else nothing is placed
  // and the page comes back with the new totals and asks to confirm.
  const r = await store.checkout(cartId, values, {
    ...(await confirmationOnCheckout(request, websiteId)),
    shownTotalCents: shownTotalOf(body.get('shownTotalCents')),
  });
  if (!r.ok) {
    if (r.status === 409) {
      const again = await orderPathOf(store, cartId, lang.prefix);
      if (again) return { kind: 'redirect', to: again };
    }
    return refused(r.fieldErrors ?? {}, r.error);
  }
  // Checkout while signed in: the order shows in the account's order history.
  await recordOrderForSignedIn(request, websiteId, r.order.id);
  // Without JavaScript no collector runs on the confirmed page: the purchase is recorded here (SPEC 7).
  if (nativePost(request, body))
    await recordServerEvent(request, websiteId, { name: 'purchase', data: purchaseOf(r.order) }, new URL(request.url).pathname);
  // A bought shopping cart is an empty one for the pill (a subscription cart never counted).
  const headers = which.cart === 'cart' ? { 'Set-Cookie': cartQtySetCookie(null) } : undefined;
  return { kind: 'redirect', to: `${lang.prefix}/order-confirmed/${encodeURIComponent(r.order.id)}`, headers };
}
