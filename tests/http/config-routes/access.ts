// The locked and member pages of issue 16: a page's access rule, the site password and the member areas.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.pages.$pageId_.access.tsx',
    path: '/config/pages/col-about/access',
    loader: 'pages.read',
    action: 'pages.publish',
    body: { kind: 'nonsense' },
  },
  { file: 'config.access.tsx', path: '/config/access', loader: 'settings.read', action: 'settings.write', body: { intent: 'nothing' } },
];
export default cases;
