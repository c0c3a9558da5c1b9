// The splash page on the storefront: whether a request for the home page goes there first (once
// per browser session), and the splash page's markup with the site's tweaks.
import { siteTweaks } from './tweak-store.server.js';
import { splashDue, splashHtml } from './splash.js';
import { log } from '../utils/log.server.js';

/** Whether the site shows its splash page and this browser has not seen it in this session. */
export async function splashFirst(websiteId: string, cookieHeader: string | null): Promise<{ enabled: boolean; due: boolean }> {
  try {
    const splash = (await siteTweaks(websiteId))['splash-page'];
    return { enabled: splash.enabled, due: splashDue(splash, cookieHeader) };
  } catch (e) {
    // The home page itself says what is wrong (the database is down...): no splash in its way.
    log.warn(`splash: cannot read the tweaks of ${websiteId}: ${e instanceof Error ? e.message : String(e)}`);
    return { enabled: false, due: false };
  }
}

/** The splash page's title and HTML, or null when the owner has it off. */
export async function splashPage(websiteId: string): Promise<{ title: string; html: string } | null> {
  const tweaks = await siteTweaks(websiteId);
  const splash = tweaks['splash-page'];
  if (!splash.enabled) return null;
  return { title: splash.title, html: splashHtml(splash, tweaks.style) };
}
