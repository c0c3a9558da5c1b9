// The Blog, Events and Gallery screens (issue 13): lists, editors (new and existing entries), pictures.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  { file: 'config.blog._index.tsx', path: '/config/blog', loader: 'pages.read', action: null },
  {
    file: 'config.blog.$id.tsx',
    path: '/config/blog/new',
    loader: 'pages.read',
    action: 'pages.write',
    body: { intent: 'save', title: '' },
  },
  { file: 'config.events._index.tsx', path: '/config/events', loader: 'pages.read', action: null },
  {
    file: 'config.events.$id.tsx',
    path: '/config/events/new',
    loader: 'pages.read',
    action: 'pages.write',
    body: { intent: 'save', title: '' },
  },
  { file: 'config.gallery.tsx', path: '/config/gallery', loader: 'pages.read', action: 'pages.write', body: { intent: 'add' } },
];
export default cases;
