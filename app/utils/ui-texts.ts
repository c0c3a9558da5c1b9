// SPEC 8's general UI strings (English), shared by the storefront's islands, the owner screens and
// the API answers that carry them; a storefront island's other languages are in app/languages/texts/storefront.ts,
// handed to the browser in the page's island-texts block (app/storefront/island-texts.server.ts).

export const UI_TEXT = {
  tryAgain: 'Try again',
  /** Above a form refused for its fields (each field's error beside it). */
  invalidForm: 'Update the missing or invalid information above.',
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
  /** A gallery's previous/next buttons, in the slideshow and in the lightbox. */
  previousImage: 'Previous image',
  nextImage: 'Next image',
  close: 'Close',
  /** The lightbox dialog's name, and where it is after the image's description ("Jug (2 of 5)"). */
  imageViewer: 'Image viewer',
  imagePosition: '{position} of {total}',
  /** A text area's count against its maximum, as a screen reader hears it once typing pauses. */
  characterCount: '{count} / {max} characters',
} as const;

/**
 * The islands' texts that follow the page's language, by their `localizedStrings` key: the key and
 * English here, the other languages in texts/storefront.ts (island-texts.server.ts sends them).
 */
export const ISLAND_UI_TEXTS = {
  galleryPreviousText: UI_TEXT.previousImage,
  galleryNextText: UI_TEXT.nextImage,
  lightboxCloseText: UI_TEXT.close,
  lightboxLabel: UI_TEXT.imageViewer,
  lightboxPositionText: UI_TEXT.imagePosition,
  fieldCountText: UI_TEXT.characterCount,
  networkErrorText: UI_TEXT.networkError,
} as const;

/**
 * One island text in the page's language: a page whose language is not English carries them in its
 * island-texts block; else `english`. `{name}` placeholders are filled from `vars`.
 */
export function islandText(doc: Document, key: string, english: string, vars: Record<string, string | number> = {}): string {
  let texts: Record<string, unknown> = {};
  try {
    texts = JSON.parse(doc.getElementById('island-texts')?.textContent ?? '{}') as Record<string, unknown>;
  } catch {
    // unreadable: English
  }
  const t = typeof texts[key] === 'string' && texts[key] !== '' ? (texts[key] as string) : english;
  return t.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/**
 * A count's text in the page's language: `text` is either plain (`{count}` filled) or an ICU
 * plural as the templates' `message` formatter takes it (`{count, plural, one {# item} other {#
 * items}}`), whose branch is the exact `=n` one, else the one Intl.PluralRules picks for `lang`.
 */
export function pluralText(lang: string, text: string, count: number): string {
  const m = /^\{\s*(\w+)\s*,\s*plural\s*,([\s\S]*)\}$/.exec(text.trim());
  if (!m) return text.replace(/\{count\}/g, String(count));
  const branches = new Map([...m[2].matchAll(/(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g)].map((b) => [b[1], b[2]]));
  let category = 'other';
  try {
    category = new Intl.PluralRules(lang || 'en').select(count);
  } catch {
    // an unknown language tag: "other"
  }
  const chosen = branches.get(`=${count}`) ?? branches.get(category) ?? branches.get('other');
  return chosen === undefined ? text : chosen.replace(/#/g, String(count));
}

/** Whether `e` is fetch's own failure (no answer: offline, refused, cut mid-way), not a server's error. */
export function isNetworkFailure(e: unknown): boolean {
  return e instanceof TypeError;
}
