// The file manager's Load More with JavaScript: the next files join the list below the ones shown
// (without JavaScript the link opens the next page, which the HTTP suite covers). The owner has
// more than a page of files: this journey uploads 25 small text files first.
import { expect, test } from './fixtures.js';
import { scaled } from '../support/time-scale.js';

test('Load More appends the next files to the list', async ({ page, baseURL, site }) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(page);

  const stamp = Date.now().toString(36);
  for (let i = 0; i < 25; i++) {
    const res = await page.request.post('/config/files?index', {
      headers: { Origin: baseURL! },
      multipart: { file: { name: `note-${stamp}-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`note ${i}\n`) } },
      maxRedirects: 0,
    });
    expect(res.status(), `upload ${i}`).toBe(303);
  }

  await page.goto('/config/files');
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
  const rows = page.getByRole('table', { name: 'Existing Files' }).locator('tbody tr');
  await expect(rows).toHaveCount(24);
  const first = await rows.first().textContent();
  await page.getByRole('link', { name: 'Load More' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(24);
  // Appended, not replaced: the first file is still first, and the address did not change.
  expect(await rows.first().textContent()).toBe(first);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.getByRole('status').filter({ hasText: /more files shown/ })).toHaveText(/^\d+ more files shown\.$/);
});
