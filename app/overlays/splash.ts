// The splash page (page type 3): shown before the home page, once per browser session, when the
// owner turns it on. Its "enter" link is a plain link home, so it needs no JavaScript.
import type { SplashTweak, StyleTweak } from './tweaks.js';
import { overlayStyle, paragraphs } from './markup.js';
import { escapeHtml } from '../utils/html.js';

export const SPLASH_PATH = '/splash';
/** A session cookie (no expiry: it ends with the browser session) saying the splash was shown. */
export const SPLASH_COOKIE = 'ss_splash';

/** Whether a request for the home page goes to the splash page first. */
export function splashDue(splash: Pick<SplashTweak, 'enabled'>, cookieHeader: string | null): boolean {
  if (!splash.enabled) return false;
  return !(cookieHeader ?? '').split(/;\s*/).some((c) => c === `${SPLASH_COOKIE}=1`);
}

/** The cookie the splash page sets: for this browser session only. */
export function splashCookie(secure: boolean): string {
  return `${SPLASH_COOKIE}=1; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const SPLASH_CSS = `
.site-splash{box-sizing:border-box;min-height:70vh;display:flex;flex-direction:column;align-items:center;justify-content:center;text-align:center;padding:3rem 1rem;border-radius:var(--splash-radius,8px);background:var(--splash-bg,transparent);color:var(--splash-text,inherit)}
.site-splash-enter{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:var(--splash-radius,8px);background:var(--splash-accent,#222);color:var(--splash-on-accent,#fff);text-decoration:none}`;

export function splashHtml(splash: SplashTweak, style: StyleTweak): string {
  return (
    `<section class="site-splash" data-splash style="${escapeHtml(overlayStyle(style, 'splash'))}">` +
    `<style>${SPLASH_CSS}</style>` +
    `<h1>${escapeHtml(splash.title)}</h1>` +
    paragraphs(splash.text) +
    `<a class="site-splash-enter" href="/" data-splash-enter>${escapeHtml(splash.enterLabel)}</a>` +
    `</section>`
  );
}
