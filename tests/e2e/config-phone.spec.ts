// /config on a phone (issue 32), JavaScript on and off: every screen of the owner navigation (and
// the screens behind a list: a product, an order, a form's submissions) fits 390 px with no sideways
// scroll; the navigation is one "Menu" button that opens the list (react-aria with JS, <details>
// without). The submissions screen also fits 1280 px, where it was 8 px too wide.
import type { Page } from '@playwright/test';
import { CONFIG_NAV } from '../../app/config/nav.js';
import { demoTest as test, expect } from './fixtures.js';
import { ready, signIn } from './journey.js';
import { scaled } from '../support/time-scale.js';

/** How far the document is wider than the viewport (0: it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The elements that stick out past the viewport's right edge while their parent does not, for the failure message. */
const culprits = (page: Page) =>
  page.evaluate(() => {
    const out = (e: Element | null) => !!e && e.getBoundingClientRect().right > window.innerWidth + 0.5;
    const clipped = (e: Element) => {
      for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    return [...document.querySelectorAll('body *')]
      .filter((e) => out(e) && !out(e.parentElement) && !clipped(e))
      .slice(0, 3)
      .map((e) => `${e.tagName.toLowerCase()}${typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : ''}`)
      .join(', ');
  });

/** The first link on the current screen whose path matches `re` (a row of a list), if any. */
async function firstLink(page: Page, re: RegExp): Promise<string | undefined> {
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => re.test(h));
}

test('every /config screen fits a 390 px phone, and the Menu button opens the navigation', async ({ page, javaScriptEnabled: js }) => {
  test.setTimeout(scaled(180_000));
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, js);

  // The navigation: one button, its list hidden until opened.
  const menu = js ? page.getByRole('button', { name: 'Menu' }) : page.locator('details.config-nav-narrow > summary');
  const products = page.locator('.config-nav-narrow').getByRole('link', { name: 'Products', exact: true });
  await expect(menu).toBeVisible();
  await expect(products).toBeHidden();
  if (js) await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(products).toBeVisible();
  if (js) await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await products.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await ready(page, js);

  const wide: string[] = [];
  const check = async (path: string) => {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await ready(page, js);
    const extra = await overflow(page);
    if (extra > 0) wide.push(`${path}: ${extra} px too wide (${await culprits(page)})`);
  };
  // Every screen of the navigation; the lists among them give the screens behind a row, read on the
  // way rather than by loading the lists again (an order's screen only when another journey has
  // placed one: a fresh server has none).
  const rows: Record<string, RegExp> = {
    '/config/products': /^\/config\/products\/(?!new$)[^/?]+$/,
    '/config/orders': /^\/config\/orders\/[^/?]+$/,
    '/config/forms': /^\/config\/forms\/[^/?]+$/,
  };
  const row = new Map<string, string | undefined>();
  for (const { to } of CONFIG_NAV) {
    await check(to);
    if (rows[to]) row.set(to, await firstLink(page, rows[to]));
  }
  const form = row.get('/config/forms');
  expect(form, 'the demo has a form').toBeTruthy();
  // The submissions screen last: it is checked at 1280 px too, widened in place (no second load).
  for (const path of ['/config/products/new', row.get('/config/products'), row.get('/config/orders'), `${form}/submissions`])
    if (path) await check(path);
  expect(wide).toEqual([]);

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});
