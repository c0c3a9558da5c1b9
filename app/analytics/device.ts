// The device class of a hit (SPEC 9): mobile up to a 432 px viewport, a tablet by its user agent
// (an iPad, or Android without "Mobile"), else desktop; from the user agent alone without a viewport.
import { MOBILE_MAX_WIDTH, type Device } from './constants.js';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle/i;
const ANDROID = /Android/i;
const MOBILE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i;

function tabletAgent(ua: string): boolean {
  return TABLET.test(ua) || (ANDROID.test(ua) && !/Mobile/i.test(ua));
}

export function deviceOf(userAgent: string | null | undefined, viewportWidth?: number | null): Device {
  const ua = userAgent ?? '';
  if (typeof viewportWidth === 'number' && viewportWidth > 0) {
    if (viewportWidth <= MOBILE_MAX_WIDTH) return 'mobile';
    return tabletAgent(ua) ? 'tablet' : 'desktop';
  }
  if (tabletAgent(ua)) return 'tablet';
  return MOBILE.test(ua) || ANDROID.test(ua) ? 'mobile' : 'desktop';
}
