// The store layout as it was before migration 0056: the cart pill's spoken label in English only.
// The older template migrations' tests start from it, since 0056 moves on from what they leave.

const LOOKUP = /\{\.if localizedStrings\.(cartPillOverLabel|cartPillLabel)\}\{localizedStrings\.\1\|[^}]*\}\{\.or\}(.*?)\{\.end\}/g;

/** `source`, the text of seed file `file`, as it was before 0056 (files 0056 did not touch come back as they are). */
export function beforeCartPillLabel(file: string, source: string): string {
  if (!file.endsWith('db/seed/theme/layout.html')) return source;
  return source.replace(LOOKUP, '$2');
}
