// The products and inventory screens: list, new, edit (an unknown id: the permission check comes
// first, so a refused role gets 403 and an allowed one a 404), inventory.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.products._index.tsx',
    path: '/config/products?index',
    loader: 'products.read',
    // Move up / Move down (issue 33): an unknown product is a 404 that moves nothing.
    action: 'products.write',
    body: { intent: 'up', id: 'no-such-product' },
  },
  {
    file: 'config.products.$id_.image.tsx',
    path: '/config/products/no-such-product/image',
    // The loader only sends a GET back to the product.
    loader: 'products.read',
    // products.write, and files.write too (the file lands in Files): every role with the one has the other.
    action: 'products.write',
    body: {},
  },
  {
    file: 'config.products.new.tsx',
    path: '/config/products/new',
    loader: 'products.read',
    action: 'products.write',
    body: { intent: 'save', title: '' },
  },
  {
    file: 'config.products.$id.tsx',
    path: '/config/products/no-such-product',
    loader: 'products.read',
    action: 'products.write',
    body: { intent: 'save', title: '' },
  },
  {
    file: 'config.inventory.tsx',
    path: '/config/inventory',
    loader: 'products.read',
    action: 'products.write',
    body: { 'rows[0].id': 'none', 'rows[0].qty': 'x' },
  },
];
export default cases;
