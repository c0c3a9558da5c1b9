// The HTML blocks of the storefront: add-to-cart button, variant selectors, quantity input,
// quick-view button, product status mark, back-in-stock form, scarcity notice, cart quantity.
// Whitespace is part of the output contract (sites style and script against it).
import type { Context } from '../../context.js';
import { GIFT_CARD, isOnSale, isSoldOut, PHYSICAL, productType, SERVICE, structured } from './product.js';
import {
  asNumber,
  bool,
  child,
  count,
  json,
  localized,
  localizedOr,
  localizedStrings,
  lookup,
  lookupIn,
  message,
  str,
  text,
  truthy,
} from './util.js';

/** Number of entries of a list or keys of an object; 0 for anything else. */
function size(v: unknown): number {
  if (Array.isArray(v)) return v.length;
  if (v !== null && typeof v === 'object') return Object.keys(v).length;
  return 0;
}

const NL13 = '\n'.repeat(13);
const NO_NAMED: Record<string, unknown> = {};

export function addToCartButton(ctx: Context, item: unknown): string {
  const esc = ctx.kernels.escapeAttr;
  const sc = structured(item);
  const form = child(sc, 'additionalFieldsForm');
  const useForm = truthy(child(sc, 'additionalFieldsFormId')) && truthy(form);
  const useCustom = child(sc, 'useCustomAddButtonText');
  const custom = child(sc, 'customAddButtonText');
  const subscribable = child(sc, 'isSubscribable');
  const isSub = truthy(subscribable);
  const strings = localizedStrings(ctx, item);
  let label: string;
  if (truthy(useCustom) && truthy(custom)) label = text(custom);
  else if (isSub) label = localizedOr(strings, 'productSubscribeText', 'Subscribe');
  else label = localizedOr(strings, 'productAddToCartText', 'Add To Cart');
  // The option id is shown for subscribable products with subscription options; a list or
  // object flag makes the published engine's `&&` expression fail (reported, no option id).
  const options = child(sc, 'productSubscriptionOptions');
  let showOption = false;
  if (subscribable !== null && typeof subscribable === 'object') {
    ctx.error(
      'Error reducing expression: @hasProductSubsOptionAndIsSubscribable = @subsOTPOptionsCount && @isSubscribable: Invalid arguments to operator logical and',
    );
  } else {
    showOption = count(options) > 0 && isSub;
  }
  const l = esc(label);
  return (
    NL13 +
    '<div class="sqs-add-to-cart-button-wrapper" data-animation-role="button">\n' +
    '  <div class="sqs-add-to-cart-button sqs-suppress-edit-mode sqs-editable-button sqs-button-element--primary ' +
    (useForm ? 'use-form' : '') +
    '" role="button" tabindex="0" data-dynamic-strings data-collection-id="' +
    text(lookup(ctx, item, COLLECTION_ID)) +
    '" data-item-id="' +
    text(lookup(ctx, item, ID)) +
    '" data-product-type="' +
    text(child(sc, 'productType')) +
    '" data-use-custom-label="' +
    text(useCustom) +
    '"' +
    (isSub ? ' data-is-subscription="' + text(subscribable) + '"' : '') +
    ' data-original-label="' +
    l +
    '"' +
    (useForm ? ' data-form="' + esc(json(form)) + '"' : ' ') +
    (showOption ? 'data-subscription-option-id="' + text(child(child(options, '0'), 'id')) + '"' : '') +
    '>\n' +
    '    <div class="sqs-add-to-cart-button-inner">' +
    l +
    '</div>\n' +
    '  </div>\n' +
    '</div>'
  );
}

const COLLECTION_ID = ['collectionId'];
const ID = ['id'];

/** Distinct values of one option across the variants, in order of appearance. */
function optionValues(vs: unknown, n: number, name: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const attrs = child(child(vs, String(i)), 'attributes');
    if (attrs === null || typeof attrs !== 'object' || !Object.prototype.hasOwnProperty.call(attrs, name)) continue;
    const v = str((attrs as Record<string, unknown>)[name]);
    if (out.indexOf(v) < 0) out.push(v);
  }
  return out;
}

export function variantsSelect(ctx: Context, item: unknown): string | undefined {
  const sc = structured(item);
  const vs = child(sc, 'variants');
  const ordering = child(sc, 'variantOptionOrdering');
  const nVariants = size(vs);
  const names = size(ordering);
  // No options: a missing value, not an empty string.
  if (nVariants <= 1 || names === 0) return undefined;
  const esc = ctx.kernels.escapeAttr;
  const giftCard = productType(item) === GIFT_CARD;
  const strings = localizedStrings(ctx, item);
  const cldr = ctx.cldr !== undefined;
  let out =
    '\n  \n  \n  \n  \n\n  <div class="product-variants" data-item-id="' +
    text(child(item, 'id')) +
    '" data-variants="' +
    esc(json(vs)) +
    '"';
  if (truthy(child(sc, 'isSubscribable'))) {
    out += ' data-is-subscribable="true" data-subscription-plan="' + esc(json(child(sc, 'subscriptionPlan'))) + '"';
  }
  out += ' data-animation-role="content">\n';
  for (let i = 0; i < names; i++) {
    const name = str(child(ordering, String(i)));
    const n = esc(name);
    let title: string;
    let select: string;
    if (giftCard) {
      const t = child(strings, 'giftCardValueDisplayText');
      title = truthy(t) ? esc(message(ctx, text(t), [name], NO_NAMED)) : cldr ? 'Value' : '';
      const s = child(strings, 'giftCardVariantSelectText');
      select = truthy(s) ? message(ctx, text(s), [name], { variantName: name }) : cldr ? 'Select Value' : '';
    } else {
      title = cldr ? n : '';
      const s = child(strings, 'productVariantSelectText');
      select = truthy(s) ? message(ctx, text(s), [name], { variantName: name }) : cldr ? 'Select ' + name : '';
    }
    const values = optionValues(vs, nVariants, name);
    let options = '';
    let radios = '';
    for (const value of values) {
      const v = esc(value);
      options += '<option value="' + v + '">' + v + '</option>';
      radios +=
        '      <input type="radio" class="variant-radiobtn" value="' +
        v +
        '" name="variant-option-' +
        n +
        '" id="variant-option-' +
        n +
        '-' +
        v +
        '"/>\n' +
        '      <label class="sqs-button-element--secondary" role="button" tabindex="0" for="variant-option-' +
        n +
        '-' +
        v +
        '">' +
        v +
        '</label>\n';
    }
    out +=
      '    <div class="variant-option">\n' +
      '    <div class="variant-option-title">' +
      title +
      ': </div>\n' +
      '    <div class="variant-select-wrapper">\n' +
      '      <select aria-label="' +
      select +
      '" data-variant-option-name="' +
      n +
      '">\n' +
      '        <option value="">' +
      esc(select) +
      '</option>\n' +
      '        ' +
      options +
      '\n' +
      '      </select>\n' +
      '    </div>\n' +
      '    <div class="variant-radiobtn-wrapper" data-variant-option-name="' +
      n +
      '">\n' +
      radios +
      '    </div>\n' +
      '    </div>\n';
  }
  return out + '  </div>\n';
}

const MULTIPLE_QTY = ['websiteSettings', 'storeSettings', 'multipleQuantityAllowedForServices'];

/** Shown for physical products (and services when the store allows it) with stock above one. */
function showQuantity(ctx: Context, item: unknown): boolean {
  const t = productType(item);
  if (t !== PHYSICAL && t !== SERVICE) return false;
  if (t === SERVICE) {
    const allowed = lookup(ctx, item, MULTIPLE_QTY);
    if (allowed !== undefined && allowed !== null && !bool(allowed)) return false;
  }
  const sc = structured(item);
  if (bool(child(sc, 'isSubscribable'))) return false;
  const vs = child(sc, 'variants');
  if (!Array.isArray(vs)) return false;
  let total = 0;
  for (let i = 0; i < vs.length; i++) {
    const v = vs[i];
    if (truthy(child(v, 'unlimited'))) return true;
    total += asNumber(child(v, 'qtyInStock'));
  }
  // An unreadable stock figure (NaN) does not hide the input.
  return !(total <= 1);
}

export function quantityInput(ctx: Context, item: unknown): string | undefined {
  // Hidden: a missing value, not an empty string.
  if (!showQuantity(ctx, item)) return undefined;
  const label = localized(localizedStrings(ctx, item), 'productQuantityInputLabel', 'Quantity');
  return (
    '\n\n\n<div class="product-quantity-input" data-item-id="' +
    text(child(item, 'id')) +
    '" data-animation-role="content">\n' +
    '  <div class="quantity-label">' +
    label +
    ':</div>\n' +
    '  <input aria-label="' +
    label +
    '" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n' +
    '</div>'
  );
}

export function productCheckout(ctx: Context, item: unknown): string {
  return (variantsSelect(ctx, item) ?? '') + (quantityInput(ctx, item) ?? '') + addToCartButton(ctx, item);
}

export function quickView(ctx: Context, item: unknown, args: string[]): string {
  let group = '';
  if (args.length > 0) {
    const v = lookup(ctx, item, [args[0]]);
    group = v === undefined ? args[0] : str(v);
  }
  const label = localized(localizedStrings(ctx, item), 'productQuickViewText', 'Quick View');
  return (
    '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="' +
    text(child(item, 'id')) +
    '" data-group="' +
    group +
    '">' +
    label +
    '</span>'
  );
}

const MERCHANDISING = ['productMerchandisingContext'];

/** The merchandising settings of a product (`productMerchandisingContext[id]`). */
function merchandising(ctx: Context, item: unknown): unknown {
  return child(lookup(ctx, item, MERCHANDISING), str(child(item, 'id')));
}

export function productStatus(ctx: Context, item: unknown): string {
  // Texts read as the published engine reads scalars (false is "false"; lists and objects are
  // ''): the first non-empty of the product's own, the site's localized one, the default.
  if (isSoldOut(item)) {
    const label =
      str(child(merchandising(ctx, item), 'customSoldOutText')) ||
      str(child(localizedStrings(ctx, item), 'productSoldOutText')) ||
      'sold out';
    return '<div class="product-mark sold-out">' + ctx.kernels.escapeAttr(label) + '</div>';
  }
  if (isOnSale(item)) {
    const label = str(child(localizedStrings(ctx, item), 'productSaleText')) || 'sale';
    return '<div class="product-mark sale">' + label + '</div>';
  }
  return '';
}

const WEBSITE = ['website'];

export function restockNotification(ctx: Context, item: unknown): string {
  const m = merchandising(ctx, item);
  const views = child(m, 'restockNotificationViews');
  let out = '\n\n\n\n\n\n';
  if (!Array.isArray(views) || views.length === 0) return out;
  const esc = ctx.kernels.escapeAttr;
  const messages = child(m, 'restockNotificationMessages');
  const siteKey = child(child(lookup(ctx, item, WEBSITE), 'captchaSettings'), 'siteKey');
  // Settings the form reads per view, with the product's values as defaults.
  const model: Record<string, unknown> = {
    mailingListSignUpEnabled: child(m, 'mailingListSignUpEnabled'),
    mailingListOptInByDefault: child(m, 'mailingListOptInByDefault'),
    captchaSiteKey: siteKey,
  };
  const cta = esc(text(child(messages, 'CTAText')));
  const placeholder = esc(text(child(messages, 'placeholderText')));
  const button = esc(text(child(messages, 'buttonText')));
  const description = esc(text(child(messages, 'mailingListDescription')));
  const productId = text(child(item, 'id'));
  for (let i = 0; i < views.length; i++) {
    const view = views[i];
    const get = (key: string) => {
      const v = child(view, key);
      if (v !== undefined) return v;
      if (model[key] !== undefined) return model[key];
      return lookupIn(ctx, [item, model, views], [key]);
    };
    out +=
      '\n<div class="product-restock-notification" data-product-id="' +
      productId +
      '" data-variant-id="' +
      text(get('variantId')) +
      '"' +
      (truthy(get('hiddenByDefault')) ? ' hidden' : '') +
      '>\n' +
      '  <span class="product-restock-cta">' +
      cta +
      '</span>\n' +
      '  <form class="product-restock-form" action="#">\n' +
      '    <input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="' +
      placeholder +
      '">\n' +
      '    <input class="sqs-editable-button" type="submit" value="' +
      button +
      '">\n' +
      '  </form>\n' +
      (truthy(get('mailingListSignUpEnabled'))
        ? '  <label class="product-restock-mailing-list"><input type="checkbox" name="isJoinMailingList"' +
          (truthy(get('mailingListOptInByDefault')) ? ' checked' : '') +
          '>' +
          description +
          '</label>\n'
        : '\n') +
      (truthy(get('captchaSiteKey')) ? '  <div class="captcha-container"></div>\n' : '\n') +
      '</div>\n';
  }
  return out;
}

/** The scarcity block; undefined (the value stays as it was) when scarcity is off for the product. */
export function scarcity(ctx: Context, item: unknown): string | undefined {
  const m = merchandising(ctx, item);
  if (!bool(child(m, 'scarcityEnabled'))) return undefined;
  const views = child(m, 'scarcityTemplateViews');
  if (!Array.isArray(views) || views.length === 0) return '';
  const esc = ctx.kernels.escapeAttr;
  const defaultText = child(m, 'scarcityText');
  let out = '';
  for (let i = 0; i < views.length; i++) {
    const view = views[i];
    const attrs = child(view, 'attributes');
    const own = child(view, 'scarcityText');
    const msg = str(own !== undefined ? own : defaultText);
    const q = child(view, 'qtyInStock');
    const qty = q === undefined ? null : q;
    const body = message(ctx, msg, [qty], { qtyInStock: qty });
    out +=
      '\n  <div class="product-scarcity"' +
      (truthy(attrs) ? ' data-variant-attributes="' + esc(json(attrs)) + '" hidden' : '') +
      '>\n    ' +
      esc(body) +
      '\n  </div>\n';
  }
  return out;
}

export function cartQuantity(cart: unknown): string {
  const entries = child(cart, 'entries');
  let total = 0;
  if (Array.isArray(entries)) {
    for (let i = 0; i < entries.length; i++) total += asNumber(child(entries[i], 'quantity'));
  }
  return '<span class="sqs-cart-quantity">' + String(total) + '</span>';
}
