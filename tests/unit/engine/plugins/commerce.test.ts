// Commerce formatters and predicates: money text, price rules, subscriptions, product blocks,
// form-answer summaries. Data is made up here; expected outputs were checked against the
// published engine.
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/node.js';
import { Decimal } from '@phensley/cldr';
import { Context } from '../../../../engine/ts/context.js';
import { tsKernels } from '../../../../engine/ts/kernels.js';
import '../../../../engine/ts/locale.node.js';
import { getCldr } from '../../../../engine/ts/locale.js';
import { legacyMoney, bookkeeperMoney, percentage } from '../../../../engine/ts/plugins/commerce/money.js';
import { fromPrice, hasVariedPrices, isSoldOut, normalPrice, salePrice } from '../../../../engine/ts/plugins/commerce/product.js';
import { formatters } from '../../../../engine/ts/plugins/formatters/commerce.js';

const r = (tpl: string, json: unknown, locale: string | null = 'en') => render(tpl, json, { locale }).output;

/** Calls a formatter directly on a value, with `root` as the data. */
function fmt(name: string, value: unknown, root: unknown = {}, args: string[] = [], locale: string | null = 'en'): unknown {
  const ctx = new Context({ root, kernels: tsKernels, locale, cldr: locale === null ? undefined : getCldr(locale) });
  const vars = [{ value }];
  const f = formatters[name];
  if (typeof f !== 'function') throw new Error('no formatter ' + name);
  f(ctx, args, vars);
  return vars[0].value;
}

const physical = (variants: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 'p1',
  collectionId: 'c1',
  structuredContent: { productType: 1, variants, ...extra },
});
const v = (price: string, extra: Record<string, unknown> = {}) => ({ priceMoney: { value: price, currency: 'USD' }, ...extra });

describe('money text', () => {
  const ctx = new Context({ root: {}, kernels: tsKernels, locale: 'en', cldr: getCldr('en') });
  it('formats the legacy way: comma groups, two decimals rounded half up', () => {
    expect(legacyMoney(ctx, new Decimal('1234567.125'))).toBe('1,234,567.13');
    expect(legacyMoney(ctx, new Decimal('0.005'))).toBe('0.01');
    expect(legacyMoney(ctx, new Decimal('-42'))).toBe('-42.00');
    expect(legacyMoney(ctx, new Decimal('-0'))).toBe('-0.00');
  });
  it('formats bookkeeper cents in the locale currency, half even', () => {
    expect(bookkeeperMoney(getCldr('en')!, 98765)).toBe('$987.65');
    expect(bookkeeperMoney(getCldr('en')!, 250.5)).toBe('$2.50');
    expect(bookkeeperMoney(getCldr('de-DE')!, 98765)).toBe('987,65\u00a0€');
    expect(bookkeeperMoney(getCldr('ja')!, 98765)).toBe('￥988');
    expect(bookkeeperMoney(getCldr('en')!, 'oops')).toBe('$0.00');
  });
  it('formats percentages with two or three decimals, or trimmed', () => {
    expect(percentage(getCldr('en')!, 7.25, false)).toBe('7.25');
    expect(percentage(getCldr('en')!, 1000, false)).toBe('1,000.00');
    expect(percentage(getCldr('en')!, 7.1234, true)).toBe('7.123');
    expect(percentage(getCldr('en')!, 7, true)).toBe('7');
  });
  it('prints nothing without locale data', () => {
    expect(fmt('bookkeeper-money-format', 500, {}, [], null)).toBe('');
    expect(fmt('percentage-format', 5, {}, [], null)).toBe('');
  });
});

describe('price rules', () => {
  it('takes the highest normal price, lowest sale price, lowest selling price', () => {
    const item = physical([v('4.00'), v('9.50'), v('7.00', { onSale: true, salePriceMoney: { value: '3.25' } })]);
    expect(normalPrice(item).amount.toString()).toBe('9.50');
    expect(salePrice(item).amount.toString()).toBe('3.25');
    expect(fromPrice(item).amount.toString()).toBe('3.25');
    expect(fmt('normal-price', item)).toBe('950');
    expect(fmt('sale-price', item)).toBe('325');
    expect(fmt('from-price', item)).toBe('325');
  });
  it('reads digital products from their own money fields', () => {
    const item = { structuredContent: { productType: 2, priceMoney: { value: '12' }, salePriceMoney: { value: '8' } } };
    expect(fmt('normal-price', item)).toBe('1200');
    expect(fmt('sale-price', item)).toBe('800');
    expect(fmt('from-price', item)).toBe('1200');
  });
  it('is exact on decimals and 0 on unparseable amounts', () => {
    expect(fmt('normal-price', physical([v('0.001')]))).toBe('0.1');
    expect(fmt('normal-price', physical([v('12.3x')]))).toBe('0');
    expect(fmt('normal-price', { structuredContent: { productType: -1 } })).toBe('0');
  });
  it('compares the legacy integer prices to decide whether prices vary', () => {
    expect(hasVariedPrices(physical([{ price: 500 }, { price: 500 }]))).toBe(false);
    expect(hasVariedPrices(physical([{ price: 500 }, { price: 600 }]))).toBe(true);
    expect(
      hasVariedPrices(
        physical([
          { price: 500, onSale: true, salePrice: 100 },
          { price: 500, onSale: true, salePrice: 200 },
        ]),
      ),
    ).toBe(true);
    expect(hasVariedPrices(physical([{ price: 500 }, { price: 500, onSale: true }]))).toBe(true);
    expect(hasVariedPrices({ structuredContent: { productType: 2 } })).toBe(false);
  });
  it('treats physical products without stock as sold out, never digital ones', () => {
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { qtyInStock: 0 }]))).toBe(true);
    expect(isSoldOut(physical([{ qtyInStock: 0 }, { unlimited: true }]))).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 2 } })).toBe(false);
    expect(isSoldOut({ structuredContent: { productType: 99 } })).toBe(true);
  });
});

describe('product-price', () => {
  it('shows a single, a "from" and a sale price', () => {
    expect(r('{p|product-price}', { p: physical([v('5')]) })).toBe(
      '\n\n\n<div class="product-price">\n<span class="sqs-money-native">5.00</span>\n</div>',
    );
    expect(r('{p|product-price}', { p: physical([v('5', { price: 500 }), v('3', { price: 300 })]) })).toBe(
      '\n\n\n<div class="product-price">\nfrom <span class="sqs-money-native">3.00</span>\n\n</div>',
    );
    expect(r('{p|product-price}', { p: physical([v('5', { onSale: true, salePriceMoney: { value: '4' } })]) })).toBe(
      '\n\n\n<div class="product-price">\n<span class="visually-hidden v6-visually-hidden">Sale Price:</span>' +
        '<span class="sqs-money-native">4.00</span> <span class="visually-hidden v6-visually-hidden">Original Price:</span>' +
        '<span class="original-price"><span class="sqs-money-native">5.00</span></span>\n\n</div>',
    );
  });
  it('switches to locale currency text with the feature flag', () => {
    const json = { p: physical([{ priceMoney: { value: '1999.5', currency: 'EUR' } }]), featureFlags: { useCLDRMoneyFormat: true } };
    expect(r('{p|product-price}', json, 'de-DE')).toBe('\n\n\n<div class="product-price">\n1.999,50\u00a0€\n</div>');
    expect(r('{p|product-price}', json, 'en')).toBe('\n\n\n<div class="product-price">\n€1,999.50\n</div>');
  });
  it('localizes the "from" text as a message', () => {
    const json = {
      p: physical([v('5', { price: 500 }), v('3', { price: 300 })]),
      localizedStrings: { productPriceFromText: 'ab {price}' },
    };
    expect(r('{p|product-price}', json)).toContain('\nab <span class="sqs-money-native">3.00</span>\n');
  });
  it('describes subscription plans, in years when the duration divides evenly', () => {
    const sub = (billingPeriod: unknown, numBillingCycles?: number) =>
      r('{p|product-price}', { p: physical([v('9')], { isSubscribable: true, subscriptionPlan: { billingPeriod, numBillingCycles } }) });
    expect(sub({ unit: 'WEEK', value: 1 })).toContain('</span> every week\n');
    expect(sub({ unit: 'MONTH', value: 3 }, 2)).toContain('</span> every 3 months for 6 months\n');
    expect(sub({ unit: 'MONTH', value: 3 }, 8)).toContain('</span> every 3 months for 2 years\n');
    expect(sub({ unit: 'WEEK', value: 4 }, 13)).toContain('</span> every 4 weeks for 1 year\n');
  });
  it("uses the site's message for the plan when there is one", () => {
    const json = {
      p: physical([v('9')], {
        isSubscribable: true,
        subscriptionPlan: { billingPeriod: { unit: 'MONTH', value: 2 }, numBillingCycles: 3 },
      }),
      localizedStrings: { productPrice__singlePrice__nMonthly__limited__nMonths: '{price} / {billingPeriodValue} mo ({duration})' },
    };
    expect(r('{p|product-price}', json)).toContain('\n<span class="sqs-money-native">9.00</span> / 2 mo (6)\n');
  });
  it('says Unavailable for a subscription without a plan', () => {
    expect(r('{p|product-price}', { p: physical([v('9')], { isSubscribable: true }) })).toBe(
      '\n\n\n<div class="product-price">\nUnavailable\n\n</div>',
    );
  });
});

describe('subscription-price', () => {
  it('prices the first pricing option of the cheapest variant', () => {
    const option = (value: string) => [{ priceMoney: { value } }];
    const item = physical([
      { priceMoney: { value: '30' }, pricingOptions: option('27') },
      { priceMoney: { value: '20' }, pricingOptions: option('18') },
    ]);
    expect(fmt('subscription-price', item)).toBe(
      '\n\n\n<div class="subscription-price">\n<span class="sqs-money-native">18.00</span>\n</div>',
    );
    expect(fmt('subscription-price', physical([{ priceMoney: { value: '3' } }]))).toBe('\n\n\n<div class="subscription-price">\n\n</div>');
  });
});

describe('product blocks', () => {
  it('builds the add-to-cart button with custom and localized labels', () => {
    const out = r('{p|add-to-cart-btn}', { p: physical([], { useCustomAddButtonText: true, customAddButtonText: 'Get <it>' }) }) as string;
    expect(out.startsWith('\n'.repeat(13) + '<div class="sqs-add-to-cart-button-wrapper"')).toBe(true);
    expect(out).toContain(
      'data-collection-id="c1" data-item-id="p1" data-product-type="1" data-use-custom-label="true" data-original-label="Get &lt;it&gt;" >',
    );
    const sub = r('{p|add-to-cart-btn}', {
      p: physical([], { isSubscribable: true, productSubscriptionOptions: [{ id: 'opt' }] }),
      localizedStrings: { productSubscribeText: 'Join' },
    });
    expect(sub).toContain('data-is-subscription="true" data-original-label="Join" data-subscription-option-id="opt">');
  });
  it('lists variant options in the given order with distinct values', () => {
    const item = physical([{ attributes: { Size: 'S', Tone: 'dark' } }, { attributes: { Size: 'M', Tone: 'dark' } }], {
      variantOptionOrdering: ['Tone', 'Size'],
    });
    const out = r('{p|variants-select}', { p: item }) as string;
    expect(out.indexOf('variant-option-title">Tone: ')).toBeLessThan(out.indexOf('variant-option-title">Size: '));
    expect(out).toContain('        <option value="dark">dark</option>\n');
    expect(out).toContain('<option value="S">S</option><option value="M">M</option>');
    expect(r('{p|variants-select}', { p: physical([{ attributes: { Size: 'S' } }], { variantOptionOrdering: ['Size'] }) })).toBe('');
  });
  it('shows the quantity input only with more than one item in stock', () => {
    expect(r('{p|quantity-input}', { p: physical([{ qtyInStock: 1 }]) })).toBe('');
    expect(r('{p|quantity-input}', { p: physical([{ qtyInStock: 1 }, { qtyInStock: 1 }]) })).toBe(
      '\n\n\n<div class="product-quantity-input" data-item-id="p1" data-animation-role="content">\n' +
        '  <div class="quantity-label">Quantity:</div>\n' +
        '  <input aria-label="Quantity" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n</div>',
    );
    const service = {
      p: { structuredContent: { productType: 3, variants: [{ unlimited: true }] } },
      websiteSettings: { storeSettings: { multipleQuantityAllowedForServices: false } },
    };
    expect(r('{p|quantity-input}', service)).toBe('');
  });
  it('marks sold-out and sale products, preferring sold out', () => {
    expect(r('{p|product-status}', { p: physical([{ qtyInStock: 0, onSale: true }]) })).toBe(
      '<div class="product-mark sold-out">sold out</div>',
    );
    expect(r('{p|product-status}', { p: physical([{ qtyInStock: 2, onSale: true }]) })).toBe('<div class="product-mark sale">sale</div>');
    const custom = { p: physical([]), productMerchandisingContext: { p1: { customSoldOutText: 'Gone & "done"' } } };
    expect(r('{p|product-status}', custom)).toBe('<div class="product-mark sold-out">Gone &amp; &quot;done&quot;</div>');
  });
  it('renders scarcity notices per variant with the stock count', () => {
    const json = {
      p: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          scarcityEnabled: true,
          scarcityText: '{qtyInStock} to go',
          scarcityTemplateViews: [{ qtyInStock: 2 }, { qtyInStock: 5, attributes: { Size: 'L' } }],
        },
      },
    };
    expect(r('{p|product-scarcity}', json)).toBe(
      '\n  <div class="product-scarcity">\n    2 to go\n  </div>\n' +
        '\n  <div class="product-scarcity" data-variant-attributes="{&quot;Size&quot;:&quot;L&quot;}" hidden>\n    5 to go\n  </div>\n',
    );
  });
  it('renders one back-in-stock form per variant view', () => {
    const json = {
      p: { id: 'p1' },
      productMerchandisingContext: {
        p1: {
          restockNotificationViews: [{ variantId: 'a', hiddenByDefault: true }],
          restockNotificationMessages: { buttonText: 'Go' },
          mailingListSignUpEnabled: false,
        },
      },
    };
    const out = r('{p|product-restock-notification}', json) as string;
    expect(
      out.startsWith('\n'.repeat(7) + '<div class="product-restock-notification" data-product-id="p1" data-variant-id="a" hidden>'),
    ).toBe(true);
    expect(out).toContain('<input class="sqs-editable-button" type="submit" value="Go">');
    expect(out.endsWith('  </form>\n\n\n</div>\n')).toBe(true);
  });
  it('builds the quick-view button with a group looked up by name', () => {
    expect(r('{p|product-quick-view g}', { p: { id: 'p1' }, g: 'grid' })).toBe(
      '<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="p1" data-group="grid">Quick View</span>',
    );
    expect(r('{p|product-quick-view other}', { p: { id: 'p1' } })).toContain('data-group="other"');
  });
  it('joins variant option values and counts cart items', () => {
    expect(r('{v|variant-descriptor}', { v: { optionValues: [{ value: 'Red' }, { value: 'XL' }] } })).toBe('Red / XL');
    expect(r('{c|cart-quantity}', { c: { entries: [{ quantity: 2 }, { quantity: '3' }] } })).toBe(
      '<span class="sqs-cart-quantity">5</span>',
    );
    expect(r('{c|cart-url}', {})).toBe('/cart');
  });
});

describe('summary-form-field', () => {
  const field = (f: Record<string, unknown>) => fmt('summary-form-field', { rawTitle: 'Q', ...f }) as string;
  const wrap = (body: string) =>
    '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">Q:</span> ' + body + '\n</div>';
  it('lays out multi-part answers by type', () => {
    expect(field({ type: 'name', values: { First: 'Ada', Last: 'King' } })).toBe(wrap('Ada King'));
    expect(field({ type: 'date', values: { Month: '2', Day: '9', Year: '1999' } })).toBe(wrap('2/9/1999'));
    expect(field({ type: 'phone', values: { Country: '44', Areacode: '20', Prefix: '7946', Line: '0000' } })).toBe(
      wrap('+44 20-7946-0000'),
    );
    expect(field({ type: 'time', values: { Hour: 7, Ampm: 'pm' } })).toBe(wrap('7:00:00 pm'));
    expect(field({ type: 'checkbox', values: ['a', 'b'] })).toBe(wrap('a, b\n'));
  });
  it('labels likert answers and falls back to N/A', () => {
    expect(field({ type: 'likert', values: { Fast: '-1', Cheap: '9' } })).toBe(
      wrap(
        '<div style="padding-left:5px;">\n  <div><span style="font-weight:bold;">Fast:</span> Disagree</div>\n' +
          '  <div><span style="font-weight:bold;">Cheap:</span> Neutral</div>\n</div>',
      ),
    );
    expect(field({ type: 'text', value: '' })).toBe(wrap('N/A'));
    expect(field({ type: 'text', value: 0 })).toBe(wrap('0'));
  });
});

describe('commerce predicates', () => {
  const p = (pred: string, item: unknown) => r(`{.section p}{.${pred}}Y{.or}N{.end}{.end}`, { p: item });
  it('tests sale, stock, variants and varied prices', () => {
    expect(p('on-sale?', physical([{ onSale: true }]))).toBe('Y');
    expect(p('on-sale?', { structuredContent: { productType: 4, variants: [{ onSale: true }] } })).toBe('N');
    expect(p('sold-out?', physical([{ qtyInStock: 3 }]))).toBe('N');
    expect(p('has-variants?', physical([{}, {}]))).toBe('Y');
    expect(p('has-variants?', { structuredContent: { productType: 2, variants: [{}, {}] } })).toBe('N');
    expect(p('varied-prices?', physical([{ price: 1 }, { price: 2 }]))).toBe('Y');
  });
});
