// The seed files as they were before migration 0049 (issue 30's media blocks): the page-blocks
// partial showed every video address as a link and a gallery without controls or lightbox links,
// and the stylesheets had no media section. The
// older template migrations' tests start from these, since 0049 moves on from what they leave
// (and from the files as 0053 found them: beforeNoticeStyles).
import { beforeNoticeStyles } from './notice-styles.js';

const CSS_MARK = '\n/* Media blocks (issue 30;';
const VIDEO_NOW =
  '    {.if assetUrl}<video controls preload="metadata" src="{assetUrl|htmlattr}"{.if poster} poster="{poster|htmlattr}"{.end}><a href="{assetUrl|htmlattr}">{title|html}</a></video>{.end}\n';
const VIDEO_BEFORE =
  '    {.if assetUrl}<video controls preload="metadata" src="{assetUrl|htmlattr}"><a href="{assetUrl|htmlattr}">{title|html}</a></video>{.end}\n';
const EMBED_LINE = /^ {4}\{\.section embed\}.*\n/m;
const CONTROLS_LINE = /^ {4}\{\.gallery-controls\?\}.*\n/m;

/** `source`, the text of seed file `file`, as it was before 0049 (files 0049 did not touch come back as they are). */
export function beforeMediaBlocks(file: string, today: string): string {
  const source = beforeNoticeStyles(file, today);
  if (file.endsWith('/theme.css')) return source.includes(CSS_MARK) ? source.slice(0, source.indexOf(CSS_MARK)) : source;
  if (!file.endsWith('/_page-blocks.html')) return source;
  return source
    .replace(VIDEO_NOW, VIDEO_BEFORE)
    .replace(EMBED_LINE, '')
    .replace(CONTROLS_LINE, '')
    .replace('<a href="{assetUrl|htmlattr}" data-lightbox{.if newWindow}', '<a href="{assetUrl|htmlattr}"{.if newWindow}');
}
