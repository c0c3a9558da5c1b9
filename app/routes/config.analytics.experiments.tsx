// /config/analytics/experiments: each experiment that has run, its variants side by side: visitors,
// visitors who converted (an add to cart, or a checkout or order page), the conversion rate, and a
// two-proportion z-test against the control. Plain tables (no JavaScript needed). Needs analytics.read.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { analyticsPage } from '../analytics/dashboard.server.js';
import { AnalyticsTabs, fmt, RangeForm } from '../components/config/analytics/AnalyticsChrome.js';
import { ownerPageHeaders } from '../config/http.js';
import { compareVariants, variantCounts } from '../analytics/conversion-report.server.js';
import { listExperiments } from '../experiments/experiments.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Experiments · Analytics' }];

export async function loader(args: LoaderFunctionArgs) {
  const { a, period, rangeError } = await analyticsPage(args);
  const [experiments, counts] = await Promise.all([listExperiments(a.sql, a.site.id), variantCounts(a.sql, period)]);
  return json(
    { range: period.range, rangeError, results: compareVariants(experiments, counts) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const STATUS: Record<string, string> = { ACTIVE: 'running', STOPPED: 'stopped', DRAFT: 'draft' };
const signed = (n: number, digits: number) => `${n > 0 ? '+' : ''}${n.toFixed(digits)}`;
const pValue = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3));

export default function AnalyticsExperiments() {
  const { range, rangeError, results } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Experiments</h1>
      <AnalyticsTabs current="/config/analytics/experiments" range={range} />
      <RangeForm range={range} error={rangeError} action="/config/analytics/experiments" />
      <p>
        A visitor converts with an add to cart, or by reaching checkout or an order. Each variant is compared with the control by a
        two-proportion z-test; a p-value under 0.05 is called significant. Only visits while the experiment ran count.{' '}
        <Link to="/config/experiments">Manage experiments</Link>.
      </p>
      {results.length === 0 ? <p className="empty">No experiment has run yet.</p> : null}
      {results.map((e) => (
        <section className="card" key={e.name} aria-labelledby={`exp-${e.name}`}>
          <h2 id={`exp-${e.name}`}>
            {e.name} <span className="badge">{STATUS[e.status]}</span>
          </h2>
          <table className="data" id={`experiment-${e.name}`}>
            <caption>Conversion by variant of {e.name}</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">Visitors</th>
                <th scope="col">Converted</th>
                <th scope="col">Conversion</th>
                <th scope="col">Difference from the control</th>
                <th scope="col">z</th>
                <th scope="col">p-value</th>
                <th scope="col">Significant</th>
              </tr>
            </thead>
            <tbody>
              {e.variants.map((v) => (
                <tr key={v.variant} data-variant={v.variant}>
                  <th scope="row">
                    {v.variant}
                    {v.control ? ' (control)' : ''}
                  </th>
                  <td>{fmt(v.visitors)}</td>
                  <td>{fmt(v.converted)}</td>
                  <td>{v.rate === null ? '—' : `${v.rate}%`}</td>
                  <td>{v.control ? '—' : v.test ? `${signed(v.test.differencePoints, 1)} points` : 'Not enough data'}</td>
                  <td>{v.test ? signed(v.test.z, 2) : '—'}</td>
                  <td>{v.test ? pValue(v.test.p) : '—'}</td>
                  <td>{v.control || !v.test ? '—' : v.test.significant ? 'Yes' : 'No'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
