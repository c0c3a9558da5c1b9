// axe for the journeys (WCAG 2.2 AA): serious and critical violations plus the page-structure rules,
// and the same check for a page seen without JavaScript (axe runs in a script-free twin of it).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Page structure rules (best practice, moderate impact) that the issue names: held to zero too. */
const STRUCTURE = ['heading-order', 'region', 'landmark-one-main', 'landmark-unique', 'page-has-heading-one'];

async function axe(page: Page, exclude: string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags([...TAGS, 'best-practice']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRUCTURE.includes(v.id))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

/**
 * Serious and critical axe violations of the page as it is now, one readable line each. axe is a
 * script: without JavaScript, the document as the browser built it (no script ran) is checked in
 * a twin page at the same URL that runs axe and nothing else of ours. `exclude` leaves parts out
 * (CSS selectors), such as a sandboxed preview frame that runs no script, where axe cannot go.
 */
export async function violations(page: Page, js: boolean, opts: { exclude?: string[] } = {}): Promise<string[]> {
  if (js) return axe(page, opts.exclude);
  const url = page.url();
  const html = (await page.content()).replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '');
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
  try {
    const twin = await context.newPage();
    await twin.route('**/*', (route) =>
      route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
        : route.continue(),
    );
    await twin.goto(url);
    return await axe(twin);
  } finally {
    await context.close();
  }
}
