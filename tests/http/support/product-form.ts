// The new-product form as a browser without JavaScript posts it (one variant, no image), and a
// product made through it: what tests of the shop's order, images and uploads start from.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Visitor } from './client.js';

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

/** Makes a product titled `title` through /config/products/new as `owner`; its id. */
export async function createProduct(owner: Visitor, title: string): Promise<string> {
  const res = await owner.postForm('/config/products/new', productForm(title, `PE-${randomBytes(3).toString('hex')}`));
  expect(res.status, (await res.clone().text()).slice(0, 1000)).toBe(303);
  const m = /^\/config\/products\/([^/?]+)\?saved=created$/.exec(res.headers.get('location') ?? '');
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}
