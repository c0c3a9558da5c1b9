// The owner area's core routes: layout, dashboard, members, site switching, the in-area 404.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.tsx', path: '/config', loader: 'site.read', action: null },
  { file: 'config._index.tsx', path: '/config', loader: 'site.read', action: null },
  { file: 'config.$.tsx', path: '/config/no-such-screen', loader: 'site.read', action: 'site.read' },
  {
    file: 'config.members.tsx',
    path: '/config/members',
    loader: 'members.manage',
    action: 'members.manage',
    body: { intent: 'invite', email: 'x' },
  },
  { file: 'config.switch-site.tsx', path: '/config/switch-site', loader: null, action: 'site.read', body: { siteId: 'none' } },
  {
    file: 'config.site.tsx',
    path: '/config/site',
    loader: 'site.read',
    action: 'site.manage',
    body: { intent: 'publish' },
    allowedBody: { intent: 'none' },
    intentPermissions: { delete: 'site.delete' },
  },
  { file: 'config_.sites.new.tsx', path: '/config/sites/new', loader: 'site.create', action: 'site.create', body: { name: '' } },
];
export default cases;
