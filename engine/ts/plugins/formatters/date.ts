// Formatters of the date domain: `date` (strftime pattern in the site's time zone) and
// `timesince` (an English "about N units ago" span).
import { GregorianDate } from '@phensley/cldr';
import type { FormatterTable, Variable } from '../../types.js';
import type { Context } from '../../context.js';
import { asNumber } from '../i18n/convert.js';
import { strftime } from '../i18n/strftime.js';

/**
 * `{t|date %Y-%m-%d}`: the arguments are one pattern, joined back with spaces. A timestamp that
 * is not a number or is out of range throws: the executor reports it and drops the variable.
 */
function date(ctx: Context, args: string[], vars: Variable[]): void {
  const first = vars[0];
  // No pattern: an empty string, whatever the value (before the timestamp is even read).
  if (args.length === 0) {
    first.value = '';
    return;
  }
  const pattern = args.length === 1 ? args[0] : args.join(' ');
  const epoch = asNumber(first.value);
  const zone = ctx.timeZone;
  // Pure in (pattern, zone, epoch): remembered, bounded, for pages rendered again and again.
  const key = `${pattern}\u0002${zone}\u0002${epoch}`;
  let s = memo.get(key);
  if (s === undefined) {
    s = strftime(pattern, epoch, zone);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, s);
  }
  first.value = s;
}

const MEMO_LIMIT = 4096;
const memo = new Map<string, string>();

const MINUTE = 60000;
const HOUR = 3600000;
const DAY = 86400000;
/** Well inside the calendar's range of dates, in ms either side of 1970. */
const SAFE_EPOCH = 2e14;

function ago(n: number, unit: string, article: string): string {
  return n === 1 ? `about ${article} ${unit} ago` : `about ${n} ${unit}s ago`;
}

/** The span from `then` to `now` in words; anything under a minute, or in the future, is "less". */
export function timeSince(then: number, now: number): string {
  const delta = now - then;
  if (!(delta >= MINUTE)) return 'less than a minute ago';
  if (delta < HOUR) return ago(Math.floor(delta / MINUTE), 'minute', 'a');
  if (delta < DAY) return ago(Math.floor(delta / HOUR), 'hour', 'an');
  const days = Math.floor(delta / DAY);
  if (days < 7) return ago(days, 'day', 'a');
  if (days < 30) return ago(Math.floor(days / 7), 'week', 'a');
  if (days < 365) return ago(Math.floor(days / 30), 'month', 'a');
  return ago(Math.floor(days / 365), 'year', 'a');
}

/** `<span class="timesince" data-date="...">about a year ago</span>`. */
function timesince(ctx: Context, _args: string[], vars: Variable[]): void {
  const first = vars[0];
  const t = asNumber(first.value);
  // The published engine gives up without locale data too.
  if (!Number.isFinite(t) || ctx.cldr === undefined) {
    first.value = 'Invalid date.';
    return;
  }
  // Measured between calendar dates, which clamp to the supported range (4713 BC to 8652 AD);
  // inside it a calendar date is the timestamp floored to the millisecond.
  const then = t >= -SAFE_EPOCH && t <= SAFE_EPOCH ? Math.floor(t) : GregorianDate.fromUnixEpoch(t, 'UTC', 1, 1).unixEpoch();
  first.value = `<span class="timesince" data-date="${t}">${timeSince(then, ctx.now)}</span>`;
}

export const formatters: FormatterTable = {
  date,
  timesince,
};
