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
    action: 'pages.write',
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
    action: 'pages.write',
    body: {},
  },
];
export default cases;
