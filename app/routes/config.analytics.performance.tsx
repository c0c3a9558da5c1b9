// /config/analytics/performance: Core Web Vitals at the 75th percentile per page (worst first) and
// per device class, each rated in words (good, needs improvement, poor: SPEC 4), with the previous
// period's p75 beside it. Needs analytics.read.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { THRESHOLDS } from '../analytics/constants.js';
import { analyticsPage } from '../analytics/dashboard.server.js';
import { RATING_LABELS, VITAL_LABELS, VITAL_SHORT, VITALS, type Vital } from '../analytics/report-labels.js';
import { vitalsReport, type VitalsRow, type VitalValue } from '../analytics/vitals-report.server.js';
import { AnalyticsTabs, fmt, RangeForm } from '../components/config/analytics/AnalyticsChrome.js';
import { ChartFigure } from '../components/config/analytics/ChartFigure.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Page speed · Analytics' }];

export async function loader(args: LoaderFunctionArgs) {
  const { a, period, rangeError } = await analyticsPage(args);
  const vitals = await vitalsReport(a.sql, period);
  return json({ range: period.range, rangeError, vitals }, { headers: { 'Cache-Control': 'no-store' } });
}

const SHORT = VITAL_SHORT;

function valueText(m: Vital, v: number | null): string {
  if (v === null) return '—';
  return m === 'cls' ? v.toFixed(3) : `${fmt(v)} ms`;
}

function Cell({ m, v, compare }: { m: Vital; v: VitalValue; compare: boolean }) {
  return (
    <td className={v.rating ? `rating-${v.rating}` : undefined}>
      {valueText(m, v.p75)}
      {v.rating ? <span className="rating"> {RATING_LABELS[v.rating]}</span> : null}
      {compare ? <span className="hint"> (before: {valueText(m, v.previousP75)})</span> : null}
    </td>
  );
}

function VitalsTable({
  rows,
  caption,
  keyHeading,
  compare,
  id,
}: {
  rows: VitalsRow[];
  caption: string;
  keyHeading: string;
  compare: boolean;
  id: string;
}) {
  return (
    <table className="data" id={id}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{keyHeading}</th>
          <th scope="col">Page loads</th>
          {VITALS.map((m) => (
            <th scope="col" key={m}>
              <abbr title={VITAL_LABELS[m]}>{SHORT[m]}</abbr> p75
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.key || '(unknown)'}</th>
            <td>
              {fmt(r.loads)}
              {compare ? <span className="hint"> (before: {fmt(r.previousLoads)})</span> : null}
            </td>
            {VITALS.map((m) => (
              <Cell key={m} m={m} v={r.metrics[m]} compare={compare} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AnalyticsPerformance() {
  const { range, rangeError, vitals } = useLoaderData<typeof loader>();
  const chart =
    vitals.pages.length === 0
      ? null
      : {
          kind: 'bar' as const,
          columns: ['LCP p75 (ms)'],
          rows: vitals.pages.slice(0, 15).map((r) => ({ label: r.key, values: [r.metrics.lcp.p75 ?? 0] })),
        };
  return (
    <>
      <h1>Page speed</h1>
      <AnalyticsTabs current="/config/analytics/performance" range={range} />
      <RangeForm range={range} error={rangeError} action="/config/analytics/performance" />
      <p className="hint">
        The 75th percentile of each Core Web Vital, as shoppers&apos; browsers measured it. Good up to and poor above:{' '}
        {VITALS.map((m) => `${SHORT[m]} ${THRESHOLDS[m][0]} and ${THRESHOLDS[m][1]}${m === 'cls' ? '' : ' ms'}`).join('; ')}.
      </p>
      {vitals.pages.length === 0 ? (
        <p className="empty">No page-speed records in this period.</p>
      ) : (
        <>
          <section className="card" aria-labelledby="pages-h">
            <h2 id="pages-h">By page, worst first</h2>
            <ChartFigure data={chart} summary="Largest contentful paint at p75 of the slowest pages">
              <VitalsTable
                rows={vitals.pages}
                caption="Core Web Vitals at p75 by page"
                keyHeading="Page"
                compare={range.compare}
                id="vitals-pages"
              />
            </ChartFigure>
          </section>
          <section className="card" aria-labelledby="devices-h">
            <h2 id="devices-h">By device</h2>
            <VitalsTable
              rows={vitals.devices}
              caption="Core Web Vitals at p75 by device class"
              keyHeading="Device"
              compare={range.compare}
              id="vitals-devices"
            />
          </section>
          <section className="card" aria-labelledby="environments-h">
            <h2 id="environments-h">By environment</h2>
            <p className="hint">Where the pages were served from, classed by their host: prod, staging (an internal host) or dev.</p>
            <VitalsTable
              rows={vitals.environments}
              caption="Core Web Vitals at p75 by environment"
              keyHeading="Environment"
              compare={range.compare}
              id="vitals-environments"
            />
          </section>
        </>
      )}
    </>
  );
}
