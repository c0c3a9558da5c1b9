// A shopper's journey through the journal and events (issue 13), JavaScript on and off: the
// journal from the main navigation, a post, then an event and its calendar links; axe on each.
import { violations } from './axe.js';
import { demoTest as test, expect } from './fixtures.js';
import { ready } from './journey.js';
import { scaled } from '../support/time-scale.js';

test('a shopper reads a journal post and adds an event to a calendar', async ({ page, javaScriptEnabled: js }) => {
  // Two axe runs (each in a script-free twin page without JavaScript) on a shared machine.
  test.setTimeout(scaled(60_000));
  await page.goto('/');
  await ready(page, js);
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Journal', exact: true }).click();
  await expect(page).toHaveURL(/\/journal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Journal' })).toBeVisible();
  await ready(page, js);

  await page.getByRole('link', { name: 'Notes from the spring firing', exact: true }).click();
  await expect(page).toHaveURL(/\/journal\/spring-firing-notes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Notes from the spring firing' })).toBeVisible();
  // Visitors cannot comment yet (issue 33): no post says comments are open.
  await expect(page.getByText('Comments are open.')).toHaveCount(0);
  await ready(page, js);
  expect(await violations(page, js)).toEqual([]);

  await page.getByRole('navigation').first().getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await page.getByRole('link', { name: 'Winter kiln opening', exact: true }).click();
  await expect(page).toHaveURL(/\/events\/winter-kiln-opening$/);
  await expect(page.getByText('Saturday, January 16, 2027')).toBeVisible();
  await ready(page, js);
  expect(await violations(page, js)).toEqual([]);

  const google = page.getByRole('link', { name: 'Add to Google Calendar' });
  await expect(google).toHaveAttribute(
    'href',
    /^http:\/\/www\.google\.com\/calendar\/event\?action=TEMPLATE&text=Winter%20kiln%20opening&dates=20270116T140000Z\/20270116T180000Z/,
  );
  const ics = page.getByRole('link', { name: 'Download .ics' });
  const href = await ics.getAttribute('href');
  expect(href).toBe('/events/winter-kiln-opening/calendar.ics');
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await res.text()).toContain('SUMMARY:Winter kiln opening');
});
