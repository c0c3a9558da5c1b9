// The theme editor's screens (issue 13): templates, one template's editor, versions, preview data.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.theme._index.tsx',
    path: '/config/theme',
    loader: 'site.read',
    action: 'design.write',
    body: { intent: 'publish', version: '0' },
  },
  {
    file: 'config.theme.edit.$name.tsx',
    path: '/config/theme/edit/product',
    loader: 'site.read',
    action: 'design.write',
    body: { intent: 'save', source: '' },
    // An empty source is a valid save: an allowed role posts an unknown intent instead (400).
    allowedBody: { intent: 'none' },
  },
  {
    file: 'config.theme.versions.tsx',
    path: '/config/theme/versions',
    loader: 'site.read',
    action: 'design.write',
    body: { intent: 'publish', version: '0' },
  },
  { file: 'config.theme.preview.ts', path: '/config/theme/preview?page=home', loader: 'site.read', action: null },
];
export default cases;
