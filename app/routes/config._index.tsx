// /config: the dashboard. Today's orders and revenue, emails that could not be sent, what is running
// low, and recent changes.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { formatMoney } from '../commerce/money.js';
import { dashboard, LOW_STOCK } from '../config/dashboard.server.js';
import { mailProblemsOf } from '../config/mail-status.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { siteTimeZone } from '../config/site-time.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  const d = await dashboard(a.sql, a.site.id);
  // Emails carry customers' addresses: shown to those who may read orders.
  const mailProblems = a.can('orders.read') ? await mailProblemsOf(a.sql, a.site.id, await siteTimeZone(a.sql, a.site.id)) : [];
  return json(
    {
      ...d,
      mailProblems,
      revenueText: formatMoney(d.revenueTodayCents, d.currency),
      canSeeOrders: a.can('orders.read'),
      canSeeAudit: a.can('audit.read'),
      lowStockAt: LOW_STOCK,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export default function Dashboard() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Dashboard</h1>
      {d.canSeeOrders ? (
        <div className="cards">
          <section className="card" aria-labelledby="orders-today">
            <h2 id="orders-today">Orders today</h2>
            <p className="stat">{d.ordersToday}</p>
            <Link to="/config/orders">See all orders</Link>
          </section>
          <section className="card" aria-labelledby="revenue-today">
            <h2 id="revenue-today">Revenue today</h2>
            <p className="stat">{d.revenueText}</p>
          </section>
        </div>
      ) : null}
      {d.mailProblems.length > 0 ? (
        <section className="card" aria-labelledby="mail-problems">
          <h2 id="mail-problems">Emails not sent</h2>
          <ul>
            {d.mailProblems.map((m, n) => (
              <li key={n} data-mail-problem={m.state}>
                {m.orderId ? <Link to={`/config/orders/${encodeURIComponent(m.orderId)}`}>{m.kind}</Link> : m.kind}
                {` to ${m.recipient}: ${m.text}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="low-stock">
        <h2 id="low-stock">Low stock</h2>
        {d.lowStock.length === 0 ? (
          <p>Nothing is at {d.lowStockAt} or fewer in stock.</p>
        ) : (
          <ul>
            {d.lowStock.map((v) => (
              <li key={v.sku}>
                <Link to={`/config/products/${v.itemId}`}>{v.title}</Link> ({v.sku}):{' '}
                {v.qty === 0 ? <span className="badge warn">Sold out</span> : `${v.qty} left`}
              </li>
            ))}
          </ul>
        )}
      </section>
      {d.canSeeAudit ? (
        <section className="card" aria-labelledby="recent">
          <h2 id="recent">Recent changes</h2>
          {d.recent.length === 0 ? (
            <p>No changes yet.</p>
          ) : (
            <ul>
              {d.recent.map((e) => (
                <li key={e.id}>
                  {e.actor}: {e.action} {e.target}{' '}
                  <time dateTime={e.at}>{new Date(e.at).toLocaleString('en-US', { timeZone: 'UTC' })} UTC</time>
                </li>
              ))}
            </ul>
          )}
          <Link to="/config/audit">Audit log</Link>
        </section>
      ) : null}
    </>
  );
}
