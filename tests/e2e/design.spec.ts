// The owner's fonts and colours, with JavaScript on and off: an owner chooses a heading font and a
// link colour on /config/design and saves; a shopper's page then computes them. With JavaScript the
// font picker and the live preview are used, the preview changes before anything is saved, and a
// refused save keeps what is typed while it is on its way. The screen passes axe.
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { violations } from './axe.js';
import { holdPosts, ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

// Dark enough on the theme's paper for axe (4.5:1): later journeys on the worker's site may check it.
const ACCENT = { typed: 'rgb(122 31 61)', computed: 'rgb(122, 31, 61)' };

/** What a shopper's home page computes: the h1's font family and a link's colour. */
async function shopperSees(browser: Browser) {
  // A new context each time: the page itself may be cached for a minute (its stylesheet URL in it).
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  const seen = await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '#';
    a.textContent = 'x';
    document.body.appendChild(a);
    return { h1: getComputedStyle(document.querySelector('h1')!).fontFamily, link: getComputedStyle(a).color };
  });
  // The face itself is loaded from our own server.
  const loraLoaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Lora' && f.weight === '600' && f.status === 'loaded');
  });
  await context.close();
  return { ...seen, loraLoaded };
}

test('an owner chooses a heading font and a link colour, and a shopper sees them', async ({
  page,
  browser,
  site,
  javaScriptEnabled: js,
}) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(page);
  try {
    const before = await shopperSees(browser);
    expect(before.h1).not.toContain('Lora');

    if (js) await page.route('**/fonts/pacifico/**', (r) => r.abort());
    await page.getByRole('navigation', { name: 'Site settings' }).getByRole('link', { name: 'Design' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Design' })).toBeVisible();
    await ready(page, js);
    if (js) {
      const preview = page.frameLocator('iframe[title="Preview of your site"]');
      await expect(preview.locator('h1').first()).toBeVisible();
      // A face that cannot load says so in its row (its file is refused from the start, above).
      const body = page.getByRole('group', { name: /^Body text:/ });
      await body.getByLabel('Search fonts').fill('pacifico');
      // Faces load as their rows come into view.
      await body.getByRole('option', { name: /^Pacifico/ }).scrollIntoViewIfNeeded();
      await expect(body.getByText('Unable to load preview for Pacifico')).toBeVisible();
      await body.getByLabel('Search fonts').fill('');
      const picker = page.getByRole('group', { name: /^Headings:/ });
      await picker.getByLabel('Search fonts').fill('lo');
      await picker.getByRole('radio', { name: 'Serif', exact: true }).click();
      await picker.getByRole('option', { name: /^Lora/ }).click();
      await expect(picker.getByRole('option', { name: /^Lora/ })).toHaveAttribute('aria-selected', 'true');
      await page.getByLabel('Links and accents', { exact: true }).fill(ACCENT.typed);
      // The preview follows at once, before any save; the live site does not yet.
      await expect
        .poll(() =>
          preview
            .locator('h1')
            .first()
            .evaluate((h) => getComputedStyle(h).fontFamily),
        )
        .toContain('Lora');
      await expect
        .poll(() => preview.locator('html').evaluate((r) => getComputedStyle(r).getPropertyValue('--color-accent').trim()))
        .toBe('#7a1f3d');
      expect((await shopperSees(browser)).h1).not.toContain('Lora');

      // A refused save keeps what is typed while it is on its way (its answer used to draw the
      // editor afresh from what was posted).
      const background = page.getByLabel('Background', { exact: true });
      const text = page.getByLabel('Text', { exact: true });
      await background.fill('not a colour');
      const hold = await holdPosts(page, '/config/design');
      await page.getByRole('button', { name: 'Save design' }).click();
      await hold.posted;
      await text.fill('#222222');
      hold.release();
      await expect(page.locator('#f-background-error')).toHaveText(/^Enter a colour as hex/);
      await expect(text).toHaveValue('#222222');
      await expect(page.getByLabel('Links and accents', { exact: true })).toHaveValue(ACCENT.typed);
      await hold.stop();
      await background.fill('');
      await text.fill('');
    } else {
      await page.getByLabel('Headings', { exact: true }).selectOption('lora');
      await page.getByLabel('Links and accents', { exact: true }).fill(ACCENT.typed);
    }
    await page.getByRole('button', { name: 'Save design' }).click();
    await expect(page.getByRole('status')).toHaveText('Design saved.');
    await expect(page.getByLabel('Links and accents', { exact: true })).toHaveValue('#7a1f3d');
    if (js) {
      // The saved font is now one of the site's: offered first in every font picker.
      const guide = page.getByRole('group', { name: /^Body text:/ }).getByRole('group', { name: 'Fonts in Style Guide' });
      await expect(guide.getByRole('option', { name: /^Lora/ })).toBeVisible();
    }

    const after = await shopperSees(browser);
    expect(after.h1).toMatch(/^"?Lora"?,/);
    expect(after.link).toBe(ACCENT.computed);
    expect(after.loraLoaded).toBe(true);
  } finally {
    const res = await page.request.post('/config/design', {
      form: { headingFont: '', bodyFont: '', background: '', text: '', accent: '', button: '', buttonText: '' },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
  }
  expect((await shopperSees(browser)).h1).not.toContain('Lora');
});

test('axe: the Design screen', async ({ page, site, javaScriptEnabled: js }) => {
  await site.signIn(page);
  await page.goto('/config/design');
  await ready(page, js);
  await expect(page.getByRole('heading', { level: 1, name: 'Design' })).toBeVisible();
  expect(await violations(page, js)).toEqual([]);
  if (js) {
    // The colour picker open: area, hue and alpha sliders, formats, swatches.
    await page.getByRole('button', { name: 'Pick the links and accents colour' }).click();
    const dialog = page.getByRole('dialog', { name: 'Links and accents colour' });
    await expect(dialog.getByRole('group', { name: 'Hue' }).or(dialog.getByLabel('Hue').first())).toBeVisible();
    expect(await violations(page, js)).toEqual([]);
  }
});
