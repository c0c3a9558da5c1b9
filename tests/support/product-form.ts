// The new-product form as a browser without JavaScript posts it (one variant, no image), for the
// HTTP suite and the Playwright journeys alike (no test runner imported here).

/** The seed's main store collection. */
export const SHOP = 'col-shop';

/** The product form's fields for `title` with one variant `sku` in `SHOP`; `extra` overrides any. */
export function productForm(title: string, sku: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    intent: 'save',
    title,
    urlId: '',
    productType: '1',
    collectionId: SHOP,
    body: '',
    excerpt: '',
    published: 'on',
    tags: '',
    categories: '',
    billingValue: '1',
    billingUnit: 'MONTH',
    numBillingCycles: '0',
    assetUrl: '',
    originalSize: '',
    options: '',
    'variants[0].sku': sku,
    'variants[0].price': '9.00',
    'variants[0].salePrice': '',
    'variants[0].qty': '5',
    ...extra,
  };
}
