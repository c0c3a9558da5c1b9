// The seed files as they were before migration 0044: store and journal posts said "Comments are
// open.", and the store's text-box rule left out the password box. The older template migrations'
// tests start from these, since 0044 moves on from what they leave.
import { beforeMediaBlocks } from './media-blocks.js';

const STORE_OPEN =
  '<p class="comments-state comments-open">{.if localizedStrings.commentsOpenText}{localizedStrings.commentsOpenText|html}{.or}Comments are open.{.end}</p>';
const JOURNAL_OPEN = '<p class="comments-state comments-open">Comments are open.</p>';
const NOTE =
  '\n   comments; otherwise a closed post says so. An open post says nothing of it: the site takes no\n   comments from visitors yet (issue 33). ##}';

/** `source`, the text of seed file `file`, as it was before 0044 (files 0044 did not touch come back as they are). */
export function beforeCommentsText(file: string, current: string): string {
  // 0048 came after 0044: undo it first.
  const source = beforeMediaBlocks(file, current);
  if (file.endsWith('db/seed/theme/theme.css')) return source.replace(', input[type="password"] {', ' {');
  if (!file.endsWith('/post.html')) return source;
  const open = file.includes('/themes/journal/') ? JOURNAL_OPEN : STORE_OPEN;
  return source
    .replace(NOTE, '\n   comments; otherwise a closed post says so. ##}')
    .replace('{.if commentsOpen}{.or}', `{.if commentsOpen}${open}{.or}`);
}
