// /config/analytics/errors: shoppers' JavaScript errors grouped by message, most frequent first,
// with the count (and the previous period's), the pages, when last seen, and one example stack.
// Needs analytics.read.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { analyticsPage } from '../analytics/dashboard.server.js';
import { errorsReport } from '../analytics/errors-report.server.js';
import { AnalyticsTabs, changeText, fmt, RangeForm } from '../components/config/analytics/AnalyticsChrome.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'JavaScript errors · Analytics' }];

export async function loader(args: LoaderFunctionArgs) {
  const { a, period, rangeError } = await analyticsPage(args);
  const groups = await errorsReport(a.sql, period);
  return json({ range: period.range, rangeError, groups }, { headers: { 'Cache-Control': 'no-store' } });
}

export default function AnalyticsErrors() {
  const { range, rangeError, groups } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>JavaScript errors</h1>
      <AnalyticsTabs current="/config/analytics/errors" range={range} />
      <RangeForm range={range} error={rangeError} action="/config/analytics/errors" />
      {groups.length === 0 ? (
        <p className="empty">No JavaScript errors were reported in this period.</p>
      ) : (
        <table className="data" id="errors">
          <caption>JavaScript errors by message, most frequent first</caption>
          <thead>
            <tr>
              <th scope="col">Message</th>
              <th scope="col">Count</th>
              {range.compare ? <th scope="col">Previous period</th> : null}
              <th scope="col">Pages</th>
              <th scope="col">Last seen (UTC)</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((g) => (
              <tr key={g.message}>
                <th scope="row">{g.message}</th>
                <td>{fmt(g.count)}</td>
                {range.compare ? (
                  <td>
                    {fmt(g.previousCount)} ({changeText(g.count, g.previousCount)})
                  </td>
                ) : null}
                <td>{fmt(g.pages)}</td>
                <td>
                  <time dateTime={g.lastSeen}>{g.lastSeen.slice(0, 16).replace('T', ' ')}</time>
                </td>
                <td>
                  <details>
                    <summary>
                      {g.example.path || '(no page)'}
                      {g.example.source ? ` · ${g.example.source}` : ''}
                      {g.example.line !== null ? `:${g.example.line}` : ''}
                      {g.example.col !== null ? `:${g.example.col}` : ''}
                    </summary>
                    <pre>{g.example.stack || '(no stack)'}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
