// Drag reorder on /config/products (issue 33), with JavaScript: the keyboard drags a product by its
// handle (Enter, arrows, Enter) to before another; the list and the shop's order follow. Without
// JavaScript the list has Move up / Move down (tests/e2e/products-edit.spec.ts, the HTTP suite).
import type { Page } from '@playwright/test';
import { expect, test, type Site } from './fixtures.js';
import { productForm, SHOP } from '../support/product-form.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

async function createProduct(page: Page, origin: string, site: Site, title: string): Promise<void> {
  const res = await page.request.post('/config/products/new', {
    headers: { Origin: origin },
    form: productForm(title, `DR-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`, {
      collectionId: site.ref(SHOP),
    }),
    maxRedirects: 0,
  });
  expect(res.status(), (await res.text()).slice(0, 300)).toBe(303);
}

/** The page of /config/products (25 a page) the product at 1-based place `n` is on. */
const pageOf = (n: number) => Math.ceil(n / 25);

test('the keyboard drags a product before another; the list and the shop follow', async ({ page, baseURL, site }) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(page);
  const stamp = Date.now().toString(36);
  const first = `Wigeon Jug ${stamp}`;
  const second = `Smew Jug ${stamp}`;
  await createProduct(page, baseURL!, site, first);
  await createProduct(page, baseURL!, site, second);
  await page.goto('/config/products');
  const total = Number(/(\d+) products/.exec(await page.locator('p.hint[aria-live]').innerText())?.[1]);
  // New products go last (the seed's collections are Manual): the two are the list's last rows, on one page.
  let [a, b] = [first, second];
  if (pageOf(total - 1) !== pageOf(total)) {
    a = second;
    b = `Scaup Jug ${stamp}`;
    await createProduct(page, baseURL!, site, b);
  }
  const last = pageOf(total + (b === second ? 0 : 1));
  await page.goto(last > 1 ? `/config/products?page=${last}` : '/config/products');
  await ready(page, true);

  const list = page.getByRole('grid', { name: "Products in the shop's order" });
  await expect(list.getByRole('row', { name: a })).toBeVisible();
  const rows = async () => list.getByRole('row').allInnerTexts();
  const placeOf = async (t: string) => (await rows()).findIndex((r) => r.includes(t));
  expect(await placeOf(a)).toBeLessThan(await placeOf(b));

  // Enter on the handle starts the drag; the arrows go through the places; Enter drops.
  // The row takes the focus; the right arrow reaches its handle.
  await list.getByRole('row', { name: b }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(list.getByRole('button', { name: `Drag ${b}` })).toBeFocused();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 6; i++) {
    const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    if (label.startsWith(`Insert before ${a}`) || label.endsWith(`and ${a}`)) break;
    await page.keyboard.press('ArrowUp');
  }
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', new RegExp(`(Insert before ${a}|and ${a})$`));
  await page.keyboard.press('Enter');

  await expect.poll(async () => (await placeOf(b)) < (await placeOf(a))).toBe(true);
  // Saved: the page drawn again (the no-JS table too) and the shop list the new order.
  await page.reload();
  await ready(page, true);
  const table = await page.locator('table.data').innerText();
  expect(table.indexOf(b)).toBeGreaterThan(-1);
  expect(table.indexOf(b)).toBeLessThan(table.indexOf(a));
  await page.goto('/shop');
  const pages = Number(/page 1 of (\d+)/.exec(await page.locator('.result-count').innerText())?.[1] ?? '1');
  // The shop's last two pages read as one (12 a page: the two may be on either side of a break).
  let shop = '';
  for (const n of pages > 1 ? [pages - 1, pages] : [1]) {
    await page.goto(n > 1 ? `/shop?page=${n}` : '/shop');
    shop += await page.locator('main').innerText();
  }
  expect(shop.indexOf(b)).toBeGreaterThan(-1);
  expect(shop.indexOf(b)).toBeLessThan(shop.indexOf(a));
});
