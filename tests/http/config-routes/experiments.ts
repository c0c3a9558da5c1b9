// Experiments (issue 16): experiments.read opens the screen; experiments.write creates, reweights,
// starts, stops and deletes.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.experiments.tsx',
    path: '/config/experiments',
    loader: 'experiments.read',
    action: 'experiments.write',
    body: { intent: 'create', name: 'refused' },
  },
];
export default cases;
