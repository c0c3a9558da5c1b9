// The tweak screens (splash page, lock screen, popup overlay, checkout, style, SSO page): any owner
// of the site may look; saving needs design.write.
import type { RouteCase } from './types.js';

const cases: RouteCase[] = [
  {
    file: 'config.tweaks.$type.tsx',
    path: '/config/tweaks/popup-overlay',
    loader: 'site.read',
    action: 'design.write',
    body: {},
    // An empty form saves the tweak: an allowed role names a form the site does not have (400).
    allowedBody: { formId: 'no-such-form' },
  },
  {
    file: 'config_.tweaks.lock-screen.preview.ts',
    path: '/config/tweaks/lock-screen/preview?title=Private',
    loader: 'site.read',
    action: null,
  },
];
export default cases;
