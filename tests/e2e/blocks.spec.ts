// The content block journey, with JavaScript on and off: an owner uploads an image, makes a page
// whose body has a link (written in Quill through the link editor with JavaScript, as HTML in the
// textarea without), adds a gallery block to it (options panel, image picked from the files),
// saves, then a YouTube video block with its overlay image; a shopper sees the link, the gallery after
// the page's body (a list of images without JavaScript; with it, controls, autoplay that pauses on
// hover and focus and stops under reduced motion, and a modal lightbox), and the video as a poster: nothing of YouTube's loads until it is clicked (with
// JavaScript the player then replaces it; without, the poster links to the video's page). The block
// screen passes axe.
import { expect, test } from './fixtures.js';
import { png } from '../support/sample-files.js';
import { violations } from './axe.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

test('an owner adds a gallery and a video block to a page and a shopper sees them', async ({
  page,
  browser,
  site,
  javaScriptEnabled: js,
}) => {
  // Six screens and an axe run: more than the default 30 s on a busy CI machine.
  test.setTimeout(scaled(90_000));
  const suffix = `${js ? 'js' : 'nojs'}${Date.now().toString(36)}`;
  await site.signIn(page);

  // An image in Files to pick.
  await page.goto('/config/files');
  await ready(page, js);
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: `tile-${suffix}.png`, mimeType: 'image/png', buffer: png(6, 4) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText('uploaded');
  await page.goto('/config/files');
  await ready(page, js);
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: `glaze-${suffix}.png`, mimeType: 'image/png', buffer: png(4, 4) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status')).toContainText('uploaded');

  // A page, published, with a body.
  await page.goto('/config/pages/new');
  await ready(page, js);
  await page.getByLabel('Title', { exact: true }).fill(`Gallery page ${suffix}`);
  await page.getByLabel('URL slug').fill(`gallery-${suffix}`);
  await page.getByLabel('Hide from navigation').check();
  if (js) {
    // Quill: a sentence, then a link to a web address through the link editor.
    const editor = page.getByRole('textbox', { name: 'Body' });
    await editor.click();
    await page.keyboard.type('Tiles from the kiln. ');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a link' });
    await dialog.getByLabel('URL').fill('https://studio.example/visit');
    await dialog.getByLabel('Link name').fill('Visit the studio');
    await dialog.getByRole('button', { name: 'Add link' }).click();
    await expect(dialog).toBeHidden();
  } else {
    await page.getByLabel('Body').fill('<p>Tiles from the kiln. <a href="https://studio.example/visit">Visit the studio</a></p>');
  }
  await page.getByRole('button', { name: 'Create page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit Gallery page ${suffix}` })).toBeVisible();
  await ready(page, js);

  // Add block: Gallery.
  const blocks = page.getByRole('region', { name: 'Blocks' });
  await expect(blocks.getByText('This page has no blocks yet.')).toBeVisible();
  await blocks.getByLabel('Gallery').check();
  await blocks.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a gallery block' })).toBeVisible();
  await ready(page, js);
  await page.getByRole('checkbox', { name: `tile-${suffix}.png (6x4)` }).check();
  await page.getByRole('checkbox', { name: `glaze-${suffix}.png (4x4)` }).check();
  await page.getByRole('combobox', { name: 'Design' }).selectOption('slideshow');
  await page.getByRole('checkbox', { name: 'Autoplay', exact: true }).check();
  await page.getByLabel('Autoplay duration (seconds)').fill('2');
  await page.getByRole('checkbox', { name: 'Show controls' }).check();
  await page.getByRole('checkbox', { name: 'Open images in a lightbox (link to the full image)' }).check();
  await page.getByRole('combobox', { name: 'Lightbox theme' }).selectOption('light');
  if (js) {
    // The design rule shows at once: slideshow turns thumbnails on.
    await expect(page.getByRole('checkbox', { name: 'Show thumbnails' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Show thumbnails' })).toBeDisabled();
  }
  await page.getByLabel('Padding (px)').fill('8');
  expect(await violations(page, js)).toEqual([]);
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('status')).toHaveText('Block added.');
  await page.getByRole('link', { name: `Back to Gallery page ${suffix}` }).click();
  await expect(page.getByRole('region', { name: 'Blocks' }).getByRole('cell', { name: '2 images, slideshow' })).toBeVisible();

  // Add block: Video, a YouTube address with the image over it.
  await ready(page, js);
  await blocks.getByLabel('Video').check();
  await blocks.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a video block' })).toBeVisible();
  await ready(page, js);
  await page.getByLabel('Or the video’s web address').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await page.getByLabel('Title', { exact: true }).fill('Throwing a bowl');
  await page.getByLabel('Show an image over the video until it is played').check();
  await page.getByLabel('Overlay image').selectOption({ label: `tile-${suffix}.png` });
  await page.getByRole('button', { name: 'Add block' }).click();
  await expect(page.getByRole('status')).toHaveText('Block added.');

  // The shopper's page. Requests to the video providers are counted (the player's is answered here:
  // this machine has no way out).
  const shopper = await browser.newPage({ javaScriptEnabled: js });
  const providers: string[] = [];
  shopper.on('request', (r) => {
    if (/(^|\.)(youtube|youtube-nocookie|ytimg|vimeo|vimeocdn)\.com$/.test(new URL(r.url()).hostname)) providers.push(r.url());
  });
  await shopper.route(/^https:\/\/www\.youtube-nocookie\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>The player</p>' }),
  );
  await shopper.goto(`/gallery-${suffix}`);
  await ready(shopper, js);
  const poster = shopper.getByRole('link', { name: 'Play Throwing a bowl (YouTube)' });
  await expect(poster).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await expect(poster.locator('img')).toHaveAttribute('src', new RegExp(`/files/[a-f0-9]+/tile-${suffix}\\.png$`));
  await expect(shopper.locator('iframe')).toHaveCount(0);
  expect(providers).toEqual([]);
  if (js) {
    await poster.click();
    const player = shopper.locator('iframe[title="Throwing a bowl (YouTube)"]');
    await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    await expect(player).toBeFocused();
    // The page's CSP let the player load, and nothing else of theirs came with the click.
    await expect.poll(() => providers.length).toBeGreaterThan(0);
    expect(providers.every((u) => u.startsWith('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'))).toBe(true);
    await expect(shopper.frameLocator('iframe').getByText('The player')).toBeVisible();
    await expect(poster).toHaveCount(0);
  }
  await expect(shopper.getByRole('link', { name: 'Visit the studio' })).toHaveAttribute('href', 'https://studio.example/visit');
  const gallery = shopper.locator('.block-gallery.gallery-slideshow.has-thumbnails');
  await expect(gallery).toBeVisible();
  await expect(gallery.getByRole('img', { name: `tile-${suffix}` }).first()).toBeVisible();
  await expect(gallery.locator('.gallery-thumbnails a').first()).toHaveAttribute('href', /#block-[a-f0-9]+-1$/);
  // Both images are in the list, each a link to the full image (the lightbox's, without JavaScript).
  const slides = gallery.locator('.gallery-items > li');
  await expect(slides).toHaveCount(2);
  // In the order picked (the newest file is listed first).
  await expect(slides.nth(0).getByRole('link')).toHaveAttribute('href', new RegExp(`/files/[a-f0-9]+/glaze-${suffix}\\.png$`));
  await expect(slides.nth(1).getByRole('link')).toHaveAttribute('href', new RegExp(`/files/[a-f0-9]+/tile-${suffix}\\.png$`));
  const next = gallery.getByRole('button', { name: 'Next image' });
  if (!js) {
    // Without JavaScript the controls would do nothing: they stay hidden.
    await expect(next).toBeHidden();
    await shopper.close();
    return;
  }

  // Controls, set by the owner, move the slideshow; the lightbox is a modal with previous/next.
  await expect(next).toBeVisible();
  // The pointer over the gallery pauses its autoplay (2 s), which could otherwise move it between a
  // read and a click; from wherever autoplay had got to, Next and Previous each move one image.
  await gallery.hover();
  const start = await gallery.getAttribute('data-current');
  expect(['1', '2']).toContain(start);
  await next.click();
  await expect(gallery).toHaveAttribute('data-current', start === '1' ? '2' : '1');
  const opener = slides.nth(0).getByRole('link');
  await gallery.getByRole('button', { name: 'Previous image' }).click();
  await expect(gallery).toHaveAttribute('data-current', start!);
  await opener.click();
  const viewer = shopper.getByRole('dialog', { name: 'Image viewer' });
  await expect(viewer).toBeVisible();
  await expect(viewer).toHaveClass(/lightbox-light/);
  await expect(viewer.getByRole('img')).toHaveAttribute('src', new RegExp(`glaze-${suffix}\\.png$`));
  await expect(viewer).toContainText('(1 of 2)');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer.getByRole('img')).toHaveAttribute('src', new RegExp(`tile-${suffix}\\.png$`));
  await shopper.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('(1 of 2)');
  // The page behind is inert while it is open; Escape closes it and focus returns to the image.
  expect(await shopper.evaluate(() => document.querySelector('dialog.gallery-lightbox')?.matches(':modal'))).toBe(true);
  await shopper.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  await shopper.close();

  // Autoplay: every 2 seconds, paused while the pointer is over the gallery; never under reduced motion.
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const visitor = await browser.newPage({ reducedMotion });
    await visitor.clock.install();
    await visitor.goto(`/gallery-${suffix}`);
    await ready(visitor, js);
    const g = visitor.locator('.block-gallery');
    await expect(g).toHaveAttribute('data-current', '1');
    await visitor.clock.pauseAt(new Date((await visitor.evaluate(() => Date.now())) + 1000));
    if (reducedMotion === 'reduce') {
      await visitor.clock.runFor(2100);
      await expect(g).toHaveAttribute('data-current', '1');
      expect(await g.getAttribute('data-playing')).toBeNull();
    } else {
      // Time ran freely until the pause (on a loaded machine a slide may have moved already); from
      // here on it moves only when told, and leaving the gallery gives the slide its full time
      // again, so each step below is exact.
      await g.hover();
      await expect(g).toHaveAttribute('data-playing', 'false');
      const at = Number(await g.getAttribute('data-current'));
      const next = String((at % 2) + 1);
      await visitor.clock.runFor(5000);
      await expect(g).toHaveAttribute('data-current', String(at));
      await visitor.mouse.move(0, 0);
      await expect(g).toHaveAttribute('data-playing', 'true');
      await visitor.clock.runFor(2100);
      await expect(g).toHaveAttribute('data-current', next);
      await visitor.clock.runFor(2000);
      await expect(g).toHaveAttribute('data-current', String(at));
      // Focus inside pauses it too.
      await g.getByRole('button', { name: 'Next image' }).focus();
      await expect(g).toHaveAttribute('data-playing', 'false');
    }
    await visitor.close();
  }
});
