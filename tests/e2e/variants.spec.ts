// Choosing a variant and buying it on the product page (issue 8), run by both projects: the option
// selects belong to the add-to-cart form, so one click adds the chosen variant with JavaScript on
// (the variant island shows price, stock, picture and button at once, before any submit) and off
// (the server resolves the variant from the posted options). A product with two options, a gift
// card and a class; then the page on a phone: the buy box on the first screen, a swipeable strip
// of pictures, no sideways scrolling of the page. The owner's scarcity notice follows the choice.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { ready, stopClock } from './journey.js';
import { productForm, SHOP } from '../support/product-form.js';

const form = (page: Page) => page.locator('form.add-to-cart');
const addButton = (page: Page) => form(page).locator('button[data-add-button]');
const priceLine = (page: Page) => page.locator('[data-price-chosen]');
const stock = (page: Page) => page.locator('[data-variant-stock]');
const pill = (page: Page) => page.locator('[data-cart-pill]');

interface Entry {
  quantity: number;
  purchasePriceCents: number;
  chosenVariant: { sku: string; attributes: Record<string, string> };
}

/** The visitor's cart through the JSON API (same browser context, same cookies). */
async function cartEntries(page: Page): Promise<Entry[]> {
  const res = await page.request.get('/api/commerce/shopping-cart');
  expect(res.status()).toBe(200);
  return (await res.json()).entries;
}

/**
 * One click adds: JavaScript shows Added! and the popover; without it, the page it came back to says
 * so. With JavaScript the page's clock is stopped for the click (stopClock before the page loaded), so
 * Added! (2 s) and the popover (3 s) cannot pass before they are read; time runs again after.
 */
async function addAndExpect(page: Page, js: boolean, text: string) {
  await addButton(page).click();
  if (js) {
    // "Adding…" lasts at least a second.
    await page.clock.runFor(1000);
    await expect(addButton(page)).toHaveText('Added!');
    await expect(page.getByRole('dialog', { name: 'Added to cart' })).toContainText(text);
    await page.clock.resume();
  } else {
    await expect(form(page).getByRole('status')).toContainText(text);
  }
}

test('two options: choose both and add with one click', async ({ page, javaScriptEnabled: js }) => {
  if (js) await stopClock(page); // for addAndExpect
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto('/shop/p/saltmarsh-apron');
  await ready(page, js);
  await expect(page.locator('[data-price-from]')).toHaveText('from $68.00');
  await expect(priceLine(page)).toBeHidden();
  await expect(page.locator('[data-purchase-message]')).toHaveText('Please select the Size and Color options.');
  // No separate step: the selects are in the add form.
  await expect(page.getByRole('button', { name: 'Choose' })).toHaveCount(0);
  await expect(form(page).getByLabel('Size')).toBeVisible();
  await expect(form(page).getByLabel('Color')).toBeVisible();
  const image = page.locator('[data-product-image] img');

  if (js) {
    // Each choice shows at once, before any submit: price line, stock, picture, button, message.
    await page.getByLabel('Size').selectOption('S/M');
    await expect(page.locator('[data-purchase-message]')).toHaveText('Please select the Color option.');
    await expect(page.getByLabel('Color').locator('option', { hasText: 'Oat (sold out)' })).toHaveCount(1);
    await page.getByLabel('Color').selectOption('Oat');
    await expect(priceLine(page)).toHaveText('$68.00');
    await expect(page.locator('[data-price-from]')).toBeHidden();
    await expect(stock(page)).toHaveText('Sold out');
    await expect(addButton(page)).toHaveText('Sold Out');
    await expect(addButton(page)).toBeDisabled();
    await expect(image).toHaveAttribute('src', '/images/products/saltmarsh-apron--sm-oat.svg');
    // Nothing to pay in instalments for a choice that cannot be bought (issue 33).
    await expect(page.locator('[data-instalment]')).toBeHidden();

    await page.getByLabel('Size').selectOption('L/XL');
    await expect(priceLine(page)).toHaveText('$72.00');
    await expect(stock(page)).toHaveText('In stock');
    await expect(addButton(page)).toHaveText('Add To Cart');
    await expect(addButton(page)).toBeEnabled();
    await expect(image).toHaveAttribute('src', '/images/products/saltmarsh-apron--lxl-oat.svg');
    await expect(image).toHaveAttribute('srcset', /lxl-oat\.svg\?format=300w 300w/);
    await expect(page.locator('[data-instalment]')).toBeVisible();
    await expect(page.locator('[data-instalment-text]')).toHaveText('or 4 interest-free payments of $18.00 with Afterpay');
    await expect(page.getByLabel('Color').locator('option', { hasText: 'Oat (sold out)' })).toHaveCount(0);
    await expect(page.locator('[data-purchase-message]')).toHaveText('');

    await page.getByLabel('Color').selectOption('Indigo');
    await expect(priceLine(page)).toHaveText('$72.00');
    await expect(stock(page)).toHaveText('Only 3 left');
    await expect(page.locator('[data-variant-name]')).toHaveText('L/XL / Indigo');
    // Said politely, once, by the live region.
    const live = form(page).locator('[data-variant-status]');
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await expect(live).toHaveText('L/XL / Indigo: $72.00. Only 3 left.');
    // Back to nothing chosen: the "from" price and the product's picture again.
    await page.getByLabel('Size').selectOption('');
    await expect(page.locator('[data-price-from]')).toBeVisible();
    await expect(priceLine(page)).toBeHidden();
    await expect(image).toHaveAttribute('src', '/images/products/saltmarsh-apron.svg');
    await expect(live).toHaveText('Please select the Size option.');
    await page.getByLabel('Size').selectOption('L/XL');
    await expect(priceLine(page)).toHaveText('$72.00');
  } else {
    await page.getByLabel('Size').selectOption('L/XL');
    await page.getByLabel('Color').selectOption('Indigo');
  }

  await form(page).getByLabel('Quantity').fill('2');
  await addAndExpect(page, js, '2 × Saltmarsh Work Apron added to your cart.');
  await expect(pill(page)).toHaveAttribute('aria-label', '2 items in cart');
  // The page still shows what was bought, at its price (without JavaScript: rendered by the server).
  await expect(page.getByLabel('Size')).toHaveValue('L/XL');
  await expect(page.getByLabel('Color')).toHaveValue('Indigo');
  await expect(priceLine(page)).toHaveText('$72.00');
  await expect(stock(page)).toHaveText('Only 3 left');
  expect(await cartEntries(page)).toMatchObject([
    { quantity: 2, purchasePriceCents: 7200, chosenVariant: { sku: 'SG-SMA-03', attributes: { Size: 'L/XL', Color: 'Indigo' } } },
  ]);
  expect(problems).toEqual([]);
});

test('a sold-out choice offers no instalments; one that can be bought does (issue 33)', async ({ page, javaScriptEnabled: js }) => {
  await page.goto('/shop/p/saltmarsh-apron?Size=S%2FM&Color=Oat');
  await ready(page, js);
  await expect(stock(page)).toHaveText('Sold out');
  await expect(page.locator('[data-instalment]')).toHaveCount(0);
  await page.goto('/shop/p/saltmarsh-apron?Size=L%2FXL&Color=Oat');
  await expect(page.locator('[data-instalment-text]')).toHaveText('or 4 interest-free payments of $18.00 with Afterpay');
});

test('two options: a missing one is named, and what was chosen stays chosen', async ({ page, javaScriptEnabled: js }) => {
  if (js) await stopClock(page); // for addAndExpect
  await page.goto('/shop/p/saltmarsh-apron');
  await ready(page, js);
  await page.getByLabel('Size').selectOption('L/XL');
  await addButton(page).click();
  await expect(form(page).locator('.cart-error')).toContainText('Unable to Add Item');
  await expect(form(page).locator('.cart-error')).toContainText('Please select the Color option.');
  await expect(page.getByLabel('Size')).toHaveValue('L/XL');
  await expect(addButton(page)).toHaveText('Add To Cart');
  // Then the missing one, and one click adds.
  await page.getByLabel('Color').selectOption('Oat');
  await addAndExpect(page, js, '1 × Saltmarsh Work Apron added to your cart.');
  expect((await cartEntries(page)).map((e) => e.chosenVariant.sku)).toEqual(['SG-SMA-04']);
});

test('a gift card: choose the amount and add with one click', async ({ page, javaScriptEnabled: js }) => {
  if (js) await stopClock(page); // for addAndExpect
  await page.goto('/shop/p/saltgrass-gift-card');
  await ready(page, js);
  await expect(page.locator('[data-purchase-message]')).toHaveText('Select a denomination for the Gift Card.');
  await page.getByLabel('Amount').selectOption('$100');
  if (js) {
    await expect(priceLine(page)).toHaveText('$100.00');
    await expect(stock(page)).toHaveText('Available');
    await expect(addButton(page)).toBeEnabled();
    await expect(page.locator('[data-purchase-message]')).toHaveText('');
  }
  await addAndExpect(page, js, '1 × Saltgrass Gift Card added to your cart.');
  await expect(priceLine(page)).toHaveText('$100.00');
  expect(await cartEntries(page)).toMatchObject([
    { quantity: 1, purchasePriceCents: 10000, chosenVariant: { attributes: { Amount: '$100' } } },
  ]);
});

test('a class: a full session is Sold Out, another one books with one click', async ({ page, javaScriptEnabled: js }) => {
  if (js) await stopClock(page); // for addAndExpect
  await page.goto('/workshops/p/wheel-throwing-taster');
  await ready(page, js);
  await expect(page.getByLabel('Session').locator('option', { hasText: 'Saturday morning (sold out)' })).toHaveCount(1);
  if (js) {
    await page.getByLabel('Session').selectOption('Saturday morning');
    await expect(addButton(page)).toHaveText('Sold Out');
    await expect(addButton(page)).toBeDisabled();
    await expect(stock(page)).toHaveText('Sold out');
    await page.getByLabel('Session').selectOption('Saturday afternoon');
    await expect(addButton(page)).toHaveText('Add To Cart');
    await expect(addButton(page)).toBeEnabled();
    await expect(priceLine(page)).toHaveText('$85.00');
    await expect(stock(page)).toHaveText('Only 2 left');
  } else {
    // Without JavaScript the server says it on the page the add comes back to, the choice kept...
    await page.getByLabel('Session').selectOption('Saturday morning');
    await addButton(page).click();
    await expect(form(page).locator('.cart-error')).toContainText(
      'Sorry, we do not have enough of that item available. None of Wheel-throwing Taster (Saturday morning) is left.',
    );
    await expect(page.getByLabel('Session')).toHaveValue('Saturday morning');
    await expect(addButton(page)).toHaveText('Sold Out');
    await expect(addButton(page)).toBeDisabled();
    // ...and "Show price and stock" shows another session before buying it.
    await page.getByLabel('Session').selectOption('Saturday afternoon');
    await page.getByRole('button', { name: 'Show price and stock' }).click();
    await expect(page).toHaveURL(/\/workshops\/p\/wheel-throwing-taster\?Session=Saturday\+afternoon$/);
    await expect(priceLine(page)).toHaveText('$85.00');
    await expect(stock(page)).toHaveText('Only 2 left');
    await expect(addButton(page)).toBeEnabled();
  }
  await form(page).getByLabel('Quantity').fill('2');
  await addAndExpect(page, js, '2 × Wheel-throwing Taster added to your cart.');
  expect(await cartEntries(page)).toMatchObject([
    { quantity: 2, purchasePriceCents: 8500, chosenVariant: { sku: 'SG-WTT-03', attributes: { Session: 'Saturday afternoon' } } },
  ]);
});

test('a ?Name=value address still preselects a variant, and one click buys it', async ({ page, javaScriptEnabled: js }) => {
  if (js) await stopClock(page); // for addAndExpect
  await page.goto('/shop/p/tidemark-cushion-cover?Size=50+cm&Color=Indigo');
  await ready(page, js);
  await expect(page.getByLabel('Size')).toHaveValue('50 cm');
  await expect(page.getByLabel('Color')).toHaveValue('Indigo');
  await expect(priceLine(page)).toHaveText('$44.00');
  await addAndExpect(page, js, '1 × Tidemark Cushion Cover added to your cart.');
  expect(await cartEntries(page)).toMatchObject([{ chosenVariant: { attributes: { Size: '50 cm', Color: 'Indigo' } } }]);
});

test("the owner's scarcity notice follows the variant chosen (issue 30)", async ({ page, site, javaScriptEnabled: js }) => {
  // A product of three sizes, 2, 9 and 1 left, the notice on from 3 left.
  await site.signIn(page);
  const origin = new URL(page.url()).origin;
  const stamp = `${js ? 'js' : 'nojs'}-${Date.now()}`;
  const slug = `tern-jug-${stamp}`;
  const sizes = { S: '2', M: '9', L: '1' };
  const variants = Object.entries(sizes).flatMap(([size, qty], i) => [
    [`variants[${i}].sku`, `TJ-${size}-${stamp}`],
    [`variants[${i}].attrs[0]`, size],
    [`variants[${i}].price`, '30.00'],
    [`variants[${i}].qty`, qty],
  ]);
  const created = await page.request.post('/config/products/new', {
    form: productForm(`Tern Jug ${stamp}`, '', {
      collectionId: site.ref(SHOP),
      urlId: slug,
      options: 'Size',
      scarcityEnabled: 'on',
      scarcityThreshold: '3',
      scarcityText: 'Only {qtyInStock} left in the kiln',
      ...Object.fromEntries(variants),
    }),
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(created.status(), (await created.text()).slice(0, 300)).toBe(303);
  await page.context().clearCookies();
  const notice = page.locator('.product-scarcity:visible');

  if (js) {
    await page.goto(`/shop/p/${slug}`);
    await ready(page, js);
    await expect(notice).toHaveCount(0);
    await page.getByLabel('Size').selectOption('S');
    await expect(notice).toHaveText('Only 2 left in the kiln');
    await page.getByLabel('Size').selectOption('M');
    await expect(notice).toHaveCount(0);
    await page.getByLabel('Size').selectOption('L');
    await expect(notice).toHaveText('Only 1 left in the kiln');
  }
  // The ?Name=value address: the page comes with that variant's notice (and the island keeps it).
  await page.goto(`/shop/p/${slug}?Size=L`);
  await ready(page, js);
  await expect(notice).toHaveText('Only 1 left in the kiln');
  if (js) {
    await page.getByLabel('Size').selectOption('S');
    await expect(notice).toHaveText('Only 2 left in the kiln');
  }
  await page.goto(`/shop/p/${slug}?Size=M`);
  await ready(page, js);
  await expect(notice).toHaveCount(0);
});

test.describe('on a phone', () => {
  const PRODUCTS = [
    '/shop/p/saltmarsh-apron',
    '/shop/p/saltgrass-gift-card',
    '/workshops/p/wheel-throwing-taster',
    '/shop/p/moonsnail-espresso-cups',
  ];

  test('390x844: the title, price and buy box are on the first screen; the pictures swipe sideways', async ({
    page,
    javaScriptEnabled: js,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of PRODUCTS) {
      await page.goto(path);
      await ready(page, js);
      expect(await page.evaluate(() => window.scrollY), path).toBe(0);
      for (const el of [page.locator('h1'), page.locator('.product-info .product-price').first(), addButton(page)]) {
        await expect(el, path).toBeInViewport({ ratio: 1 });
        const box = (await el.boundingBox())!;
        expect(box.y, path).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height, path).toBeLessThanOrEqual(844);
      }
      // The options too (the buy box), with a choice made.
      for (const select of await form(page).locator('select[data-option]').all()) {
        await expect(select, path).toBeInViewport({ ratio: 1 });
      }
    }

    // A choice shown (the variant summary in place of the message) keeps the button on screen.
    await page.goto('/shop/p/saltmarsh-apron?Size=L%2FXL&Color=Indigo');
    await ready(page, js);
    await expect(addButton(page)).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.product-info .product-price:visible')).toHaveText('$72.00');

    // The gallery: a strip that scrolls sideways and snaps, not a tall stack.
    const gallery = page.locator('[data-product-gallery]');
    const style = await gallery.evaluate((el) => {
      const cs = getComputedStyle(el);
      return {
        overflowX: cs.overflowX,
        snap: cs.scrollSnapType,
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
        height: el.getBoundingClientRect().height,
      };
    });
    expect(style.overflowX).toBe('auto');
    expect(style.snap).toMatch(/^x mandatory/);
    expect(style.scrollWidth).toBeGreaterThan(style.clientWidth);
    expect(style.height).toBeLessThan(844 / 2);
    const [first, second] = await page.locator('[data-product-gallery] figure').all();
    expect((await second.boundingBox())!.y).toBe((await first.boundingBox())!.y);
    await gallery.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'instant' }));
    await expect.poll(() => gallery.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // By keyboard too: the strip takes focus (a named region).
    await expect(gallery).toHaveAttribute('tabindex', '0');
    await expect(gallery).toHaveAttribute('aria-label', 'Product images');
  });

  for (const width of [320, 375, 430]) {
    test(`${width} px wide: nothing scrolls the page sideways`, async ({ page, javaScriptEnabled: js }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of [...PRODUCTS, '/shop/p/shoreline-bowl?Size=Medium', '/', '/shop']) {
        await page.goto(path);
        await ready(page, js);
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.scrollingElement!.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
      }
    });
  }
});
