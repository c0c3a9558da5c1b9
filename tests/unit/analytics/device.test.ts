// Device classes by SPEC 9's breakpoints: mobile up to a 432 px viewport, desktop from 433 px,
// tablet never; from the user agent alone (no viewport) a phone is mobile, a tablet desktop.
import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../../app/analytics/device.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120 Safari/537.36';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36';

describe('deviceOf', () => {
  it('by viewport: mobile up to 432 px, desktop from 433, whatever the agent', () => {
    expect(deviceOf(DESKTOP, 432)).toBe('mobile');
    expect(deviceOf(DESKTOP, 433)).toBe('desktop');
    expect(deviceOf(IPAD, 400)).toBe('mobile');
    expect(deviceOf(ANDROID_PHONE, 900)).toBe('desktop');
  });
  it('never says tablet: a tablet is classed by its width', () => {
    expect(deviceOf(IPAD, 820)).toBe('desktop');
    expect(deviceOf(ANDROID_TABLET, 1280)).toBe('desktop');
  });
  it('from the agent alone without a viewport', () => {
    expect(deviceOf(IPHONE)).toBe('mobile');
    expect(deviceOf(ANDROID_PHONE)).toBe('mobile');
    expect(deviceOf(IPAD)).toBe('desktop');
    expect(deviceOf(ANDROID_TABLET)).toBe('desktop');
    expect(deviceOf(DESKTOP)).toBe('desktop');
    expect(deviceOf(null)).toBe('desktop');
  });
});
