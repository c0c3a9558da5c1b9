// The seed stylesheets as they were before migration 0053 (issue 30's notice styles: the text
// area's count, the post-submit HTML, the scarcity notice). The older template migrations' tests
// start from these, since 0053 moves on from what they leave.
import { beforeThemeLabels } from './theme-labels.js';

const START = "/* A text area's count against its maximum";
const END = '\n/* Media blocks (issue 30;';

/** `source`, the text of seed file `file`, as it was before 0053 (files 0053 did not touch come back as they are). */
export function beforeNoticeStyles(file: string, current: string): string {
  // 0054 came after 0053: undo it first.
  const source = beforeThemeLabels(file, current);
  if (!file.endsWith('/theme.css') || !source.includes(START)) return source;
  return source.slice(0, source.indexOf(START)) + source.slice(source.indexOf(END));
}
