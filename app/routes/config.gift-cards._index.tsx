// /config/gift-cards: the site's gift cards, newest first: code (masked unless the owner may change
// orders), recipient, initial amount, balance, status, the order that bought it and when; a
// "Load More" link (a cursor) that works without JavaScript.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { ownerPageHeaders } from '../config/http.js';
import { GIFT_CARD_STATUS_TEXT as STATUS_TEXT } from '../config/gift-cards.js';
import { listGiftCards, type GiftCardRow } from '../config/gift-cards.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { siteTimeZone } from '../config/site-time.server.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction = () => [{ title: 'Gift cards' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'orders.read');
  const after = new URL(args.request.url).searchParams.get('after');
  const timeZone = await siteTimeZone(a.sql, a.site.id);
  const page = await listGiftCards(a, timeZone, { after: after && after.length <= 40 ? after : null });
  return json({ ...page, paged: after !== null }, { headers: { 'Cache-Control': 'no-store' } });
}

const COLUMNS: ColumnDef<GiftCardRow, unknown>[] = [
  {
    id: 'code',
    header: 'Code',
    cell: ({ row }) => (
      <Link to={`/config/gift-cards/${encodeURIComponent(row.original.id)}`} data-gift-card-code>
        {row.original.code}
      </Link>
    ),
  },
  { id: 'recipient', header: 'Recipient', cell: ({ row }) => row.original.recipient },
  { id: 'initial', header: 'Initial', cell: ({ row }) => row.original.initialText },
  { id: 'balance', header: 'Balance', cell: ({ row }) => <span data-balance>{row.original.balanceText}</span> },
  { id: 'status', header: 'Status', cell: ({ row }) => <span data-gift-card-status>{STATUS_TEXT[row.original.status]}</span> },
  {
    id: 'order',
    header: 'Order',
    cell: ({ row }) =>
      row.original.orderId ? (
        <Link to={`/config/orders/${encodeURIComponent(row.original.orderId)}`}>{`Order ${row.original.orderNumberText ?? ''}`}</Link>
      ) : (
        ''
      ),
  },
  { id: 'created', header: 'Created', cell: ({ row }) => <time dateTime={row.original.createdAt}>{row.original.createdText}</time> },
];

export default function GiftCards() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Gift cards</h1>
      <p>Gift cards bought in your store, one per card. Shoppers enter the code at checkout.</p>
      <DataTable
        rows={d.rows}
        columns={COLUMNS}
        caption="Gift cards, newest first"
        empty={d.paged ? 'No more gift cards.' : 'No gift cards yet. Gift cards bought in your store show here.'}
        rowKey={(r) => r.id}
      />
      {d.next !== null || d.paged ? (
        <p className="row-actions">
          {d.next !== null ? (
            <Link to={`/config/gift-cards?${new URLSearchParams({ after: d.next }).toString()}`} rel="next">
              Load More
            </Link>
          ) : null}
          {d.paged ? <Link to="/config/gift-cards">Newest gift cards</Link> : null}
        </p>
      ) : null}
    </>
  );
}
