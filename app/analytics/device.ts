// The device class of a hit by SPEC 9's breakpoints: mobile up to a 432 px viewport, desktop from
// 433 px, and tablet never (a tablet is classed by its width like any screen). Without a viewport
// (the no-JavaScript pixel, server-side events), a phone's user agent says mobile, anything else
// (tablets included, whose screens are wider than 432 px) desktop.
import { MOBILE_MAX_WIDTH, type Device } from './constants.js';

const MOBILE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i;
// An iPad's agent says "Mobile" too.
const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle/i;

export function deviceOf(userAgent: string | null | undefined, viewportWidth?: number | null): Device {
  if (typeof viewportWidth === 'number' && viewportWidth > 0) return viewportWidth <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
  const ua = userAgent ?? '';
  return MOBILE.test(ua) && !TABLET.test(ua) ? 'mobile' : 'desktop';
}
