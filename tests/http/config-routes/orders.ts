// The Orders screens (list, one order) and the audit log.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.orders._index.tsx', path: '/config/orders', loader: 'orders.read', action: null },
  {
    file: 'config.orders.$id.tsx',
    path: '/config/orders/00000000-0000-4000-8000-000000000000',
    loader: 'orders.read',
    action: 'orders.write',
    body: { intent: 'fulfil' },
  },
  { file: 'config.audit.tsx', path: '/config/audit', loader: 'audit.read', action: null },
];
export default cases;
