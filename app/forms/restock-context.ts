// What the product page's template context says about back-in-stock sign-ups: the
// `productMerchandisingContext[productId]` entry the engine's `product-restock-notification`
// formatter reads (SPEC 3 "Other context"): a view per sold-out variant, the form's texts and
// whether the join-mailing-list box shows.
import { textFrom } from '../languages/strings.js';
import { RESTOCK_MESSAGES, type RestockMessages } from './restock-texts.js';

export interface RestockProduct {
  id: string;
  variants: { id: string; soldOut: boolean }[];
  selectedVariant: { id: string } | null;
  /** A product that cannot be restocked (digital, gift card) never shows the form. */
  restockable: boolean;
}

/** The localizedStrings key of each default text in another language. */
const TEXT_KEYS: Record<keyof RestockMessages, string | null> = {
  CTAText: 'restockCtaText',
  placeholderText: 'restockPlaceholderText',
  buttonText: 'restockButtonText',
  mailingListDescription: 'restockMailingListText',
  successText: null,
};

/** The longest own text the page takes (the Settings screen allows less, per text). */
const OWN_TEXT_MAX = 500;

/**
 * The texts the site's owner set (settings.restockNotificationMessages, from the Settings screen):
 * only non-empty strings count, since an empty one means "the default".
 */
export function ownRestockMessages(settings: Record<string, unknown>): Partial<RestockMessages> {
  const own = settings.restockNotificationMessages;
  const out: Partial<RestockMessages> = {};
  if (!own || typeof own !== 'object') return out;
  for (const k of Object.keys(RESTOCK_MESSAGES) as (keyof RestockMessages)[]) {
    const v = (own as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim() !== '' && v.length <= OWN_TEXT_MAX) out[k] = v;
  }
  return out;
}

/**
 * The site's own texts (settings.restockNotificationMessages) over the defaults, those in the
 * page's language (`strings`: its localizedStrings) where it has them. The owner's texts are one
 * set for every language, like a product's own sold-out and scarcity texts.
 */
export function restockMessages(settings: Record<string, unknown>, strings: Record<string, unknown> = {}): RestockMessages {
  const out: RestockMessages = { ...RESTOCK_MESSAGES };
  for (const k of Object.keys(out) as (keyof RestockMessages)[]) {
    const key = TEXT_KEYS[k];
    if (key) out[k] = textFrom(strings, key, out[k]);
  }
  return { ...out, ...ownRestockMessages(settings) };
}

/**
 * The merchandising entry: one view per sold-out variant; only the chosen variant's (or a lone
 * variant's) shows at first, the variant island shows another's when the shopper chooses it.
 */
export function restockMerchandising(p: RestockProduct, messages: RestockMessages, mailingList: boolean): Record<string, unknown> {
  const soldOut = p.restockable ? p.variants.filter((v) => v.soldOut) : [];
  const shown = p.selectedVariant?.id ?? (p.variants.length === 1 ? p.variants[0].id : null);
  return {
    restockNotificationViews: soldOut.map((v) => ({ variantId: v.id, hiddenByDefault: v.id !== shown })),
    restockNotificationMessages: messages,
    mailingListSignUpEnabled: mailingList,
    mailingListOptInByDefault: false,
  };
}

/**
 * Whether the site asks for the CAPTCHA on back-in-stock sign-ups (settings.restockCaptcha): the
 * forms' self-hosted proof of work (app/forms/captcha.server.ts), which needs no provider's key.
 * The page's context then has SPEC 3's website.captchaSettings.siteKey (ADR 0034).
 */
export function restockAsksCaptcha(settings: Record<string, unknown>): boolean {
  return settings.restockCaptcha === true;
}
