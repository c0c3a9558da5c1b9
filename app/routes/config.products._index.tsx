// /config/products: the site's products in the shop's order with type, price, stock and whether
// visitors see them; search by title, filters by type and stock, pages of 25 (links and a GET form:
// no JavaScript needed). Each store collection's sort is chosen here (Manual or Newest first); in a
// Manual one, unfiltered, each row has Move up / Move down (small posts, issue 33).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useSyncExternalStore } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { formatMoney } from '../commerce/money.js';
import { DataTable } from '../components/config/DataTable.js';
import { Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES } from '../config/product-form.js';
import {
  listProducts,
  moveProduct,
  NOT_FOUND_TEXT,
  placeProduct,
  productCollections,
  setCollectionSort,
  SORT_TEXT,
  SortNotManual,
  STOCK_FILTERS,
  type ProductListRow,
} from '../config/products.server.js';
import { ProductDragList } from '../components/config/ProductDragList.js';
import { COLLECTION_SORT_LABELS, COLLECTION_SORTS, type CollectionSort } from '../catalog/shop-order.js';
import { ownerAccess } from '../config/route-access.server.js';
import stylesheet from '../styles/config-products.css?url';
import { readForm, refusedReply } from '../utils/form.server.js';

export const headers = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: MetaFunction = () => [{ title: 'Products' }, { name: 'robots', content: 'noindex' }];

const Query = z.object({
  q: z.string().max(200).catch(''),
  type: z
    .string()
    .transform(Number)
    .pipe(z.number().refine((n) => PRODUCT_TYPES.includes(n)))
    .nullable()
    .catch(null),
  stock: z.enum(STOCK_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

function priceText(r: ProductListRow, currency: string): string {
  if (r.priceMinCents === null || r.priceMaxCents === null) return '—';
  const min = formatMoney(r.priceMinCents, currency);
  return r.priceMinCents === r.priceMaxCents ? min : `${min} – ${formatMoney(r.priceMaxCents, currency)}`;
}

function stockText(r: ProductListRow): string {
  if (r.variantCount === 0) return 'No variants';
  if (r.unlimited) return 'Unlimited';
  return r.qty > 0 ? `${r.qty} in stock` : 'Sold out';
}

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  const sp = new URL(args.request.url).searchParams;
  const f = Query.parse({ q: sp.get('q') ?? '', type: sp.get('type'), stock: sp.get('stock') ?? 'all', page: sp.get('page') ?? '1' });
  const [list, collections] = await Promise.all([listProducts(a.sql, a.site.id, f), productCollections(a.sql, a.site.id)]);
  const sorted = collections.find((c) => c.id === sp.get('sorted'));
  return json(
    {
      rows: list.rows.map((r) => ({
        id: r.id,
        title: r.title,
        type: PRODUCT_TYPE_LABELS[r.productType] ?? `Type ${r.productType}`,
        price: priceText(r, a.site.currency),
        stock: stockText(r),
        soldOut: stockText(r) === 'Sold out',
        published: r.published,
        first: r.first,
        last: r.last,
        manual: r.manual,
        collectionId: r.collectionId,
      })),
      collections: collections.map((c) => ({ id: c.id, title: c.title, sort: c.sort })),
      total: list.total,
      page: list.page,
      pageCount: list.pageCount,
      filters: { q: f.q, type: f.type === null ? '' : String(f.type), stock: f.stock },
      canWrite: a.can('products.write'),
      deleted: sp.get('deleted') === '1',
      sorted: sorted ? SORT_TEXT.saved(sorted.title, sorted.sort) : null,
      // The product just moved (its button gets the focus back, so moving on is one more press).
      moved:
        sp.get('moved') === 'up' || sp.get('moved') === 'down' ? { id: sp.get('id') ?? '', dir: sp.get('moved') as 'up' | 'down' } : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

/** The id of a row's move button. */
const moveButtonId = (id: string, dir: 'up' | 'down') => `move-${id}-${dir}`;

const isSort = (v: string | null): v is CollectionSort => (COLLECTION_SORTS as readonly (string | null)[]).includes(v);

/** A refusal drawn on the list: the message, and (for a sort) the collection and the value posted. */
// A refused sort keeps the collection and sort posted, so its select shows what was chosen.
const refuse = (status: number, error: string, sort?: { collectionId: string; value: string }) =>
  json(refusedReply(error, sort ? new URLSearchParams({ intent: 'sort', collectionId: sort.collectionId, sort: sort.value }) : undefined), {
    status,
    headers: { 'Cache-Control': 'no-store' },
  });

/**
 * Move up / Move down: the product's place in its collection, which /shop lists by; or (intent
 * `sort`) how the shop sorts a collection.
 */
export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const form = await readForm(args.request);
  const intent = form?.get('intent');
  if (form && intent === 'sort') {
    const collectionId = form.get('collectionId') ?? '';
    const value = form.get('sort') ?? '';
    if (!isSort(value)) return refuse(400, SORT_TEXT.choose, { collectionId, value });
    const title = await setCollectionSort(a, collectionId, value);
    if (title === null) return refuse(404, SORT_TEXT.noCollection, { collectionId, value });
    return redirect(`/config/products?${new URLSearchParams({ sorted: collectionId }).toString()}`, 303);
  }
  if (form && intent === 'place') {
    // A drop in the drag list (JavaScript): the product next to another; the list's loader reloads.
    const position = form.get('position');
    if (position !== 'before' && position !== 'after') return refuse(400, 'The form could not be read.');
    let placed;
    try {
      placed = await placeProduct(a, form.get('id') ?? '', form.get('target') ?? '', position);
    } catch (e) {
      if (e instanceof SortNotManual) return refuse(409, e.message);
      throw e;
    }
    if (placed === null) return refuse(404, NOT_FOUND_TEXT);
    if (!placed) return refuse(400, 'A product can only be placed next to another product of its collection.');
    return json({ placed: true }, { headers: { 'Cache-Control': 'no-store' } });
  }
  if (!form || (intent !== 'up' && intent !== 'down')) return refuse(400, 'The form could not be read.');
  let moved;
  try {
    moved = await moveProduct(a, form.get('id') ?? '', intent);
  } catch (e) {
    if (e instanceof SortNotManual) return refuse(409, e.message);
    throw e;
  }
  if (moved === null) return refuse(404, NOT_FOUND_TEXT);
  // Back to the page the owner was on, which may now show the product's neighbour in its place.
  const page = Number(form.get('page'));
  const back = new URLSearchParams({ moved: intent, id: form.get('id') ?? '' });
  if (Number.isInteger(page) && page > 1 && page <= 100_000) back.set('page', String(page));
  // The fragment names the button pressed: without JavaScript the browser scrolls to it and the next
  // Tab goes on from there (with JavaScript the page's effect focuses it).
  return redirect(`/config/products?${back.toString()}#${encodeURIComponent(moveButtonId(form.get('id') ?? '', intent))}`, 303);
}

const noSubscription = () => () => {};

type Row = ReturnType<typeof useLoaderData<typeof loader>>['rows'][number];

const COLUMNS: ColumnDef<Row, unknown>[] = [
  {
    header: 'Title',
    accessorKey: 'title',
    cell: ({ row }) => <Link to={`/config/products/${encodeURIComponent(row.original.id)}`}>{row.original.title}</Link>,
  },
  { header: 'Type', accessorKey: 'type' },
  { header: 'Price', accessorKey: 'price' },
  {
    header: 'Stock',
    accessorKey: 'stock',
    cell: ({ row }) => (row.original.soldOut ? <span className="badge warn">Sold out</span> : row.original.stock),
  },
  {
    header: 'Published',
    accessorKey: 'published',
    cell: ({ row }) => (row.original.published ? <span className="badge ok">Published</span> : <span className="badge">Hidden</span>),
  },
];

/** The Order column: two one-button forms a row, which work without JavaScript. */
function orderColumn(page: number): ColumnDef<Row, unknown> {
  return {
    id: 'order',
    header: 'Order',
    cell: ({ row }) =>
      !row.original.manual ? (
        <span className="hint">{COLLECTION_SORT_LABELS.newest}</span>
      ) : (
        <span className="row-actions">
          {(['up', 'down'] as const).map((dir) => (
            <Form method="post" action="/config/products?index" key={dir}>
              <input type="hidden" name="id" value={row.original.id} />
              <input type="hidden" name="page" value={String(page)} />
              <button
                type="submit"
                name="intent"
                value={dir}
                className="secondary"
                aria-label={`Move ${row.original.title} ${dir}`}
                id={moveButtonId(row.original.id, dir)}
                disabled={dir === 'up' ? row.original.first : row.original.last}
              >
                {dir === 'up' ? 'Move up' : 'Move down'}
              </button>
            </Form>
          ))}
        </span>
      ),
  };
}

/** Each store collection's sort: a select and a Save button, one small form each (no JavaScript needed). */
function CollectionSorts({
  collections,
  canWrite,
  failed,
}: {
  collections: { id: string; title: string; sort: CollectionSort }[];
  canWrite: boolean;
  failed: { collectionId: string; value: string } | null;
}) {
  if (collections.length === 0) return null;
  return (
    <section aria-labelledby="shop-order-heading" className="collection-sorts">
      <h2 id="shop-order-heading">Shop order</h2>
      {collections.map((c) => {
        const id = `sort-${c.id}`;
        const posted = failed?.collectionId === c.id ? failed.value : null;
        return canWrite ? (
          <Form method="post" action="/config/products?index" className="toolbar" key={c.id}>
            <input type="hidden" name="intent" value="sort" />
            <input type="hidden" name="collectionId" value={c.id} />
            <div className="field">
              <label htmlFor={id}>How the shop sorts {c.title}</label>
              <select
                id={id}
                name="sort"
                defaultValue={posted !== null && isSort(posted) ? posted : c.sort}
                aria-invalid={posted !== null || undefined}
              >
                {COLLECTION_SORTS.map((s) => (
                  <option key={s} value={s}>
                    {COLLECTION_SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="secondary">
              Save sort
            </button>
          </Form>
        ) : (
          <p key={c.id}>
            {c.title}: {COLLECTION_SORT_LABELS[c.sort]}
          </p>
        );
      })}
    </section>
  );
}

/** The button to focus after moving `r` towards `dir`: that one, or the other at the end of the list. */
function focusDir(r: { first: boolean; last: boolean }, dir: 'up' | 'down'): 'up' | 'down' {
  if (dir === 'up' && r.first) return 'down';
  if (dir === 'down' && r.last) return 'up';
  return dir;
}

export default function Products() {
  const d = useLoaderData<typeof loader>();
  // The drag list's answers go to its own fetcher; here only the forms' refusals, which carry `error`.
  const answer = useActionData<typeof action>();
  const failed = answer && 'error' in answer ? readReply(answer) : null;
  const typed = failed?.typed?.intent === 'sort' ? failed.typed : null;
  const filtered = d.filters.q !== '' || d.filters.type !== '' || d.filters.stock !== 'all';
  // Moving is offered on the whole list only: among filtered rows a move would jump hidden ones.
  const columns = d.canWrite && !filtered ? [...COLUMNS, orderColumn(d.page)] : COLUMNS;
  // With JavaScript the moved row keeps its button (React moves it), which loses the focus: give it back.
  const moved = d.moved;
  const movedRow = moved ? d.rows.find((r) => r.id === moved.id) : undefined;
  const focusId = moved && movedRow ? moveButtonId(moved.id, focusDir(movedRow, moved.dir)) : null;
  useEffect(() => {
    if (focusId) document.getElementById(focusId)?.focus();
  }, [focusId, d]);
  // The drag list needs JavaScript: drawn after hydration, so a page without it has the buttons only.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const draggable = d.canWrite && !filtered ? d.rows.filter((r) => r.manual) : [];
  const pageUrl = (n: number) => {
    const sp = new URLSearchParams();
    if (d.filters.q) sp.set('q', d.filters.q);
    if (d.filters.type) sp.set('type', d.filters.type);
    if (d.filters.stock !== 'all') sp.set('stock', d.filters.stock);
    if (n > 1) sp.set('page', String(n));
    const s = sp.toString();
    return s ? `/config/products?${s}` : '/config/products';
  };
  return (
    <>
      <div className="toolbar">
        <h1>Products</h1>
        {d.canWrite ? (
          <Link to="/config/products/new" className="button">
            New product
          </Link>
        ) : null}
      </div>
      <Notice message={d.deleted ? 'Product deleted.' : d.moved ? 'Order saved. The shop lists products in this order.' : d.sorted} />
      {failed?.formError ? (
        <p className="form-error" role="alert">
          {failed.formError}
        </p>
      ) : null}
      <CollectionSorts
        collections={d.collections}
        canWrite={d.canWrite}
        failed={typed ? { collectionId: typed.collectionId ?? '', value: typed.sort ?? '' } : null}
      />
      <Form method="get" className="toolbar" role="search" aria-label="Products">
        <div className="field">
          <label htmlFor="products-q">Search by title</label>
          <input id="products-q" type="search" name="q" defaultValue={d.filters.q} />
        </div>
        <div className="field">
          <label htmlFor="products-type">Type</label>
          <select id="products-type" name="type" defaultValue={d.filters.type}>
            <option value="">All types</option>
            {PRODUCT_TYPES.map((t) => (
              <option key={t} value={String(t)}>
                {PRODUCT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="products-stock">Stock</label>
          <select id="products-stock" name="stock" defaultValue={d.filters.stock}>
            <option value="all">Any stock</option>
            <option value="low">Low stock</option>
            <option value="soldout">Sold out</option>
          </select>
        </div>
        <button type="submit" className="secondary">
          Filter
        </button>
        {filtered ? <Link to="/config/products">Clear</Link> : null}
      </Form>
      <p className="hint" aria-live="polite">
        {d.total === 1 ? '1 product' : `${d.total} products`}
        {filtered ? ' match' : ''}
      </p>
      <DataTable
        rows={d.rows}
        columns={columns}
        caption="Products"
        rowKey={(r) => r.id}
        empty={
          d.total > 0
            ? 'There are no products on this page.'
            : filtered
              ? 'No products match. Try other words or filters.'
              : 'No products yet. Add your first product to start selling.'
        }
      />
      {hydrated && draggable.length > 1 ? <ProductDragList rows={draggable} /> : null}
      {d.pageCount > 1 ? (
        <nav className="pagination toolbar" aria-label="Pages">
          {d.page > 1 ? <Link to={pageUrl(Math.min(d.page - 1, d.pageCount))}>Previous page</Link> : null}
          <span>
            Page {d.page} of {d.pageCount}
          </span>
          {d.page < d.pageCount ? <Link to={pageUrl(d.page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
