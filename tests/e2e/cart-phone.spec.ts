// The cart page on phones (SPEC 9: mobile up to 432px), with JavaScript on and off: three lines at
// 320 and 390 px wide fit with no horizontal scroll, and each line's total and controls stay on screen.
import type { Page } from '@playwright/test';
import { demoTest as test, expect } from './fixtures.js';

const LINES = [
  { itemId: 'itm-moonsnail-espresso-cups', sku: 'SG-MEC-01', quantity: '2' },
  { itemId: 'itm-saltmarsh-apron', sku: 'SG-SMA-03', quantity: '1' },
  { itemId: 'itm-driftwood-dinner-plate', sku: 'SG-DDP-02', quantity: '3' },
];

/** Fills the cart through the cart form as a browser posts it (setup; the page is what is tested). */
async function fillCart(page: Page, baseURL: string) {
  for (const l of LINES) {
    const r = await page.request.post('/cart', {
      form: { intent: 'add', ...l },
      headers: { Origin: baseURL, 'X-Cart-Fetch': '1' },
    });
    expect(r.status(), await r.text()).toBe(200);
  }
}

for (const width of [320, 390]) {
  test(`the cart fits a ${width} px wide phone with no sideways scroll`, async ({ page, baseURL, javaScriptEnabled: js }) => {
    await page.setViewportSize({ width, height: 800 });
    await fillCart(page, baseURL!);
    await page.goto('/cart');
    if (js) await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const entries = page.locator('.cart-entry');
    await expect(entries).toHaveCount(3);

    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(innerWidth).toBe(width);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    for (let i = 0; i < 3; i++) {
      const entry = entries.nth(i);
      for (const part of [
        entry.locator('.cart-entry-total'),
        entry.getByLabel('Quantity'),
        entry.getByRole('button', { name: 'Update' }),
        entry.getByRole('button', { name: /^Remove/ }),
      ]) {
        await part.scrollIntoViewIfNeeded();
        await expect(part).toBeInViewport({ ratio: 1 });
        const box = (await part.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      // Touch targets: the quantity field and both buttons are at least 44 px tall and wide.
      for (const control of [
        entry.getByLabel('Quantity'),
        entry.getByRole('button', { name: 'Update' }),
        entry.getByRole('button', { name: /^Remove/ }),
      ]) {
        const box = (await control.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.width).toBeGreaterThanOrEqual(44);
      }
    }
    await expect(entries.nth(0).locator('.cart-entry-total')).toHaveText('$88.00');
    await expect(entries.nth(2).locator('.cart-entry-total')).toHaveText('$102.00');

    // Still usable at this width: a quantity change goes through.
    const plate = entries.filter({ hasText: 'Driftwood Dinner Plate' });
    await plate.getByLabel('Quantity').fill('1');
    await plate.getByRole('button', { name: 'Update' }).click();
    await expect(plate.locator('.cart-entry-total')).toHaveText('$34.00');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(true);
  });
}
