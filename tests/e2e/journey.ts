// What the journeys share: the owner the test server makes (serve.mjs), waiting until a page's
// script has taken over, signing in to /config, placing an order and the mail the server sent.
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { scaled } from '../support/time-scale.js';

export const OWNER = { email: 'owner@example.com', password: 'correct horse battery staple' };

/** With JavaScript on, waits until the page is hydrated (its handlers attached); without, returns. */
export async function ready(page: Page, js = true): Promise<void> {
  if (js) await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
}

/**
 * Stops the clock of the page's context before its first page loads: the pages' timers (the
 * add-to-cart island's "Adding…" of at least 1 s, "Added!" of 2 s and popover of 3 s, the popup's
 * delay, autoplay) then fire only when the journey moves time on with `page.clock.runFor`, so a busy
 * machine cannot let a timed state pass between reading it and the next step. `page.clock.resume()`
 * lets time run again (axe needs it: it works on timers).
 */
export async function stopClock(page: Page): Promise<void> {
  const now = Date.now();
  await page.clock.install({ time: now });
  // Well ahead of the (so far empty) page's own time, which runs until the pause lands.
  await page.clock.pauseAt(now + 60_000);
}

/** Signs `who` (the owner by default) in from /config and waits for the dashboard. */
export async function signIn(page: Page, js = true, who: { email: string; password: string } = OWNER): Promise<void> {
  await page.goto('/config');
  await ready(page, js);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Presses Place order after choosing what shipping or tax depend on (issue 33). With JavaScript the
 * totals already follow the choice (`total`, when given, is on screen first); without, the page
 * comes back once with the new total to confirm, and Place order is pressed again.
 */
export async function placeOrder(page: Page, js: boolean, total?: string): Promise<void> {
  if (js && total) await expect(page.locator('[data-checkout-total]')).toHaveText(total);
  await page.getByRole('button', { name: 'Place order' }).click();
  if (js) return;
  await expect(page.getByText(/^The total is now .+, not what this page showed/)).toBeVisible();
  if (total) await expect(page.locator('[data-checkout-total]')).toHaveText(total);
  await page.getByRole('button', { name: 'Place order' }).click();
}

/**
 * The mail of `kind` (its outbox file is named `...-<kind>-...`) sent to `email`, quoted-printable
 * undone, once the mail queue's worker has sent it (a poll or two, a second each). The outbox is the
 * test server's (playwright.config.ts names its folder) unless `dir` names another.
 */
export async function mailTo(kind: string, email: string, dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox')): Promise<string> {
  const find = () => {
    for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith('.eml') && n.includes(`-${kind}-`)) : []) {
      const raw = fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (raw.includes(`To: ${email}`)) return raw;
    }
    return null;
  };
  await expect.poll(find, { message: `a ${kind} mail to ${email} in ${dir}`, timeout: scaled(15_000) }).not.toBeNull();
  return find()!;
}

/**
 * Holds the page's POSTs to `pathname` until `release()`, so a journey can type while a save is on its
 * way and see that its answer keeps what was typed. `posted` settles when the first such POST leaves;
 * `stop()` lets later POSTs through untouched.
 */
export async function holdPosts(page: Page, pathname: string) {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  const matches = (url: URL) => url.pathname === pathname;
  const posted = page.waitForRequest((r) => r.method() === 'POST' && matches(new URL(r.url())));
  await page.route(matches, async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.fallback();
  });
  return { posted, release: () => release(), stop: () => page.unroute(matches) };
}
