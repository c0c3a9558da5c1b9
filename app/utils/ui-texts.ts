// SPEC 8's general UI strings (English), shared by the storefront's islands, the owner screens and
// the API answers that carry them; a storefront island's other languages are in app/languages/texts/storefront.ts.

export const UI_TEXT = {
  tryAgain: 'Try again',
  /** A list whose next page could not be fetched (a "Load More"). */
  unableToLoadResults: 'Unable to load results',
  /** A part of a screen whose data could not be fetched. */
  unableToLoad: 'Unable to load. Try again.',
  /** A fetch that got no answer at all (offline, connection dropped). */
  networkError: 'Network error',
  /** Session-token failure (a stale or missing site-user token) while the browser keeps cookies... */
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  /** ...and the same failure when it does not: the session cannot live without its cookie. */
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
} as const;

/** The session-token failure text for a browser that does (or does not) keep cookies. */
export function sessionFailureText(cookiesEnabled: boolean): string {
  return cookiesEnabled ? UI_TEXT.sessionExpired : UI_TEXT.enableCookies;
}

/** Whether `e` is fetch's own failure (no answer: offline, refused, cut mid-way), not a server's error. */
export function isNetworkFailure(e: unknown): boolean {
  return e instanceof TypeError;
}
