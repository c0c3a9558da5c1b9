// Reading a page's census (the loader's `census`, app/storefront/census.ts) in the document shell,
// and the no-JavaScript page view: a 1x1 image whose query carries the census. Small and pure: it
// is part of the first-load bundle, unlike the collector itself.
import type { CensusPage } from './wire.js';

export const PIXEL_PATH = '/api/census/pixel';

/** The census of the deepest route that has one; null when the page carries none (or null). */
export function censusOf(matches: readonly { data?: unknown }[]): CensusPage | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i].data as { census?: unknown } | null | undefined;
    if (data && typeof data === 'object' && 'census' in data) {
      const c = data.census;
      return c && typeof c === 'object' ? (c as CensusPage) : null;
    }
  }
  return null;
}

/** The pixel's address: `d` is the census with the page's path and URL (path and query). */
export function pixelUrl(census: CensusPage, pathname: string, search: string): string {
  const page = { ...census, pagePath: pathname.slice(0, 2048), url: (pathname + search).slice(0, 2048) };
  // The purchase is the collector's event, not part of the page view.
  delete page.purchase;
  const d = JSON.stringify(page);
  return `${PIXEL_PATH}?d=${encodeURIComponent(d)}`;
}
