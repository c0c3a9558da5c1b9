// The owner area's settings and API keys screens (the JSON API under /api is tested in config-api.test.ts).
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.settings.tsx', path: '/config/settings', loader: 'settings.read', action: 'settings.write', body: { intent: 'store' } },
  {
    file: 'config.api-keys.tsx',
    path: '/config/api-keys',
    loader: 'apikeys.manage',
    action: 'apikeys.manage',
    body: { intent: 'create', name: 'x', scope_settings_read: 'on' },
    // Without a scope the key is refused (400) and none is made.
    allowedBody: { intent: 'create', name: 'x' },
  },
];
export default cases;
