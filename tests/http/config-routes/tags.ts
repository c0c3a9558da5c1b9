// The tag and category manager: anyone who may see products sees it; changing needs products.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.tags.tsx',
    path: '/config/tags?type=tag',
    loader: 'products.read',
    action: 'products.write',
    body: { intent: 'add', type: 'tag', name: 'refused', itemIds: 'itm-tide-pool-mug' },
    allowedBody: { intent: 'add', type: 'tag', name: '' },
  },
];
export default cases;
