// /config/inventory: every variant of the site with its stock in one table, edited in place: a
// number and an "Unlimited" box per row, one "Save stock" for the page (only changed rows are
// written). Filters for low stock and sold out, search by product or SKU, pages of 50.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FieldFrame, FormError, Notice } from '../components/config/Field.js';
import { readReply, type RefusedPost } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { LOW_STOCK } from '../config/dashboard.server.js';
import { listInventory, STOCK_FILTERS, submitStockForm } from '../config/inventory.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { backInStockWaiting } from '../forms/restock-owner.server.js';
import stylesheet from '../styles/config-products.css?url';
import { readForm, refusedReply } from '../utils/form.server.js';

export const headers = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: MetaFunction = () => [{ title: 'Inventory' }, { name: 'robots', content: 'noindex' }];

const Query = z.object({
  q: z.string().max(200).catch(''),
  stock: z.enum(STOCK_FILTERS).catch('all'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

function filtersOf(request: Request) {
  const sp = new URL(request.url).searchParams;
  return Query.parse({ q: sp.get('q') ?? '', stock: sp.get('stock') ?? 'all', page: sp.get('page') ?? '1' });
}

function listUrl(f: { q: string; stock: string; page: number }, extra: Record<string, string> = {}): string {
  const sp = new URLSearchParams();
  if (f.q) sp.set('q', f.q);
  if (f.stock !== 'all') sp.set('stock', f.stock);
  if (f.page > 1) sp.set('page', String(f.page));
  for (const [k, v] of Object.entries(extra)) sp.set(k, v);
  const s = sp.toString();
  return s ? `/config/inventory?${s}` : '/config/inventory';
}

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  const f = filtersOf(args.request);
  const list = await listInventory(a.sql, a.site.id, f);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return json(
    {
      ...list,
      filters: f,
      canWrite: a.can('products.write'),
      saved: saved && /^\d+$/.test(saved) ? Number(saved) : null,
      lowAt: LOW_STOCK,
      // Variants back in stock with shoppers waiting for them: the panel offers to send the notices.
      backInStock: await backInStockWaiting(a),
      // When the page was drawn: a stock conflict names who changed the stock since (issue 28), and
      // the stock form is keyed on it (each load draws it afresh, a refused post does not).
      at: new Date().toISOString(),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const form = await readForm(args.request);
  if (!form) return json({ ...refusedReply(), was: {} }, { status: 400 });
  const result = await submitStockForm(a, form);
  if (!result.ok) return json({ ...result.reply, was: result.was ?? {} }, { status: result.status });
  return redirect(listUrl(filtersOf(args.request), { saved: String(result.skus.length) }), 303);
}

/**
 * The rows of a refused post by variant id (the rows may have moved by the time the page is drawn
 * again): what was typed, the stock the row was drawn with (`was`), and the row's error (Conform
 * names it rows[i].qty, or rows[i] itself).
 */
function typedRows(failed: RefusedPost | null) {
  const rows: Record<string, { qty: string; unlimited: boolean; was: string | null; error: string | null }> = {};
  const typed = failed?.typed ?? {};
  const errors = Object.entries(failed?.errors ?? {});
  for (const [name, id] of Object.entries(typed)) {
    const i = /^rows\[(\d+)\]\.id$/.exec(name)?.[1];
    if (i === undefined) continue;
    const row = `rows[${i}]`;
    rows[id] = {
      qty: typed[`${row}.qty`] ?? '',
      unlimited: (typed[`${row}.unlimited`] ?? '') !== '',
      was: typed[`${row}.was`] ?? null,
      error: errors.find(([k]) => k === row || k.startsWith(`${row}.`))?.[1] ?? null,
    };
  }
  return rows;
}

export default function Inventory() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const failed = readReply(result);
  const f = d.filters;
  const filtered = f.q !== '' || f.stock !== 'all';
  const typed = typedRows(failed);
  // The version the stock form is drawn at: when the page was loaded, and each row's stock then
  // (`was`). A refused post keeps the ones it was sent with (the screen's loader has run again
  // since), so its save stays checked against what the owner saw; after a stock conflict a row's
  // `was` is the stock it has now: saving again sets the typed number knowingly.
  const drawnAt = failed?.typed?._at ?? d.at;
  const was: Record<string, string> = result?.was ?? {};
  const wasOf = (r: (typeof d.rows)[number]) => was[r.id] ?? typed[r.id]?.was ?? `${r.qty}:${r.unlimited ? 1 : 0}`;
  return (
    <>
      <h1>Inventory</h1>
      <Notice
        message={
          result
            ? null
            : d.saved === 0
              ? 'Nothing was changed.'
              : d.saved === 1
                ? 'Stock saved for 1 variant.'
                : d.saved
                  ? `Stock saved for ${d.saved} variants.`
                  : null
        }
      />
      <FormError message={failed?.formError} />
      {d.backInStock.length > 0 ? (
        <section className="notice restock-ready" aria-labelledby="restock-ready-title">
          <h2 id="restock-ready-title">Back in stock, shoppers waiting</h2>
          <ul>
            {d.backInStock.map((g) => (
              <li key={g.variantId}>
                {g.productName}
                {g.variantName ? ` (${g.variantName})` : ''}: {g.waiting === 1 ? '1 shopper waits' : `${g.waiting} shoppers wait`}{' '}
                {d.canWrite ? (
                  <Form method="post" action="/config/restock" className="inline">
                    <input type="hidden" name="intent" value="send" />
                    <input type="hidden" name="productId" value={g.productId} />
                    <input type="hidden" name="variantId" value={g.variantId} />
                    <button type="submit" aria-label={`Send the notices, ${g.productName} ${g.variantName || g.sku}`}>
                      Send
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
          <p>
            <Link to="/config/restock">All restock notices</Link>
          </p>
        </section>
      ) : null}
      <nav className="toolbar" aria-label="Stock filters">
        {(
          [
            ['all', 'All'],
            ['low', `Low stock (${d.lowAt} or fewer)`],
            ['soldout', 'Sold out'],
          ] as const
        ).map(([value, label]) => (
          <Link key={value} to={listUrl({ q: f.q, stock: value, page: 1 })} aria-current={f.stock === value ? 'page' : undefined}>
            {label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="toolbar" role="search" aria-label="Inventory">
        {f.stock !== 'all' ? <input type="hidden" name="stock" value={f.stock} /> : null}
        <FieldFrame name="q" id="inventory-q" label="Search by product or SKU">
          {({ id, ...aria }) => <input id={id} name="q" {...aria} type="search" defaultValue={f.q} />}
        </FieldFrame>
        <button type="submit" className="secondary">
          Search
        </button>
        {filtered ? <Link to="/config/inventory">Clear</Link> : null}
      </Form>
      {d.rows.length === 0 ? (
        <p className="empty">
          {d.total > 0
            ? 'There are no variants on this page.'
            : filtered
              ? 'No variants match.'
              : 'No products yet: add one under Products.'}
        </p>
      ) : (
        <Form
          method="post"
          id="stock-form"
          // Drawn afresh by each load (a save, another page), not by a refused post's answer: with
          // JavaScript the form stays mounted, so numbers typed while the post was on its way stay.
          key={drawnAt}
        >
          <input type="hidden" name="_at" value={drawnAt} />
          <fieldset disabled={!d.canWrite} className="plain">
            <legend className="visually-hidden">Stock</legend>
            <table className="data">
              <caption className="visually-hidden">Stock of each variant</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Options</th>
                  <th scope="col">In stock</th>
                  <th scope="col">Unlimited</th>
                </tr>
              </thead>
              <tbody>
                {d.rows.map((r, i) => {
                  const t = typed[r.id];
                  return (
                    <tr key={r.id}>
                      <th scope="row">
                        <Link to={`/config/products/${encodeURIComponent(r.itemId)}`}>{r.title}</Link>
                      </th>
                      <td className="nowrap">{r.sku}</td>
                      <td>{r.attributes || '—'}</td>
                      <td>
                        <input type="hidden" name={`rows[${i}].id`} value={r.id} />
                        <input type="hidden" name={`rows[${i}].was`} value={wasOf(r)} />
                        <FieldFrame
                          name={`rows[${i}].qty`}
                          id={`stock-${i}`}
                          label={<span className="visually-hidden">{`In stock, ${r.sku}`}</span>}
                          error={t?.error}
                        >
                          {({ id, ...aria }) => (
                            <input
                              id={id}
                              name={`rows[${i}].qty`}
                              {...aria}
                              type="number"
                              min={0}
                              step={1}
                              inputMode="numeric"
                              defaultValue={t ? t.qty : String(r.qty)}
                              size={6}
                            />
                          )}
                        </FieldFrame>
                      </td>
                      <td>
                        <input
                          type="checkbox"
                          name={`rows[${i}].unlimited`}
                          aria-label={`Unlimited, ${r.sku}`}
                          defaultChecked={t ? t.unlimited : r.unlimited}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </fieldset>
          {d.canWrite ? (
            <p>
              <button type="submit">Save stock</button>
            </p>
          ) : null}
        </Form>
      )}
      <p className="hint">{d.total === 1 ? '1 variant' : `${d.total} variants`}</p>
      {d.pageCount > 1 ? (
        <nav className="toolbar" aria-label="Pages">
          {d.page > 1 ? <Link to={listUrl({ ...f, page: Math.min(d.page - 1, d.pageCount) })}>Previous page</Link> : null}
          <span>
            Page {d.page} of {d.pageCount}
          </span>
          {d.page < d.pageCount ? <Link to={listUrl({ ...f, page: d.page + 1 })}>Next page</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
