// The content block screens (issue 13): add a block to a page, and one block (edit, move, remove).
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.pages.$pageId_.blocks.new.tsx',
    path: '/config/pages/no-such-page/blocks/new?type=code',
    loader: 'pages.read',
    action: 'pages.write',
    body: { language: 'plain', text: '' },
  },
  {
    file: 'config.pages.$pageId_.blocks.$blockId.tsx',
    path: '/config/pages/no-such-page/blocks/no-such-block',
    loader: 'pages.read',
    action: 'pages.write',
    body: { intent: 'up' },
  },
];
export default cases;
