// Restock notices: anyone who may see products sees who waits; sending needs products.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.restock.tsx',
    path: '/config/restock',
    loader: 'products.read',
    action: 'products.write',
    body: { intent: 'send', productId: 'nothing', variantId: 'nothing' },
  },
];
export default cases;
