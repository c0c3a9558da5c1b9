// The Gift cards screens (list, one card).
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.gift-cards._index.tsx', path: '/config/gift-cards', loader: 'orders.read', action: null },
  {
    file: 'config.gift-cards.$id.tsx',
    path: '/config/gift-cards/00000000-0000-4000-8000-000000000000',
    loader: 'orders.read',
    action: 'orders.write',
    body: { intent: 'disable' },
  },
];
export default cases;
