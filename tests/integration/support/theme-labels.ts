// The seed templates as they were before migration 0054: the store layout's landmark and link
// labels and footer line, and the page-blocks partial's gallery buttons and video label, in English
// only. The older template migrations' tests start from these, since 0054 moves on from what they leave.
import { beforeCartPillLabel } from './cart-pill-label.js';

const KEYS = [
  'announcementLabel',
  'mainNavigationLabel',
  'languageSwitcherLabel',
  'searchLinkLabel',
  'accountLinkLabel',
  'cartSummaryLabel',
  'footerNavigationLabel',
  'footerMadeText',
  'galleryPreviousText',
  'galleryNextText',
  'videoPlayText',
];
const LOOKUP = new RegExp(
  `\\{\\.if localizedStrings\\.(${KEYS.join('|')})\\}\\{localizedStrings\\.\\1\\|[^}]*\\}\\{\\.or\\}(.*?)\\{\\.end\\}`,
  'g',
);

/** `source`, the text of seed file `file`, as it was before 0054 (files 0054 did not touch come back as they are). */
export function beforeThemeLabels(file: string, current: string): string {
  // 0056 came after 0054: undo it first.
  const source = beforeCartPillLabel(file, current);
  if (!file.endsWith('db/seed/theme/layout.html') && !file.endsWith('/_page-blocks.html')) return source;
  return source.replace(LOOKUP, '$2');
}
