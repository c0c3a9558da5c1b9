// Analytics (issue 15): analytics.read opens the dashboards (overview, page speed, errors) and the
// settings tab; settings.write saves the retention, the cookie policy and the visitor-metrics beta
// (the refused posts tick its box too: the matrix then shows it unchanged).
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.analytics._index.tsx', path: '/config/analytics?index', loader: 'analytics.read', action: null },
  { file: 'config.analytics.performance.tsx', path: '/config/analytics/performance', loader: 'analytics.read', action: null },
  { file: 'config.analytics.errors.tsx', path: '/config/analytics/errors', loader: 'analytics.read', action: null },
  {
    file: 'config.analytics.settings.tsx',
    path: '/config/analytics/settings',
    loader: 'analytics.read',
    action: 'settings.write',
    body: { retentionDays: 'refused', cookiePolicy: 'allow', visitorMetrics: 'on' },
  },
];
export default cases;
