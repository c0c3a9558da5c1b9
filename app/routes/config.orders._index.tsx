// /config/orders: the site's orders, newest first: number, date, email, items, total and status;
// search by number or email, filter by status, and a "Load More" link (a cursor) that works
// without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { SelectField } from '../components/config/Field.js';
import { OrderStatusBadges } from '../components/config/OrderStatus.js';
import { ownerPageHeaders } from '../config/http.js';
import { listOrders, ORDER_STATUSES, type OrderListRow, type OrderStatusFilter } from '../config/orders.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { siteTimeZone } from '../config/site-time.server.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction = () => [{ title: 'Orders' }, { name: 'robots', content: 'noindex' }];

const STATUS_LABELS: Record<OrderStatusFilter, string> = {
  all: 'All orders',
  pending: 'Pending',
  fulfilled: 'Fulfilled',
  refunded: 'Refunded',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'orders.read');
  const url = new URL(args.request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const wanted = url.searchParams.get('status') ?? 'all';
  const status: OrderStatusFilter = (ORDER_STATUSES as readonly string[]).includes(wanted) ? (wanted as OrderStatusFilter) : 'all';
  const rawAfter = url.searchParams.get('after');
  const after = rawAfter && /^\d{1,9}$/.test(rawAfter) ? Number(rawAfter) : null;
  const timeZone = await siteTimeZone(a.sql, a.site.id);
  const page = await listOrders(a.sql, a.site, timeZone, { q, status, after });
  return json(
    { ...page, q, status, paged: after !== null, statusOptions: ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const COLUMNS: ColumnDef<OrderListRow, unknown>[] = [
  {
    id: 'number',
    header: 'Order',
    cell: ({ row }) => <Link to={`/config/orders/${encodeURIComponent(row.original.id)}`}>{`Order ${row.original.numberText}`}</Link>,
  },
  {
    id: 'date',
    header: 'Date',
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{row.original.createdText}</time>,
  },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email ?? '' },
  { id: 'items', header: 'Items', cell: ({ row }) => <span data-items>{row.original.itemCount}</span> },
  { id: 'total', header: 'Total', cell: ({ row }) => <span data-total>{row.original.totalText}</span> },
  { id: 'status', header: 'Status', cell: ({ row }) => <OrderStatusBadges {...row.original} /> },
];

export default function Orders() {
  const d = useLoaderData<typeof loader>();
  const filtered = d.q !== '' || d.status !== 'all';
  const more = new URLSearchParams();
  if (d.q) more.set('q', d.q);
  if (d.status !== 'all') more.set('status', d.status);
  if (d.next !== null) more.set('after', String(d.next));
  return (
    <>
      <h1>Orders</h1>
      <Form method="get" className="toolbar" role="search" aria-label="Orders">
        <div className="field">
          <label htmlFor="orders-q">Search by order number or email</label>
          <input id="orders-q" type="search" name="q" defaultValue={d.q} maxLength={200} />
        </div>
        <SelectField name="status" id="orders-status" label="Status" options={d.statusOptions} defaultValue={d.status} />
        <button type="submit">Search</button>
        {filtered ? <Link to="/config/orders">Clear</Link> : null}
      </Form>
      <DataTable
        rows={d.rows}
        columns={COLUMNS}
        caption="Orders, newest first"
        empty={
          d.paged ? 'No more orders.' : filtered ? 'No orders match your search.' : 'No orders yet. Orders placed in your store show here.'
        }
        rowKey={(r) => r.id}
      />
      {d.next !== null || d.paged ? (
        <p className="row-actions">
          {d.next !== null ? (
            <Link to={`/config/orders?${more.toString()}`} rel="next">
              Load More
            </Link>
          ) : null}
          {d.paged ? (
            <Link to={`/config/orders${filtered ? `?${new URLSearchParams({ q: d.q, status: d.status })}` : ''}`}>Newest orders</Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
