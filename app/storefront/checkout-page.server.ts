// What the checkout template reads: the form's fields (value as typed, error, ids for
// aria-describedby), the countries and shipping methods to choose from, gift card fields per line,
// and the totals (subtotal, shipping, tax, total) for what is chosen so far; labels, hints and
// errors in the page's language (issue 16).
import { checkAddress, COUNTRIES, CA_PROVINCES, FIELD_MAX, US_STATES } from '../commerce/address.js';
import {
  GIFT_MESSAGE_MAX,
  giftMessageField,
  giftRecipientField,
  quote,
  requiresShipping,
  TEXT,
  BLANK_CHECKOUT,
  type CheckoutValues,
  type FieldErrors,
  type PricedLine,
  type Quote,
} from '../commerce/checkout-form.js';
import { ProductType } from '../../engine/ts/enums.js';
import { formatMoney } from '../commerce/money.js';
import { shippingCost, shipsTo, type ShippingMethod, type ShippingSettings } from '../commerce/shipping.js';
import { rateText, type TaxSettings } from '../commerce/tax.js';
import { pricedLines, type CartCheckoutFields, type CartStore, type CartView } from '../commerce/cart.server.js';
import { money } from '../commerce/money.js';
import { textFrom } from '../languages/strings.js';
import { countriesIn } from '../languages/country-names.js';
import { messageIn, messagesIn } from './shop-messages.server.js';
import { cardPays, cardRefusal, GIFT_CARD_TEXT, maskCode, payableByCard, type CardState } from '../commerce/gift-cards.js';

type Json = Record<string, unknown>;

/** A new form: the store's own country and the first method that ships there. */
export function defaultValues(shipping: ShippingSettings, tax: TaxSettings): CheckoutValues {
  const country = tax.originRegion.split('-')[0];
  const method = shipping.methods.find((m) => !m.pickup && shipsTo(m, country)) ?? shipping.methods[0];
  return { ...BLANK_CHECKOUT, gifts: {}, country, shippingMethod: method?.id ?? '' };
}

function field(name: string, id: string, value: string, error: string | undefined, extra: Json = {}): Json {
  // Every key present (null when unused): the field partial reads only its own object.
  return {
    name,
    id,
    value,
    error: error ?? null,
    errorId: `${id}-error`,
    describedBy: [error ? `${id}-error` : '', extra.hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || null,
    hintId: `${id}-hint`,
    hint: null,
    list: null,
    required: true,
    maxLength: null,
    autocomplete: null,
    type: 'text',
    textarea: false,
    ...extra,
  };
}

export interface CheckoutPageInput {
  cart: CartView;
  lines: PricedLine[];
  values: CheckoutValues;
  errors: FieldErrors;
  shipping: ShippingSettings;
  tax: TaxSettings;
  /** The page's localizedStrings (its language's texts); none: English. */
  strings?: Record<string, unknown>;
  /** The page's CLDR locale (site.website.locale once dressed for the language): money and country names. */
  locale?: string;
  /** The gift card applied to this checkout, as it is now (issue 33), or null. */
  giftCard?: CardState | null;
}

/**
 * The totals the page shows for what the form holds (an address not yet valid counts by its country
 * alone): Place order refuses an order whose total differs from what the shopper saw (issue 33).
 */
export function pageQuote(
  lines: PricedLine[],
  values: CheckoutValues,
  shipping: ShippingSettings,
  tax: TaxSettings,
): Quote & { place: Place } {
  const place = pagePlace(values);
  return { ...quote(lines, { shippingMethod: values.shippingMethod, address: place }, shipping, tax), place };
}

type Place = { country: string; region: string };

/** Where the form's order goes: the address once valid, else its country alone. */
function pagePlace(values: CheckoutValues): Place {
  const checked = checkAddress(values);
  return checked.ok ? { country: checked.address.country, region: checked.address.region } : { country: values.country, region: '' };
}

/**
 * The cart JSON's checkout fields (SPEC section 3) for what the checkout page's form holds (what
 * the shopper last sent, else a new form's defaults), by the page's own quote: the methods at their
 * cost, the chosen one, where it ships, the tax rate applied; orderId once the cart is bought.
 */
export function checkoutFieldsOf(
  lines: PricedLine[],
  values: CheckoutValues,
  settings: { shipping: ShippingSettings; tax: TaxSettings; currency: string },
  orderId: string | null,
): CartCheckoutFields {
  const { shipping, tax, currency } = settings;
  // One quote for everything below: the totals, the methods' costs, where it ships and is taxed.
  const q = pageQuote(lines, values, shipping, tax);
  const place = q.place;
  const option = (m: ShippingMethod) => {
    const costCents = shippingCost(m, q.subtotalCents, shipping);
    return {
      id: m.id,
      label: m.label,
      description: m.description,
      pickup: m.pickup,
      shipsToLocation: shipsTo(m, place.country),
      costCents,
      cost: money(costCents, currency),
    };
  };
  const shippingLocation = q.method && !q.method.pickup ? place : null;
  const taxedAt = q.taxedAt;
  return {
    orderId,
    taxCents: q.taxCents,
    shippingCostCents: q.shippingCents,
    grandTotalCents: q.totalCents,
    shippingOptions: requiresShipping(lines) ? shipping.methods.map(option) : [],
    selectedShippingOption: q.method ? option(q.method) : null,
    shippingLocation,
    applicableTaxRules:
      lines.length > 0 && q.taxBasisPoints > 0
        ? [
            {
              country: taxedAt.country,
              region: taxedAt.region,
              basisPoints: q.taxBasisPoints,
              rate: rateText(q.taxBasisPoints),
              taxShipping: tax.taxShipping,
              taxCents: q.taxCents,
            },
          ]
        : [],
  };
}

/**
 * checkoutFieldsOf for the cart `cartId` as the checkout page would show it now, from `cart`, the
 * view of it the caller has just read (the cart JSON routes: GET, add, additionalFields), so an add
 * to cart does not read the cart twice: the lines are priced from the view (pricedLines). What is
 * left to read is one row: the checkout draft of an open cart, or the order of a bought one (its
 * view is empty; an open cart has none, as checkout writes the order and closes the cart together).
 */
export async function cartCheckoutFields(store: CartStore, cartId: string | null, cart: CartView): Promise<CartCheckoutFields> {
  const open = cart.id !== null;
  const [orderId, settings, draft] = await Promise.all([
    open ? null : store.orderIdForCart(cartId),
    store.checkoutSettings(),
    open ? store.checkoutDraft(cart.id) : null,
  ]);
  return checkoutFieldsOf(pricedLines(cart), draft?.values ?? defaultValues(settings.shipping, settings.tax), settings, orderId);
}

/**
 * The total the page showed, as Place order sends it back in `shownTotalCents` (issue 33), for the
 * order's transaction to check (CheckoutOptions.shownTotalCents): undefined when the field was not
 * sent (a theme template without it, an API-style client: not checked), NaN when it is malformed
 * (it matches no total, so the page comes back with the totals to confirm, never a 500).
 */
export function shownTotalOf(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  return /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
}

export function checkoutForm(input: CheckoutPageInput): Json {
  const { cart, lines, values, shipping, tax } = input;
  const strings = input.strings ?? {};
  const t = (key: string, english: string, vars?: Record<string, string | number>) => textFrom(strings, key, english, vars);
  const errors = messagesIn(strings, input.errors);
  const currency = cart.currency;
  const locale = input.locale ?? 'en-US';
  const m = (cents: number) => money(cents, currency);
  const moneyText = (cents: number) => formatMoney(cents, currency, locale);
  const ships = requiresShipping(lines);
  const q = pageQuote(lines, values, shipping, tax);
  const byId = new Map(lines.map((l) => [l.id, l]));
  // The applied gift card pays what it can of everything but gift cards; the total shown is what is left.
  const card = input.giftCard ?? null;
  const payable = payableByCard(q.totalCents, lines);
  const cardCents = cardPays(card, currency, payable);
  const dueCents = q.totalCents - cardCents;
  const cardProblem = card ? cardRefusal(card, currency) : null;

  const address = [
    field('name', 'checkout-name', values.name, errors.name, {
      label: t('checkoutNameLabel', 'Full name'),
      autocomplete: 'shipping name',
      required: true,
      maxLength: FIELD_MAX.name,
    }),
    field('line1', 'checkout-line1', values.line1, errors.line1, {
      label: t('checkoutAddressLabel', 'Address'),
      autocomplete: 'shipping address-line1',
      required: true,
      maxLength: FIELD_MAX.line1,
    }),
    field('line2', 'checkout-line2', values.line2, errors.line2, {
      label: t('checkoutLine2Label', 'Apartment, suite, etc. (optional)'),
      autocomplete: 'shipping address-line2',
      required: false,
      maxLength: FIELD_MAX.line2,
    }),
    field('city', 'checkout-city', values.city, errors.city, {
      label: t('checkoutCityLabel', 'City'),
      autocomplete: 'shipping address-level2',
      required: true,
      maxLength: FIELD_MAX.city,
    }),
    field('region', 'checkout-region', values.region, errors.region, {
      label: t('checkoutRegionLabel', 'State / Province / Region'),
      autocomplete: 'shipping address-level1',
      required: false,
      maxLength: FIELD_MAX.region,
      hint: t('checkoutRegionHint', 'Required in the US (state) and Canada (province): the code or the name, like NY or Nova Scotia.'),
      list: 'checkout-regions',
    }),
    field('postalCode', 'checkout-postal-code', values.postalCode, errors.postalCode, {
      label: t('checkoutPostalCodeLabel', 'ZIP / Postal code'),
      autocomplete: 'shipping postal-code',
      required: false,
      maxLength: FIELD_MAX.postalCode,
      hint: t(
        'checkoutPostalCodeHint',
        'US: a ZIP code, 12345 or 12345-6789. Canada: A1A 1A1. UK: a postcode like SW1A 1AA. Elsewhere: if your country uses one.',
      ),
    }),
  ];

  const methods = shipping.methods.map((method) => {
    const cost = shippingCost(method, q.subtotalCents, shipping);
    const freeNote =
      method.freeEligible && shipping.freeFromCents !== null
        ? t('checkoutFreeFromText', ', free on orders of {amount} or more', { amount: moneyText(shipping.freeFromCents) })
        : '';
    return {
      id: method.id,
      inputId: `checkout-shipping-${method.id}`,
      label: messageIn(strings, method.label),
      description: messageIn(strings, method.description),
      priceText: cost === 0 ? t('checkoutFreeText', 'Free') : moneyText(cost),
      rateNote: method.rateCents === 0 ? '' : `${moneyText(method.rateCents)}${freeNote}`,
      checked: method.id === values.shippingMethod,
    };
  });

  const gifts = cart.entries
    .filter((e) => e.productType === ProductType.GIFT_CARD)
    .map((e) => {
      const g = values.gifts[e.id] ?? { recipientEmail: '', message: '' };
      const title = Object.keys(e.attributes).length > 0 ? `${e.title} (${Object.values(e.attributes).join(', ')})` : e.title;
      return {
        entryId: e.id,
        title,
        quantity: e.quantity,
        recipient: field(giftRecipientField(e.id), `gift-recipient-${e.id}`, g.recipientEmail, errors[giftRecipientField(e.id)], {
          label: t('checkoutGiftRecipientLabel', "Recipient's email for {title}", { title }),
          type: 'email',
          maxLength: 256,
        }),
        message: field(giftMessageField(e.id), `gift-message-${e.id}`, g.message, errors[giftMessageField(e.id)], {
          label: t('checkoutGiftMessageLabel', 'Message for the recipient (optional, at most {max} characters)', { max: GIFT_MESSAGE_MAX }),
          required: false,
          textarea: true,
          hint: t('checkoutGiftMessageHint', 'Sent with the gift card.'),
        }),
      };
    });

  // Every error, in the order of the form, for the summary above it (links to the fields).
  const order = [
    'email',
    'shippingMethod',
    'name',
    'line1',
    'line2',
    'city',
    'region',
    'postalCode',
    'country',
    'giftCardCode',
    ...gifts.flatMap((g) => [String(g.recipient.name), String(g.message.name)]),
  ];
  const ids: Record<string, string> = {
    email: 'checkout-email',
    shippingMethod: `checkout-shipping-${shipping.methods[0]?.id ?? ''}`,
    country: 'checkout-country',
    giftCardCode: 'checkout-gift-card-code',
    ...Object.fromEntries([...address, ...gifts.flatMap((g) => [g.recipient, g.message])].map((f) => [String(f.name), String(f.id)])),
  };
  const labelOf: Record<string, string> = {
    email: t('checkoutEmailLabel', 'Email'),
    shippingMethod: t('checkoutShippingMethodLabel', 'Shipping method'),
    country: t('checkoutCountryLabel', 'Country'),
    giftCardCode: t('checkoutGiftCardCodeLabel', 'Gift card code'),
    ...Object.fromEntries([...address, ...gifts.flatMap((g) => [g.recipient, g.message])].map((f) => [String(f.name), String(f.label)])),
  };
  const errorList = order.filter((k) => errors[k]).map((k) => ({ href: `#${ids[k]}`, label: labelOf[k], message: errors[k] }));

  return {
    requiresShipping: ships,
    email: field('email', 'checkout-email', values.email, errors.email, {
      label: t('checkoutEmailLabel', 'Email'),
      type: 'email',
      autocomplete: 'email',
      maxLength: 256,
      hint: t('checkoutEmailHint', 'Your order confirmation is sent here.'),
    }),
    address,
    country: field('country', 'checkout-country', values.country, errors.country, {
      label: t('checkoutCountryLabel', 'Country'),
      options: countriesIn(locale, COUNTRIES).map((c) => ({ ...c, selected: c.code === values.country })),
    }),
    shippingMethod: { error: errors.shippingMethod ?? null, errorId: 'checkout-shipping-error', methods },
    regions: [
      ...Object.entries(US_STATES).map(([code, name]) => ({ code, name })),
      ...Object.entries(CA_PROVINCES).map(([code, name]) => ({ code, name })),
    ],
    gifts,
    giftCard: {
      // The field and its Apply button show while no card is applied.
      codeField: card
        ? null
        : field('giftCardCode', 'checkout-gift-card-code', values.giftCardCode ?? '', errors.giftCardCode, {
            label: t('checkoutGiftCardCodeLabel', 'Gift card code'),
            required: false,
            maxLength: 64,
            autocomplete: 'off',
            hint: t('checkoutGiftCardHint', 'The 16 characters from the gift card email, like ABCD-EFGH-JKLM-NPQR.'),
          }),
      applied: card
        ? {
            maskedCode: maskCode(card.code),
            used: m(cardCents),
            remaining: m(Math.max(0, card.balanceCents - cardCents)),
            problem: cardProblem ? messageIn(strings, cardProblem) : null,
          }
        : null,
      // A cart of gift cards and other things: say what the card does not pay for.
      note:
        lines.some((l) => l.productType === ProductType.GIFT_CARD) && (card || payable === 0)
          ? messageIn(strings, payable === 0 ? GIFT_CARD_TEXT.notForGiftCards : GIFT_CARD_TEXT.partlyGiftCards)
          : null,
    },
    errors: errorList.length > 0 ? { summary: t('checkoutAnyInvalidText', TEXT.anyInvalid), list: errorList } : null,
    totals: {
      subtotal: m(q.subtotalCents),
      shipping: m(q.shippingCents),
      shippingText: !ships
        ? t('checkoutShippingNotNeededText', 'Not needed')
        : q.method
          ? q.shippingCents === 0
            ? t('checkoutFreeText', 'Free')
            : moneyText(q.shippingCents)
          : t('checkoutChooseMethodShortText', 'Choose a method'),
      shippingLabel: q.method ? messageIn(strings, q.method.label) : t('checkoutShippingText', 'Shipping'),
      tax: m(q.taxCents),
      taxLabel:
        q.taxBasisPoints > 0 ? t('checkoutTaxRateText', 'Tax ({rate})', { rate: rateText(q.taxBasisPoints) }) : t('checkoutTaxText', 'Tax'),
      // With a gift card applied: what the card pays, and the total is what is left to pay.
      giftCard:
        card && cardCents > 0
          ? { label: t('checkoutGiftCardPaidText', 'Gift card {code}', { code: maskCode(card.code) }), amount: m(-cardCents) }
          : null,
      total: m(dueCents),
      // Sent back with Place order (a hidden field): the server places the order only at this total.
      totalCents: dueCents,
      // Prices moved since the lines were added: the page says the order uses today's.
      pricesChanged: lines.some((l) => byId.get(l.id) && cart.entries.find((e) => e.id === l.id)?.unitPriceCents !== l.unitPriceCents),
    },
  };
}
