// The store theme's event templates as they were before migration 0036: the en-US strftime dates
// only, without the CLDR branch for other locales.

/** Drops the `{.or}` CLDR branches and the en-US test around the strftime ones. */
export const withoutEventDates = (source: string) =>
  source
    .replace(/\{\.or\}\{startDate\|datetime \w+\}\{\.end\}/g, '')
    .replace(/\{\.or\}\{\.same-day\?\}[^]*?\{\.end\}\{\.end\}/g, '')
    .replace(/\{\.equal\? website\.locale "en-US"\}/g, '');
