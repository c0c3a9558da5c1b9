// Restock notices: the shoppers' emails need forms.read (ADR 0010); sending needs products.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.restock.tsx',
    path: '/config/restock',
    loader: 'forms.read',
    action: 'products.write',
    body: { intent: 'send', productId: 'nothing', variantId: 'nothing' },
  },
];
export default cases;
