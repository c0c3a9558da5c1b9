// Formatters of the social domain: comment blocks and counts, like and share buttons, the
// twitter follow button, event calendar links and twitter-style auto-linking.
import type { Context } from '../../context.js';
import type { FormatterTable, Variable } from '../../types.js';
import { isTruthy, toText } from '../../values.js';
import { field, hasField, lookup } from '../social/util.js';
import { leadingNumber, scalarText } from '../../values.js';

const DISQUS_SHORTNAME = ['websiteSettings', 'disqusShortname'];
const SIMPLE_LIKING = ['websiteSettings', 'simpleLikingEnabled'];
const SHARE_BUTTON_OPTIONS = ['website', 'shareButtonOptions'];
const P_ID = ['id'];
const P_FULL_URL = ['fullUrl'];
const P_COUNT = ['publicCommentCount'];
const P_LIKE_COUNT = ['likeCount'];
const P_ITEM = ['item'];
const P_ITEM_ID = ['item', 'id'];
const P_ITEM_COUNT = ['item', 'publicCommentCount'];
const P_ITEM_STATE = ['item', 'commentState'];
const P_COLL = ['collection'];
const P_COLL_ID = ['collection', 'id'];
const P_COLL_COUNT = ['collection', 'publicCommentCount'];
const P_COLL_STATE = ['collection', 'commentState'];

/** `{x|comment-count}`: "No Comments", "1 Comment" or "N Comments" from x.publicCommentCount. */
function commentCount(_ctx: Context, _args: string[], vars: Variable[]): void {
  const n = leadingNumber(field(vars[0].value, 'publicCommentCount'));
  vars[0].value = n === 0 ? 'No Comments' : n === 1 ? '1 Comment' : `${n} Comments`;
}

// The markup below reproduces the published engine's built-in templates byte for byte,
// including their line breaks and indentation; fields are looked up as those templates do.

/** `{item|comment-link}`: a link to the item's comments, or the disqus link. */
function commentLink(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  const url = toText(lookup(ctx, node, P_FULL_URL));
  const id = toText(lookup(ctx, node, P_ID));
  if (isTruthy(lookup(ctx, node, DISQUS_SHORTNAME))) {
    vars[0].value = `\n  <a href="${url}" class="sqs-comment-link sqs-disqus-comment-link" data-id="${id}"></a>\n`;
    return;
  }
  const count = lookup(ctx, node, P_COUNT);
  const countText = count === 0 ? 'No' : toText(count);
  const noun = count === 1 ? 'Comment' : 'Comments';
  vars[0].value = `\n  <a href="${url}#comments-${id}" class="sqs-comment-link" data-id="${id}">\n  ${countText}\n  ${noun}\n  </a>\n`;
}

/** `{item|comments}`: the comments container of an item or collection (or disqus's). */
function comments(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  if (isTruthy(lookup(ctx, node, DISQUS_SHORTNAME))) {
    vars[0].value = '\n  <div class="squarespace-comments" id="disqus_thread"></div>\n';
    return;
  }
  let attrs = '';
  if (isTruthy(lookup(ctx, node, P_ITEM))) {
    attrs =
      ` data-item-id="${toText(lookup(ctx, node, P_ITEM_ID))}"` +
      ` data-public-comment-count="${toText(lookup(ctx, node, P_ITEM_COUNT))}"` +
      ` data-comment-state="${toText(lookup(ctx, node, P_ITEM_STATE))}"`;
  } else if (isTruthy(lookup(ctx, node, P_COLL))) {
    attrs =
      ` data-collection-id="${toText(lookup(ctx, node, P_COLL_ID))}"` +
      ` data-public-comment-count="${toText(lookup(ctx, node, P_COLL_COUNT))}"` +
      ` data-comment-state="${toText(lookup(ctx, node, P_COLL_STATE))}"`;
  }
  vars[0].value = `\n  <div class="squarespace-comments" id="comments-${toText(lookup(ctx, node, P_ID))}"${attrs}></div>\n`;
}

/** `{item|like-button}`: the simple-like button, when liking is enabled for the site. */
function likeButton(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  if (!isTruthy(node) || !isTruthy(lookup(ctx, node, SIMPLE_LIKING))) {
    vars[0].value = '';
    return;
  }
  vars[0].value =
    `\n  <span class="sqs-simple-like" data-item-id="${toText(lookup(ctx, node, P_ID))}"` +
    ` data-like-count="${toText(lookup(ctx, node, P_LIKE_COUNT))}">\n` +
    '    <span class="like-icon"></span>\n    <span class="like-count"></span>\n  </span>\n';
}

/** Share buttons show only when website.shareButtonOptions is a non-empty list or object. */
function hasShareOptions(ctx: Context, node: unknown): boolean {
  const opts = lookup(ctx, node, SHARE_BUTTON_OPTIONS);
  if (opts === null || typeof opts !== 'object') return false;
  if (Array.isArray(opts)) return opts.length > 0;
  for (const _ in opts) return true;
  return false;
}

function socialAttrs(ctx: Context, node: unknown): string {
  const sdi = hasField(node, 'systemDataId') ? field(node, 'systemDataId') : field(node, 'mainImageId');
  const asset = hasField(node, 'assetUrl') ? field(node, 'assetUrl') : field(field(node, 'mainImage'), 'assetUrl');
  return (
    ` data-system-data-id="${scalarText(sdi)}" data-asset-url="${scalarText(asset)}"` +
    ` data-record-type="${scalarText(field(node, 'recordType'))}" data-full-url="${scalarText(field(node, 'fullUrl'))}"` +
    ` data-title="${ctx.kernels.escapeAttr(scalarText(field(node, 'title')))}"`
  );
}

function socialButton(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  vars[0].value = hasShareOptions(ctx, node) ? `<div class="squarespace-social-buttons button-style"${socialAttrs(ctx, node)}></div>` : '';
}

function socialButtonInline(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  vars[0].value = hasShareOptions(ctx, node)
    ? `<span class="squarespace-social-buttons inline-style"${socialAttrs(ctx, node)}></span>`
    : '';
}

const FOLLOW_SCRIPT =
  "<script>Y.use('squarespace-follow-buttons', function(Y) { Y.on('domready', function() { " +
  'Y.Squarespace.FollowButtonUtils.renderAll(); }); });</script>';

/** `{profile|twitter-follow-button}`: the user name, else the last segment of the profile URL. */
function twitterFollowButton(_ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  let user = scalarText(field(node, 'userName'));
  if (user === '') {
    const url = scalarText(field(node, 'profileUrl'));
    user = url.slice(url.lastIndexOf('/') + 1);
  }
  vars[0].value = `${FOLLOW_SCRIPT}<div class="squarespace-follow-button" data-username="${user}"></div>`;
}

// Event dates print in UTC as yyyyMMddTHHmmssZ on the historical calendar (Julian before the
// 1582 Gregorian reform), with the era year unpadded, within the Julian-day range the published
// engine's date library supports.
const MS_PER_DAY = 86400000;
const JD_EPOCH = 2440588; // Julian day number of 1970-01-01
const JD_GREGORIAN = 2299161; // 1582-10-15
const JD_MAX = 4881503;

const pad2 = (n: number) => (n < 10 ? '0' : '') + n;

function calendarDate(ctx: Context, ms: number): string | null {
  const days = Math.floor(ms / MS_PER_DAY);
  const jd = days + JD_EPOCH;
  if (jd < 0 || jd > JD_MAX) {
    ctx.error(`Julian day ${jd} is outside the supported range of this library: Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.`);
    return null;
  }
  let c: number;
  let century = 0;
  if (jd >= JD_GREGORIAN) {
    const a = jd + 32044;
    const b = Math.floor((4 * a + 3) / 146097);
    c = a - Math.floor((146097 * b) / 4);
    century = 100 * b;
  } else {
    c = jd + 32082;
  }
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  const day = e - Math.floor((153 * m + 2) / 5) + 1;
  const month = m + 3 - 12 * Math.floor(m / 10);
  const year = century + d - 4800 + Math.floor(m / 10);
  const secs = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const h = Math.floor(secs / 3600);
  const min = Math.floor(secs / 60) % 60;
  return `${year > 0 ? year : 1 - year}${pad2(month)}${pad2(day)}T${pad2(h)}${pad2(min)}${pad2(secs % 60)}Z`;
}

const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'addressCountry'];

/** `{event|google-calendar-url}`: an "add to Google Calendar" link for an event. */
function googleCalendarUrl(ctx: Context, _args: string[], vars: Variable[]): void {
  const node = vars[0].value;
  const start = leadingNumber(field(node, 'startDate'));
  const end = leadingNumber(field(node, 'endDate'));
  if (Number.isNaN(start) || Number.isNaN(end)) {
    ctx.error('google-calendar-url: invalid event date');
    vars[0].value = '';
    return;
  }
  const from = calendarDate(ctx, start);
  const to = from === null ? null : calendarDate(ctx, end);
  if (to === null) {
    vars[0].value = '';
    return;
  }
  let url = `http://www.google.com/calendar/event?action=TEMPLATE&text=${escape(scalarText(field(node, 'title')))}&dates=${from}/${to}`;
  const location = field(node, 'location');
  let where = '';
  for (const key of ADDRESS_FIELDS) {
    const part = scalarText(field(location, key)).trim();
    if (part) where += (where ? ', ' : '') + part;
  }
  if (where) {
    try {
      url += `&location=${encodeURIComponent(where)}`;
    } catch {
      ctx.error('google-calendar-url: location is not well-formed text');
      vars[0].value = '';
      return;
    }
  }
  vars[0].value = url;
}

const URL_RE = /\b(?:https?|ftp|file):\/\/[-A-Za-z0-9+&@#/%?=~_|!:,.;]*[-A-Za-z0-9+&@#/%=~_|]/gi;
const MENTION_RE = /(^| )@(\w+)/g;
const HASHTAG_RE = /(^| )#(\w+)/g;

/** `{text|activate-twitter-links}`: links URLs, @handles and #hashtags (opening a new window). */
function activateTwitterLinks(_ctx: Context, _args: string[], vars: Variable[]): void {
  const text = scalarText(vars[0].value);
  if (text.indexOf('://') < 0 && text.indexOf('@') < 0 && text.indexOf('#') < 0) {
    vars[0].value = text;
    return;
  }
  vars[0].value = text
    .replace(URL_RE, '<a target="new" href="$&">$&</a>')
    .replace(MENTION_RE, '$1<a target="new" href="https://twitter.com/$2/">@$2</a>')
    .replace(HASHTAG_RE, '$1<a target="new" href="https://twitter.com/hashtag/$2?src=hash">#$2</a>');
}

export const formatters: FormatterTable = {
  'activate-twitter-links': activateTwitterLinks,
  'comment-count': commentCount,
  'comment-link': commentLink,
  comments,
  'google-calendar-url': googleCalendarUrl,
  'like-button': likeButton,
  'social-button': socialButton,
  'social-button-inline': socialButtonInline,
  'twitter-follow-button': twitterFollowButton,
};
