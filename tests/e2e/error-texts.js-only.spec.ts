// SPEC 8's error texts where their situation happens in the browser (issue 30), verbatim: a request
// that gets no answer (page.route aborts it) and a browser that keeps no cookies. Each situation is
// a script's fetch, so there is no journey without JavaScript (the HTTP suite covers the server's side).
import { expect, test } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

test('an upload cut mid-way says Error uploading / File upload failed to complete, and the screen stays', async ({ page, site }) => {
  await site.signIn(page);
  await page.goto('/config/files');
  await ready(page);
  await page.route(/\/config\/files\?index.*_data=/, (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.continue(),
  );
  await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'cut.txt', mimeType: 'text/plain', buffer: Buffer.from('cut\n') });
  await page.getByRole('button', { name: 'Upload' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Error uploading' });
  await expect(alert.getByRole('heading', { name: 'Error uploading' })).toBeVisible();
  await expect(alert).toContainText('File upload failed to complete');
  // Not the error page: the form is there to try again, and now it goes through.
  await page.unroute(/\/config\/files\?index.*_data=/);
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(/\/config\/files\/[^/?]+\?uploaded=1$/);
});

test('a Load More that gets no answer says Unable to load results, and Try again loads them', async ({ page, baseURL, site }) => {
  test.setTimeout(scaled(90_000));
  await site.signIn(page);
  const stamp = Date.now().toString(36);
  for (let i = 0; i < 25; i++) {
    const res = await page.request.post('/config/files?index', {
      headers: { Origin: baseURL! },
      multipart: { file: { name: `more-${stamp}-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`more ${i}\n`) } },
      maxRedirects: 0,
    });
    expect(res.status(), `upload ${i}`).toBe(303);
  }
  await page.goto('/config/files');
  await ready(page);
  const rows = page.getByRole('table', { name: 'Existing Files' }).locator('tbody tr');
  await expect(rows).toHaveCount(24);
  // Load More's fetch only (it carries `more`); Remix sends it as /config/files?index=&more=&...&_data=...
  const loadMore = (url: URL) => url.pathname === '/config/files' && url.searchParams.has('more');
  await page.route(loadMore, (route) => route.abort('failed'));
  await page.getByRole('link', { name: 'Load More' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to load results' });
  await expect(alert).toHaveText('Unable to load results Try again');
  await expect(rows).toHaveCount(24);
  await page.unroute(loadMore);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(24);
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load results' })).toHaveCount(0);
});

test('a form block whose request gets no answer says Network error', async ({ page }) => {
  await page.goto('/contact');
  await ready(page);
  await page.route('**/api/form/FormSubmissionKey', (route) => route.abort('failed'));
  await page.getByLabel('First Name').fill('Ada');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('Offline?');
  await page.getByRole('button', { name: 'Send' }).click();
  // Above the form (and the same below it), where the form's other failures show.
  await expect(page.locator('[data-form-error="top"]')).toHaveText('Network error');
  // What was typed stays, and the button takes the next try.
  await expect(page.getByLabel('First Name')).toHaveValue('Ada');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
});

test('adding to the cart in a browser that keeps no cookies asks to enable them', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'cookieEnabled', { get: () => false }));
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/cart') posted++;
  });
  await page.goto('/shop/p/salt-cellar');
  await ready(page);
  await page.locator('form.add-to-cart').getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.locator('form.add-to-cart .cart-error')).toHaveText(
    'Unable to Add Item: Please enable cookies in your browser, reload the page, and try again.',
  );
  expect(posted).toBe(0);
});

test("the theme editor's preview whose data gets no answer says Unable to load. Try again., and Try again loads it", async ({
  page,
  site,
}) => {
  const previewData = (url: URL) => url.pathname === '/config/theme/preview';
  await page.route(previewData, (route) => route.abort('failed'));
  await site.signIn(page);
  await page.goto('/config/theme/edit/product');
  await ready(page);
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to load. Try again.' });
  await expect(alert).toHaveText('Unable to load. Try again. Try again');
  await page.unroute(previewData);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('preview-status')).toContainText(/\/p\/\S+ rendered in [\d.]+ ms/);
  await expect(page.getByRole('alert').filter({ hasText: 'Unable to load. Try again.' })).toHaveCount(0);
});
