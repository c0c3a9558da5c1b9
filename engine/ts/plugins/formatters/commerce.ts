// Formatters of the commerce domain: prices and money, product status and the storefront's
// product blocks (add to cart, variants, quantity, restock, scarcity, quick view), cart bits
// and the form-answer summary. The logic lives in ../commerce/.
import type { Context } from '../../context.js';
import { valueFormatter, type Formatter, type FormatterTable, type Variable } from '../../types.js';
import { summaryFormField } from '../commerce/form.js';
import {
  addToCartButton,
  cartQuantity,
  productCheckout,
  productStatus,
  quantityInput,
  quickView,
  restockNotification,
  scarcity,
  variantsSelect,
} from '../commerce/html.js';
import { bookkeeperMoney, percentage } from '../commerce/money.js';
import { productPrice, subscriptionPrice } from '../commerce/price.js';
import { fromPrice, normalPrice, salePrice, toCents } from '../commerce/product.js';
import { child, str } from '../commerce/util.js';

/** A formatter that replaces the value by a function of it. */
function of(fn: (ctx: Context, value: unknown, args: string[]) => string | undefined): Formatter {
  return valueFormatter((ctx, args, v) => fn(ctx, v, args));
}

export const formatters: FormatterTable = {
  'add-to-cart-btn': of(addToCartButton),
  'bookkeeper-money-format': of((ctx, v) => (ctx.cldr === undefined ? '' : bookkeeperMoney(ctx.cldr, v))),
  'cart-quantity': of((_ctx, v) => cartQuantity(v)),
  'cart-subtotal': of(() => 'deprecated, do not use'),
  'cart-url': of(() => '/cart'),
  'from-price': of((_ctx, v) => toCents(fromPrice(v).amount)),
  'normal-price': of((_ctx, v) => toCents(normalPrice(v).amount)),
  'percentage-format': of((ctx, v, args) => (ctx.cldr === undefined ? '' : percentage(ctx.cldr, v, args[0] === 'trim'))),
  'product-checkout': of(productCheckout),
  'product-price': of(productPrice),
  'product-quick-view': of(quickView),
  'product-restock-notification': of(restockNotification),
  // Anything but an object, or a product without scarcity on, passes through unchanged.
  'product-scarcity': (ctx: Context, _args: string[], vars: Variable[]) => {
    const v = vars[0].value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return;
    const out = scarcity(ctx, v);
    if (out !== undefined) vars[0].value = out;
  },
  'product-status': of(productStatus),
  'quantity-input': of(quantityInput),
  'sale-price': of((_ctx, v) => toCents(salePrice(v).amount)),
  'subscription-price': of(subscriptionPrice),
  'summary-form-field': (ctx: Context, _args: string[], vars: Variable[]) => {
    const out = summaryFormField(ctx, vars[0].value);
    vars[0].value = out === null ? undefined : out;
  },
  'variant-descriptor': of((_ctx, v) => {
    const values = child(v, 'optionValues');
    if (!Array.isArray(values)) return '';
    let out = '';
    for (let i = 0; i < values.length; i++) {
      if (i > 0) out += ' / ';
      out += str(child(values[i], 'value'));
    }
    return out;
  }),
  'variants-select': of(variantsSelect),
};
