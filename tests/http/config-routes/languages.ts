// More languages (issue 16): the Languages screen and the translation editors of pages, products
// and the navigation's labels (ADR 0019).
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.languages.tsx',
    path: '/config/languages',
    loader: 'settings.read',
    action: 'settings.write',
    body: { intent: 'save', default: '' },
  },
  {
    file: 'config.pages.$pageId_.translations.$lang.tsx',
    path: '/config/pages/no-such-page/translations/fr',
    loader: 'pages.read',
    // A translation is saved on the live page at once: it needs the publish right (ADR 0019).
    action: 'pages.publish',
    body: { title: '' },
  },
  {
    file: 'config.products.$id_.translations.$lang.tsx',
    path: '/config/products/no-such-product/translations/fr',
    loader: 'products.read',
    action: 'products.write',
    body: { title: '' },
  },
  {
    file: 'config.navigation_.translations.$lang.tsx',
    path: '/config/navigation/translations/fr',
    loader: 'pages.read',
    // pages.write and pages.publish, as saving a menu: every role with the one has the other.
    action: 'pages.publish',
    body: {},
    // An empty form saves every label as empty: no harmless post for a role that may.
    allowedBody: null,
  },
];
export default cases;
