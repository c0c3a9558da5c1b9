// axe for the journeys (WCAG 2.2 AA): serious and critical violations plus the page-structure rules,
// and the same check for a page seen without JavaScript (axe runs in a script-free twin of it).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Frame, Locator, Page, Route } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Page structure rules (best practice, moderate impact) that the issue names: held to zero too. */
const STRUCTURE = ['heading-order', 'region', 'landmark-one-main', 'landmark-unique', 'page-has-heading-one'];

// The axe-core build @axe-core/playwright would inject (same package, same version), read once.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Puts axe into a frame's document unless it is there already (a check repeated on the same
 * document), and lets frames of other origins answer the top frame, as @axe-core/playwright does.
 * A frame that runs no script (a sandboxed preview) cannot take it: callers exclude such frames.
 */
async function inject(frame: Frame): Promise<void> {
  try {
    // Evaluating in a frame that may run no script never returns: leave such frames to axe, which
    // reports them as not reached (the checks exclude such preview frames).
    const element = frame.parentFrame() ? await frame.frameElement() : null;
    const sandbox = element ? await element.getAttribute('sandbox') : null;
    if (sandbox !== null && !sandbox.split(/\s+/).includes('allow-scripts')) return;
    const ready = (async () => {
      if (await frame.evaluate('typeof window.axe === "object"')) return;
      await frame.evaluate(AXE_SOURCE);
      await frame.evaluate('window.axe.configure({ allowedOrigins: ["<unsafe_all_origins>"] })');
    })();
    ready.catch(() => {});
    await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  } catch {
    // Detached frames: axe in the top frame reports what it could not reach.
  }
}

/**
 * One `axe.run` in the page (frames reached by axe's own messaging) rather than
 * AxeBuilder.analyze(), which also runs axe per frame, ships every result (passes included, some
 * hundreds of KB) to Node, opens a blank page, injects axe a second time there and merges: the same
 * rules on the same document, at a fraction of the cost. Only the violations are of interest, so
 * axe details no other result type (`resultTypes`); the violations it reports are unchanged.
 */
async function axe(page: Page, exclude: string[] = []): Promise<string[]> {
  await Promise.all(page.frames().map(inject));
  // The context AxeBuilder builds: the whole document, less the excluded selectors.
  const context = { include: [], exclude };
  const result = (await page.evaluate(
    ([ctx, tags]) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(ctx, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    [context, TAGS] as const,
  )) as AxeResults;
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

/** A regular expression matching exactly `text`. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
}

/**
 * Serious and critical axe violations of the page as it is now, one readable line each. axe is a
 * script: without JavaScript, the document as the browser built it (no script ran) is checked in
 * a twin page at the same URL that runs axe and nothing else of ours. `exclude` leaves parts out
 * (CSS selectors), such as a sandboxed preview frame that runs no script, where axe cannot go
 * (`previewViolations` checks those).
 */
export async function violations(page: Page, js: boolean, opts: { exclude?: string[] } = {}): Promise<string[]> {
  if (js) return axe(page, opts.exclude);
  return inTwin(page, page.url(), await page.content());
}

/**
 * Serious and critical axe violations inside a preview frame (a theme template, the popup, the
 * lock screen), which runs no script, so axe cannot enter it in place: the frame's document (read
 * through the DOM when the frame is same-origin, else its `srcdoc`, else its `src` fetched with the
 * page's cookies) is checked in the twin page, at the address of what it previews.
 */
export async function previewViolations(page: Page, frame: Locator, at = '/'): Promise<string[]> {
  const read = await frame.evaluate((el: HTMLIFrameElement) => {
    try {
      const doc = el.contentDocument;
      if (doc?.documentElement && doc.body?.childElementCount) return { html: `<!doctype html>${doc.documentElement.outerHTML}` };
    } catch {
      // An opaque-origin frame: read what it was given instead.
    }
    return { html: el.getAttribute('srcdoc'), src: el.getAttribute('src') };
  });
  let html = read.html;
  if (!html && 'src' in read && read.src) html = await (await page.request.get(new URL(read.src, page.url()).href)).text();
  if (!html) throw new Error('axe preview: the frame has no document');
  return inTwin(page, new URL(at, page.url()).href, html);
}

/**
 * axe over `html` as the browser builds it without running its scripts, in a twin page at `url`
 * that runs axe and nothing else of ours.
 */
async function inTwin(page: Page, url: string, source: string): Promise<string[]> {
  const html = source.replace(/<script\b(?![^>]*application\/ld\+json)[^>]*>[\s\S]*?<\/script>/gi, '');
  return inTwinPage(page, async (twin) => {
    const viewport = page.viewportSize();
    if (viewport) await twin.setViewportSize(viewport);
    const documentUrl = url.replace(/#.*$/, '');
    // The twin may show this document already: only a new document is a new load (not a jump to a #fragment).
    if (twin.url().replace(/#.*$/, '') === documentUrl) await twin.goto('about:blank');
    // Only the document itself is replaced; its styles, fonts and images load from the server
    // untouched (no per-request round trip through this process).
    let served = false;
    const pattern = exactly(documentUrl);
    const handler = (route: Route) => {
      served = true;
      return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    };
    await twin.route(pattern, handler, { times: 1 });
    try {
      await twin.goto(url);
      // Never check, by mistake, the server's own page with its scripts running.
      if (!served) throw new Error(`axe twin: ${url} was not the script-free copy`);
      return await axe(twin);
    } finally {
      await twin.unroute(pattern, handler);
    }
  });
}

// The twin page, one per test, and its context: a context costs far more than a page (15 owner
// screens took 50 s with one each, 11 s sharing one), and a page more than a navigation (a new
// renderer, and axe compiled afresh in it). Playwright closes the contexts a test opened when the
// test ends, so the next test's first check opens a new one; nothing here closes it. The checks on
// one browser take turns on its page.
const twins = new Map<Browser, { page?: Page; turn: Promise<unknown> }>();
async function inTwinPage<T>(page: Page, check: (twin: Page) => Promise<T>): Promise<T> {
  const browser = page.context().browser()!;
  const twin = twins.get(browser) ?? { turn: Promise.resolve() };
  twins.set(browser, twin);
  const mine = twin.turn.then(async () => {
    if (!twin.page || twin.page.isClosed()) twin.page = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
    return check(twin.page);
  });
  twin.turn = mine.catch(() => {});
  return mine;
}
