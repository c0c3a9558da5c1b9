// /config/analytics: the overview of the site's traffic (visits, unique visitors and page views by
// day, top pages and referrers) and its commerce funnel (product views, add to cart, checkout,
// orders, revenue) for a date range, with the previous period beside each figure, and the visitor
// events of SPEC 7 by name. Needs analytics.read.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { analyticsPage } from '../analytics/dashboard.server.js';
import { funnelReport, visitorEventCounts } from '../analytics/funnel-report.server.js';
import { FUNNEL_LABELS } from '../analytics/report-labels.js';
import { trafficReport, type TopRow } from '../analytics/traffic-report.server.js';
import { formatMoney } from '../commerce/money.js';
import { AnalyticsTabs, changeText, fmt, RangeForm } from '../components/config/analytics/AnalyticsChrome.js';
import { ChartFigure } from '../components/config/analytics/ChartFigure.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Analytics' }];

export async function loader(args: LoaderFunctionArgs) {
  const { a, period, rangeError } = await analyticsPage(args);
  const [traffic, funnel, events] = await Promise.all([
    trafficReport(a.sql, period),
    funnelReport(a.sql, period),
    visitorEventCounts(a.sql, period),
  ]);
  const { currency, locale } = period.site;
  return json(
    {
      range: period.range,
      rangeError,
      traffic,
      funnel,
      events,
      revenue: {
        current: formatMoney(funnel.revenueCents.current, currency, locale),
        previous: formatMoney(funnel.revenueCents.previous, currency, locale),
      },
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

/** A table head: the key and the figure, then the previous period and the change when comparing. */
function CompareHead({ first, second, compare }: { first: string; second: string; compare: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        <th scope="col">{second}</th>
        {compare ? (
          <>
            <th scope="col">Previous period</th>
            <th scope="col">Change</th>
          </>
        ) : null}
      </tr>
    </thead>
  );
}

function TopTable({
  rows,
  caption,
  keyHeading,
  compare,
  empty,
}: {
  rows: TopRow[];
  caption: string;
  keyHeading: string;
  compare: boolean;
  empty: string;
}) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <table className="data">
      <caption>{caption}</caption>
      <CompareHead first={keyHeading} second="Page views" compare={compare} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.key || '(none)'}</th>
            <td>{fmt(r.views)}</td>
            {compare ? (
              <>
                <td>{fmt(r.previousViews)}</td>
                <td>{changeText(r.views, r.previousViews)}</td>
              </>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function AnalyticsOverview() {
  const d = useLoaderData<typeof loader>();
  const { range, traffic, funnel } = d;
  const compare = range.compare;
  const totals = [
    { label: 'Visits', pair: traffic.totals.visits },
    { label: 'Unique visitors', pair: traffic.totals.visitors },
    { label: 'Page views', pair: traffic.totals.views },
  ];
  const nothing = traffic.totals.views.current === 0;
  const daily = nothing
    ? null
    : {
        kind: 'line' as const,
        columns: ['Visits', 'Unique visitors', 'Page views'],
        rows: traffic.days.map((x) => ({ label: x.day, values: [x.visits, x.visitors, x.views] })),
      };
  const funnelChart = funnel.steps.every((s) => s.count.current === 0)
    ? null
    : {
        kind: 'bar' as const,
        columns: ['This period'],
        rows: funnel.steps.map((s) => ({ label: FUNNEL_LABELS[s.step], values: [s.count.current] })),
      };

  return (
    <>
      <h1>Analytics</h1>
      <AnalyticsTabs current="/config/analytics" range={range} />
      <RangeForm range={range} error={d.rangeError} action="/config/analytics" />

      <section className="card" aria-labelledby="traffic-h">
        <h2 id="traffic-h">Traffic</h2>
        <table className="data" id="traffic-totals">
          <caption>Totals for the period</caption>
          <CompareHead first="Figure" second="This period" compare={compare} />
          <tbody>
            {totals.map((t) => (
              <tr key={t.label}>
                <th scope="row">{t.label}</th>
                <td>{fmt(t.pair.current)}</td>
                {compare ? (
                  <>
                    <td>{fmt(t.pair.previous)}</td>
                    <td>{changeText(t.pair.current, t.pair.previous)}</td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
        {nothing ? <p className="empty">No page views were recorded in this period.</p> : null}
        <h3>By day</h3>
        <ChartFigure data={daily} summary="Visits, unique visitors and page views by day">
          <table className="data">
            <caption>Visits, unique visitors and page views by day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Visits</th>
                <th scope="col">Unique visitors</th>
                <th scope="col">Page views</th>
                {compare ? <th scope="col">Page views, previous period</th> : null}
              </tr>
            </thead>
            <tbody>
              {traffic.days.map((x) => (
                <tr key={x.day}>
                  <th scope="row">
                    <time dateTime={x.day}>{x.day}</time>
                  </th>
                  <td>{fmt(x.visits)}</td>
                  <td>{fmt(x.visitors)}</td>
                  <td>{fmt(x.views)}</td>
                  {compare ? <td>{fmt(x.previousViews)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ChartFigure>
        <div className="cards">
          <div>
            <h3>Top pages</h3>
            <TopTable
              rows={traffic.topPages}
              caption="Top pages"
              keyHeading="Page"
              compare={compare}
              empty="No page views in this period."
            />
          </div>
          <div>
            <h3>Top referrers</h3>
            <TopTable
              rows={traffic.topReferrers}
              caption="Top referring sites"
              keyHeading="Referring site"
              compare={compare}
              empty="No visitors came from other sites in this period."
            />
          </div>
        </div>
      </section>

      <section className="card" aria-labelledby="funnel-h">
        <h2 id="funnel-h">Commerce funnel</h2>
        <ChartFigure data={funnelChart} summary="Product views, add to cart, checkout and orders">
          <table className="data" id="funnel">
            <caption>Product views, then add to cart, then checkout, then orders</caption>
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Count</th>
                <th scope="col">Conversion from the step before</th>
                {compare ? (
                  <>
                    <th scope="col">Previous period</th>
                    <th scope="col">Previous conversion</th>
                    <th scope="col">Change</th>
                  </>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {funnel.steps.map((s) => (
                <tr key={s.step}>
                  <th scope="row">{FUNNEL_LABELS[s.step]}</th>
                  <td>{fmt(s.count.current)}</td>
                  <td>{s.conversion.current === null ? '—' : `${s.conversion.current}%`}</td>
                  {compare ? (
                    <>
                      <td>{fmt(s.count.previous)}</td>
                      <td>{s.conversion.previous === null ? '—' : `${s.conversion.previous}%`}</td>
                      <td>{changeText(s.count.current, s.count.previous)}</td>
                    </>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ChartFigure>
        {funnelChart ? null : <p className="empty">No shopping was recorded in this period.</p>}
        <table className="data" id="revenue">
          <caption>Revenue (order totals less refunds)</caption>
          <CompareHead first="Figure" second="This period" compare={compare} />
          <tbody>
            <tr>
              <th scope="row">Revenue</th>
              <td>{d.revenue.current}</td>
              {compare ? (
                <>
                  <td>{d.revenue.previous}</td>
                  <td>{changeText(funnel.revenueCents.current, funnel.revenueCents.previous)}</td>
                </>
              ) : null}
            </tr>
            <tr>
              <th scope="row">Orders</th>
              <td>{fmt(funnel.orders.current)}</td>
              {compare ? (
                <>
                  <td>{fmt(funnel.orders.previous)}</td>
                  <td>{changeText(funnel.orders.current, funnel.orders.previous)}</td>
                </>
              ) : null}
            </tr>
          </tbody>
        </table>
        <table className="data" id="visitor-events">
          <caption>Visitor events in this period (recorded only for visitors holding the census cookie)</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Count</th>
            </tr>
          </thead>
          <tbody>
            {d.events.map((e) => (
              <tr key={e.name}>
                <th scope="row">{e.name}</th>
                <td>{fmt(e.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
