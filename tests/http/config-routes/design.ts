// The Design screen (fonts and colours): any owner of the site may look; changing needs design.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.design.tsx',
    path: '/config/design',
    loader: 'site.read',
    action: 'design.write',
    body: {},
    // An empty form saves the default design: an allowed role posts a colour that is none (400).
    allowedBody: { background: 'not a colour' },
  },
];
export default cases;
