// The product-price and subscription-price blocks: single, "from" and sale prices, and the
// billing text of subscription products ("every 2 weeks for 1 year"), localizable per key.
import type { Context } from '../../context.js';
import { priceHtml, useCldrMoney } from './money.js';
import {
  fromPrice,
  hasVariedPrices,
  isOnSale,
  moneyAmount,
  normalPrice,
  PHYSICAL,
  productType,
  rawProductType,
  salePrice,
  SERVICE,
  structured,
  variants,
  type Price,
} from './product.js';
import { asNumber, bool, child, hasLocalized, localizedStrings, message, str, truthy } from './util.js';

const SALE_LABEL = '<span class="visually-hidden v6-visually-hidden">Sale Price:</span>';
const ORIGINAL_LABEL = ' <span class="visually-hidden v6-visually-hidden">Original Price:</span><span class="original-price">';

/** Billing periods per year, for turning a total duration into years. */
const PER_YEAR: Record<string, number> = { WEEK: 52, MONTH: 12, YEAR: 1 };

/** A subscription plan, reduced to what its price text needs. */
interface Plan {
  /** Billing period length (parsed leniently). */
  every: number;
  /** Unit name in lower case ("week"). */
  unit: string;
  /** Unit with a capital ("Week"), as used in message keys. */
  unitKey: string;
  cycles: number;
  /** Total duration: in years when it divides evenly, else in billing units. */
  count: number;
  years: boolean;
  /** Total duration before conversion (0 means indefinite for the message key). */
  total: number;
}

function readPlan(plan: unknown): Plan {
  const period = child(plan, 'billingPeriod');
  const every = asNumber(child(period, 'value'));
  const rawUnit = child(period, 'unit');
  const unit = str(rawUnit).toLowerCase();
  const unitKey = unit.length > 0 ? unit[0].toUpperCase() + unit.slice(1) : '';
  const cycles = asNumber(child(plan, 'numBillingCycles'));
  const total = every * cycles;
  const perYear = typeof rawUnit === 'string' && Object.prototype.hasOwnProperty.call(PER_YEAR, rawUnit) ? PER_YEAR[rawUnit] : 0;
  let count = total;
  let years = false;
  if (perYear > 0 && total > 0 && total % perYear === 0) {
    count = total / perYear;
    years = true;
  }
  return { every, unit, unitKey, cycles, count, years, total };
}

/** The localizedStrings key of a plan's price text. */
function planKey(p: Plan, multiple: boolean): string {
  let key = 'productPrice__' + (multiple ? 'multiplePrices' : 'singlePrice') + '__' + (p.every === 1 ? '1' : 'n') + p.unitKey + 'ly__';
  if (p.total !== 0) {
    key += 'limited__' + (p.count === 1 ? '1' : 'n') + (p.years ? 'Years' : p.unitKey + 's');
  } else {
    key += 'indefinite';
  }
  return key;
}

/** The built-in English price text of a plan. */
function planDefault(p: Plan, price: string, multiple: boolean): string {
  let s = multiple ? 'from ' + price + ' every ' : price + ' every ';
  s += p.every > 1 ? String(p.every) + ' ' + p.unit + 's' : p.unit;
  if (p.cycles > 0) {
    const name = p.years ? 'year' : p.unit;
    s += ' for ' + String(p.count) + ' ' + (p.count === 1 ? name : name + 's');
  }
  return s;
}

/** Price text of one price under a subscription plan, localized when the site overrides it. */
function planText(ctx: Context, strings: unknown, p: Plan, price: string, multiple: boolean): string {
  const cldr = ctx.cldr;
  if (cldr === undefined) return '';
  const key = planKey(p, multiple);
  if (hasLocalized(strings, key)) {
    const msg = str((strings as Record<string, unknown>)[key]);
    const duration = p.count;
    const positional = multiple ? [price, price, p.every, duration] : [price, p.every, duration];
    return message(ctx, msg, positional, { price, billingPeriodValue: p.every, duration });
  }
  return planDefault(p, price, multiple);
}

/**
 * "from {price}", localized through productPriceFromText. The product price passes the price by
 * name and position (with empty plan arguments); the subscription price only by position.
 */
function fromText(ctx: Context, strings: unknown, price: string, named: boolean): string {
  const cldr = ctx.cldr;
  if (cldr === undefined) return '';
  if (hasLocalized(strings, 'productPriceFromText')) {
    const msg = str((strings as Record<string, unknown>).productPriceFromText);
    return named
      ? message(ctx, msg, [price, price], { fromPrice: price, price, billingPeriodValue: null, duration: null })
      : message(ctx, msg, [price], NO_ARGS);
  }
  return 'from ' + price;
}

const NO_ARGS = {};

/**
 * "Unavailable" (a subscription without a billing period), localized through
 * productPriceUnavailable; the published template formats it with the price arguments all "true".
 */
function unavailableText(ctx: Context, strings: unknown): string {
  if (ctx.cldr === undefined) return '';
  if (!hasLocalized(strings, 'productPriceUnavailable')) return 'Unavailable';
  const msg = str((strings as Record<string, unknown>).productPriceUnavailable);
  return message(ctx, msg, ['true', 'true'], { fromPrice: 'true', price: 'true', billingPeriodValue: null, duration: null });
}

/** The inside of `<div class="product-price">`. */
function productPriceBody(ctx: Context, item: unknown): string {
  const sc = structured(item);
  const subscribable = bool(child(sc, 'isSubscribable'));
  let plan: Plan | null = null;
  if (subscribable) {
    const raw = child(sc, 'subscriptionPlan');
    if (child(raw, 'billingPeriod') === undefined) return unavailableText(ctx, localizedStrings(ctx, item)) + '\n';
    plan = readPlan(raw);
  }
  const flag = useCldrMoney(ctx, item);
  // The CLDR price block needs locale data; without it nothing is printed.
  if (flag && ctx.cldr === undefined) return '';
  const varied = hasVariedPrices(item);
  const strings = localizedStrings(ctx, item);
  // The explicit "undefined" product type (-1) has no price at all.
  const noPrice = plan === null && rawProductType(item) === -1;
  const money = (p: Price) => (noPrice ? '' : priceHtml(ctx, p.amount, p.money, flag));
  if (varied) {
    const html = money(fromPrice(item));
    return (plan !== null ? planText(ctx, strings, plan, html, true) : fromText(ctx, strings, html, true)) + '\n';
  }
  const single = (p: Price) => {
    const html = money(p);
    return plan !== null ? planText(ctx, strings, plan, html, false) : html;
  };
  if (isOnSale(item)) {
    return SALE_LABEL + single(salePrice(item)) + ORIGINAL_LABEL + single(normalPrice(item)) + '</span>\n';
  }
  return single(normalPrice(item));
}

export function productPrice(ctx: Context, item: unknown): string {
  return '\n\n\n<div class="product-price">\n' + productPriceBody(ctx, item) + '\n</div>';
}

/**
 * The price of a subscribable product's first pricing option, on the variant that sells
 * cheapest ("from" when the variants' prices vary).
 */
function subscriptionPriceBody(ctx: Context, item: unknown): string {
  const t = productType(item);
  if (t !== PHYSICAL && t !== SERVICE) return '';
  const vs = variants(item);
  let chosen: unknown = undefined;
  let best: Price | null = null;
  for (let i = 0; i < vs.length; i++) {
    const v = vs[i];
    const m = child(v, truthy(child(v, 'onSale')) ? 'salePriceMoney' : 'priceMoney');
    const amount = moneyAmount(m);
    if (best === null || amount.compare(best.amount) < 0) {
      best = { amount, money: m };
      chosen = v;
    }
  }
  const options = child(chosen, 'pricingOptions');
  const option = child(options, '0');
  if (option === undefined) return '';
  const flag = useCldrMoney(ctx, item);
  if (flag && ctx.cldr === undefined) return '';
  const money = (m: unknown) => priceHtml(ctx, moneyAmount(m), m, flag);
  const onSale = truthy(child(option, 'onSale'));
  if (hasVariedPrices(item)) {
    const html = money(child(option, onSale ? 'salePriceMoney' : 'priceMoney'));
    return fromText(ctx, localizedStrings(ctx, item), html, false) + '\n';
  }
  if (onSale) {
    return SALE_LABEL + money(child(option, 'salePriceMoney')) + ORIGINAL_LABEL + money(child(option, 'priceMoney')) + '</span>\n';
  }
  return money(child(option, 'priceMoney'));
}

export function subscriptionPrice(ctx: Context, item: unknown): string {
  return '\n\n\n<div class="subscription-price">\n' + subscriptionPriceBody(ctx, item) + '\n</div>';
}
