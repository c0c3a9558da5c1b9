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

interface Twin {
  page: Page;
  /** The document the twin serves next (its route answers every document request with it). */
  html: string;
}

// One script-free twin per journey page, made on its first check and closed with the page: a new
// browser context per check cost a second or more each on a busy 2-core machine.
const twins = new WeakMap<Page, Promise<Twin>>();

function twinOf(page: Page): Promise<Twin> {
  let twin = twins.get(page);
  if (!twin) {
    twin = (async () => {
      const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
      page.once('close', () => void context.close().catch(() => {}));
      const t: Twin = { page: await context.newPage(), html: '' };
      await t.page.route('**/*', (route) =>
        route.request().resourceType() === 'document'
          ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: t.html })
          : route.continue(),
      );
      return t;
    })();
    twins.set(page, twin);
  }
  return twin;
}

/**
 * Serious and critical axe violations of the page as it is now, one readable line each. axe is a
 * script: without JavaScript, the document as the browser built it (no script ran) is checked in
 * a twin page at the same URL that runs axe and nothing else of ours. `exclude` leaves parts out
 * (CSS selectors), such as a sandboxed preview frame that runs no script, where axe cannot go.
 */
export async function violations(page: Page, js: boolean, opts: { exclude?: string[] } = {}): Promise<string[]> {
  if (js) return axe(page, opts.exclude);
  const twin = await twinOf(page);
  twin.html = (await page.content()).replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '');
  // A URL differing only in its fragment would be a same-document move: no new document to check.
  if (page.url().includes('#')) await twin.page.goto('about:blank');
  await twin.page.goto(page.url());
  return axe(twin.page, opts.exclude);
}
