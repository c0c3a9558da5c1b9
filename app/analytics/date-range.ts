// The date range of the analytics dashboards, read from the page's GET form: a preset (the last 7,
// 30 or 90 days) or custom from/to dates, in the site's own calendar days, and the period of the
// same length just before it (for comparison). Pure: the caller says which day "today" is.
import { z } from 'zod';

export const PRESETS = ['7', '30', '90'] as const;
export type Preset = (typeof PRESETS)[number] | 'custom';
export const DEFAULT_PRESET = '30';
/** The longest range one report covers, and how far back a range may start (the longest retention). */
export const MAX_RANGE_DAYS = 366;
export const MAX_LOOKBACK_DAYS = 1095;

export interface DateRange {
  preset: Preset;
  /** First and last day shown, inclusive, as YYYY-MM-DD in the site's time zone. */
  from: string;
  to: string;
  days: number;
  /** The period of the same length just before (inclusive days). */
  prevFrom: string;
  prevTo: string;
  /** Whether the page shows the change from the previous period. */
  compare: boolean;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .trim()
  .regex(ISO_DAY, 'Enter a date as YYYY-MM-DD.')
  .refine((s) => toDay(s) === s, 'Enter a real date.');

const RangeQuery = z.object({
  range: z.enum([...PRESETS, 'custom']).optional(),
  from: z.union([z.literal(''), day]).optional(),
  to: z.union([z.literal(''), day]).optional(),
  compare: z.string().optional(),
});

/** Days since 1970-01-01 of a YYYY-MM-DD text (NaN when it is not a date). */
function dayNumber(s: string): number {
  return Date.parse(`${s}T00:00:00Z`) / 86_400_000;
}

function toDay(s: string): string {
  const n = dayNumber(s);
  return Number.isFinite(n) ? fromNumber(n) : '';
}

function fromNumber(n: number): string {
  return new Date(n * 86_400_000).toISOString().slice(0, 10);
}

/** `s` moved by `n` days. */
export function addDays(s: string, n: number): string {
  return fromNumber(dayNumber(s) + n);
}

/** Every day from `from` to `to`, inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from), end = dayNumber(to); n <= end; n++) out.push(fromNumber(n));
  return out;
}

function build(preset: Preset, from: string, to: string, compare: boolean): DateRange {
  const days = dayNumber(to) - dayNumber(from) + 1;
  return { preset, from, to, days, prevFrom: addDays(from, -days), prevTo: addDays(from, -1), compare };
}

/**
 * The range the query string asks for, with `today` (YYYY-MM-DD, the site's today) as its end by
 * default. Anything not understood falls back to the last 30 days with a message saying so; custom
 * dates are clamped to today, to MAX_RANGE_DAYS long and to MAX_LOOKBACK_DAYS back, and swapped
 * when given the wrong way round.
 */
export function parseDateRange(params: URLSearchParams, today: string): { range: DateRange; error: string | null } {
  // The form was sent (it always has `range`): compare is what its checkbox says. A bare visit compares.
  const submitted = params.has('range');
  const parsed = RangeQuery.safeParse({
    range: params.get('range') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    compare: params.get('compare') ?? undefined,
  });
  const compare = submitted ? params.has('compare') : true;
  const preset = (n: string) => build(n as Preset, addDays(today, -(Number(n) - 1)), today, compare);
  if (!parsed.success) {
    return {
      range: preset(DEFAULT_PRESET),
      error: `${parsed.error.issues[0]?.message ?? 'The dates were not understood.'} Showing the last 30 days.`,
    };
  }
  const q = parsed.data;
  if (q.range !== 'custom') return { range: preset(q.range ?? DEFAULT_PRESET), error: null };
  if (!q.from || !q.to) return { range: preset(DEFAULT_PRESET), error: 'Enter both dates of a custom range. Showing the last 30 days.' };
  let [from, to] = q.from <= q.to ? [q.from, q.to] : [q.to, q.from];
  const earliest = addDays(today, -MAX_LOOKBACK_DAYS);
  if (to > today) to = today;
  if (from > to) from = to;
  if (from < earliest) from = earliest;
  if (to < from) to = from;
  if (dayNumber(to) - dayNumber(from) + 1 > MAX_RANGE_DAYS) from = addDays(to, -(MAX_RANGE_DAYS - 1));
  return { range: build('custom', from, to, compare), error: null };
}

/** The query string of a range (links between the dashboard's pages keep it). */
export function rangeQuery(r: DateRange): string {
  const p = new URLSearchParams({ range: r.preset });
  if (r.preset === 'custom') {
    p.set('from', r.from);
    p.set('to', r.to);
  }
  if (r.compare) p.set('compare', '1');
  return p.toString();
}

/** The change from `previous` to `current`, as a whole percentage (null when there was nothing before). */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 100);
}
