// The address rules of what owners name (a page's and a product's URL slug), shared by their own
// screens and their translations' (app/languages), so both refuse the same addresses with the same words.

/** Addresses the app answers itself: a page there could never be reached. A language's pages also
 * live under its code (/fr/...): callers add the language codes (app/languages owns that list). */
export const APP_PATHS: readonly string[] = [
  ...['cart', 'search', 'config', 'api', 'theme', 'files', 'fonts', 'checkout', 'order-confirmed', 'healthz', 'readyz'],
  ...['account', 'newsletter', 'page-access', 'popup', 'splash'],
];

/** A page's address: one path segment of at most 63 characters. */
export const PAGE_SLUG_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A product's URL slug (its length, at most 100, is checked by the form). */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SLUG_TEXT = {
  page: 'Use lower-case letters, digits and hyphens for the address.',
  reserved: (s: string) => `/${s} is used by the site itself: choose another address.`,
  product: 'Use lower-case letters, digits and hyphens for the URL slug.',
};

/** Why a typed page address cannot be used, or null; `reserved` is APP_PATHS plus the language codes. */
export function pageSlugProblem(slug: string, reserved: readonly string[]): string | null {
  if (!PAGE_SLUG_RE.test(slug)) return SLUG_TEXT.page;
  if (reserved.includes(slug)) return SLUG_TEXT.reserved(slug);
  return null;
}

/** Why a typed product slug cannot be used, or null. */
export function productSlugProblem(slug: string): string | null {
  return SLUG_RE.test(slug) ? null : SLUG_TEXT.product;
}
