// A product made through the new-product form (tests/support/product-form.ts) by an owner of the
// suite's server: what HTTP tests of the shop's order, images and uploads start from.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Visitor } from './client.js';
import { productForm } from '../../support/product-form.js';

export { productForm, SHOP } from '../../support/product-form.js';

/** Makes a product titled `title` through /config/products/new as `owner`; its id. */
export async function createProduct(owner: Visitor, title: string): Promise<string> {
  const res = await owner.postForm('/config/products/new', productForm(title, `PE-${randomBytes(3).toString('hex')}`));
  expect(res.status, (await res.clone().text()).slice(0, 1000)).toBe(303);
  const m = /^\/config\/products\/([^/?]+)\?saved=created$/.exec(res.headers.get('location') ?? '');
  expect(m).not.toBeNull();
  return decodeURIComponent(m![1]);
}
