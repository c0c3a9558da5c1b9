// The Pages and Navigation screens (issue 12): the list, a new page, one page, the menus.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.pages._index.tsx',
    path: '/config/pages',
    loader: 'pages.read',
    action: 'pages.write',
    // The title lets "add-store" reach its permission check (a store needs pages.publish).
    body: { intent: 'up', id: 'none', title: 'Refused store' },
    intentPermissions: { 'add-store': 'pages.publish' },
  },
  { file: 'config.pages.new.tsx', path: '/config/pages/new', loader: 'pages.read', action: 'pages.write', body: { title: '' } },
  {
    file: 'config.pages.$pageId.tsx',
    path: '/config/pages/no-such-page',
    loader: 'pages.read',
    action: 'pages.write',
    body: { intent: 'save', title: '' },
  },
  {
    file: 'config.navigation.tsx',
    path: '/config/navigation',
    loader: 'pages.read',
    action: 'pages.write',
    body: { menu: 'mainNavigation', intent: 'add' },
  },
];
export default cases;
