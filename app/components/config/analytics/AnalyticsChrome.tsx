// The frame of every /config/analytics screen: the screens as links (tabs that are plain links, so
// they work without JavaScript, keeping the date range), the GET form of the date range (presets,
// custom dates, "compare with the previous period"), and how a change from the previous period reads.
import { Form, Link } from '@remix-run/react';
import { changePercent, PRESETS, rangeQuery, type DateRange } from '../../../analytics/date-range.js';
import { FormError } from '../Field.js';

export const ANALYTICS_SCREENS = [
  { to: '/config/analytics', label: 'Overview' },
  { to: '/config/analytics/performance', label: 'Page speed' },
  { to: '/config/analytics/errors', label: 'JavaScript errors' },
  { to: '/config/analytics/experiments', label: 'Experiments' },
  { to: '/config/analytics/settings', label: 'Settings' },
] as const;

export function AnalyticsTabs({ current, range }: { current: string; range?: DateRange }) {
  const q = range ? `?${rangeQuery(range)}` : '';
  return (
    <nav aria-label="Analytics screens" className="tabs">
      <ul>
        {ANALYTICS_SCREENS.map((s) => (
          <li key={s.to}>
            <Link to={s.to === '/config/analytics/settings' ? s.to : `${s.to}${q}`} aria-current={s.to === current ? 'page' : undefined}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const PRESET_LABELS: Record<string, string> = { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', custom: 'Custom dates' };

export function RangeForm({ range, error, action }: { range: DateRange; error: string | null; action: string }) {
  return (
    <Form method="get" action={action} className="range-form" aria-label="Date range">
      <FormError message={error} />
      <fieldset>
        <legend>Date range</legend>
        <div className="field">
          <label htmlFor="range-preset">Period</label>
          <select id="range-preset" name="range" defaultValue={range.preset}>
            {[...PRESETS, 'custom'].map((p) => (
              <option key={p} value={p}>
                {PRESET_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="range-from">From (custom dates)</label>
          <input id="range-from" type="date" name="from" defaultValue={range.preset === 'custom' ? range.from : ''} />
        </div>
        <div className="field">
          <label htmlFor="range-to">To (custom dates)</label>
          <input id="range-to" type="date" name="to" defaultValue={range.preset === 'custom' ? range.to : ''} />
        </div>
        <div className="field checkbox">
          <label htmlFor="range-compare">
            <input id="range-compare" type="checkbox" name="compare" value="1" defaultChecked={range.compare} /> Compare with the previous
            period
          </label>
        </div>
        <button type="submit">Show</button>
      </fieldset>
      <p className="hint">
        Showing {range.from} to {range.to} ({range.days} {range.days === 1 ? 'day' : 'days'}, the site&apos;s time zone)
        {range.compare ? `, compared with ${range.prevFrom} to ${range.prevTo}` : ''}.
      </p>
    </Form>
  );
}

/** The change from the previous period as text ("+20%", "−5%", "no change", "new"). */
export function changeText(current: number, previous: number): string {
  const pc = changePercent(current, previous);
  if (pc === null) return 'new';
  if (pc === 0) return 'no change';
  return pc > 0 ? `+${pc}%` : `−${Math.abs(pc)}%`;
}

export const fmt = (n: number) => n.toLocaleString('en-US');
