// The language an email is written in, as the mail's author sees it: the languages domain makes one
// for a site and an address (app/languages/email-language.server.ts), any mail's author uses it.

export interface MailLanguage {
  /** The language code, for Content-Language and the HTML's lang. */
  code: string;
  /** The CLDR locale money and dates are written in. */
  locale: string;
  /** One text in the language: English is written at the call site, as with `textFrom`. */
  text: (key: string, english: string, vars?: Record<string, string | number>) => string;
  /** A site-relative path in the language: `/shop/p/mug` -> `/fr/boutique/p/tasse` (its translated slugs). */
  path: (path: string) => string;
}
