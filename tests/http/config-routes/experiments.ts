// Experiments (issue 16): experiments.read opens the screen; experiments.write creates, reweights,
// starts, stops and deletes; analytics.read opens the variants' comparison.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.experiments.tsx',
    path: '/config/experiments',
    loader: 'experiments.read',
    action: 'experiments.write',
    body: { intent: 'create', name: 'refused' },
  },
  { file: 'config.analytics.experiments.tsx', path: '/config/analytics/experiments', loader: 'analytics.read', action: null },
];
export default cases;
