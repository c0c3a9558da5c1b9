// /config/pages: the site's pages in their order, with status and whether the navigation links to
// them; search and a status filter; move up/down (plain posts); "New page"; and, on a site without a
// store, the form that adds one (SPEC 3 and 4).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { CheckboxField, TextAreaField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  createStore,
  listPages,
  movePage,
  PAGE_STATUSES,
  PageError,
  siteHasStore,
  STATUS_LABELS,
  StoreForm,
  type PageRow,
} from '../config/pages.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { accessLabels } from '../config/page-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Pages' }];

const NOTICES: Record<string, string> = {
  moved: 'Page order saved.',
  deleted: 'Page deleted.',
  store: 'Store added.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const url = new URL(args.request.url);
  const q = url.searchParams.get('q') ?? '';
  const status = url.searchParams.get('status') ?? '';
  const list = await listPages(a.sql, a.site.id, { q, status, page: Number(url.searchParams.get('page') ?? '1') });
  const notice = Object.keys(NOTICES).find((k) => url.searchParams.has(k));
  return json(
    {
      ...list,
      q,
      status,
      statuses: [{ value: '', label: 'Any status' }, ...PAGE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))],
      hasStore: await siteHasStore(a.sql, a.site.id),
      // SPEC 4: locked and member-only pages are labelled (app/config/page-access.server.ts).
      accessLabels: await accessLabels(a.sql, a.site.id),
      canWrite: a.can('pages.write'),
      canPublish: a.can('pages.publish'),
      notice: notice ? NOTICES[notice] : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const intent = form.get('intent');
  try {
    if (intent === 'up' || intent === 'down') {
      await movePage(a, form.get('id') ?? '', intent);
      const page = Number(form.get('page'));
      return redirect(`/config/pages?moved=1${Number.isInteger(page) && page > 1 ? `&page=${page}` : ''}`, 303);
    }
    if (intent === 'add-store') {
      const submission = parseForm(form, StoreForm);
      if (submission.status !== 'success') return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm }), 400);
      await createStore(a, submission.value);
      return redirect('/config/pages?store=1', 303);
    }
    return json(refusedReply('Choose what to do.', form), 400);
  } catch (e) {
    if (!(e instanceof PageError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const error = e.status === 400 && e.field ? UI_TEXT.invalidForm : e.message;
    // Refused after the store's fields were checked (a URL taken) or without checking them (a move).
    return json(refusedReply(error, form, e.field ? { [e.field]: e.message } : {}), e.status === 403 ? 403 : 400);
  }
}

const LINK_LABELS: Record<PageRow['link'], string> = { main: 'Main navigation', footer: 'Footer navigation', hidden: 'Hidden' };

export default function Pages() {
  const d = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const filtered = d.q !== '' || d.status !== '';
  const storeTyped = failed?.typed?.intent === 'add-store' ? failed.typed : null;
  const pageLink = (n: number) =>
    `?${new URLSearchParams({ ...(d.q ? { q: d.q } : {}), ...(d.status ? { status: d.status } : {}), page: String(n) })}`;

  const columns: ColumnDef<PageRow, unknown>[] = [
    {
      header: 'Title',
      cell: ({ row }) => <Link to={`/config/pages/${encodeURIComponent(row.original.id)}`}>{row.original.title}</Link>,
    },
    { header: 'URL', cell: ({ row }) => `/${row.original.urlId}` },
    {
      header: 'Status',
      cell: ({ row }) => (
        <>
          <span className={`badge ${row.original.live ? 'ok' : 'warn'}`}>{row.original.label}</span>
          {d.accessLabels[row.original.id] ? (
            <>
              {' '}
              <span className="badge" data-access-label>
                {d.accessLabels[row.original.id]}
              </span>
            </>
          ) : null}
        </>
      ),
    },
    { header: 'Navigation', cell: ({ row }) => LINK_LABELS[row.original.link] },
  ];
  if (d.canWrite && !filtered) {
    columns.push({
      header: 'Order',
      cell: ({ row }) => (
        <div className="row-actions">
          {(['up', 'down'] as const).map((dir) => (
            <Form method="post" key={dir}>
              <input type="hidden" name="intent" value={dir} />
              <input type="hidden" name="id" value={row.original.id} />
              <input type="hidden" name="page" value={d.page} />
              <button
                type="submit"
                className="secondary"
                aria-label={`Move ${row.original.title} ${dir}`}
                disabled={dir === 'up' ? d.page === 1 && row.index === 0 : d.page === d.pageCount && row.index === d.rows.length - 1}
              >
                {dir === 'up' ? 'Move up' : 'Move down'}
              </button>
            </Form>
          ))}
        </div>
      ),
    });
  }

  return (
    <>
      <h1>Pages</h1>
      <Notice message={d.notice} />
      <FormError message={failed?.formError} />
      <div className="toolbar">
        {d.canWrite ? (
          <Link to="/config/pages/new" className="button">
            New page
          </Link>
        ) : null}
        <Link to="/config/navigation" className="button secondary">
          Edit navigation
        </Link>
      </div>
      <Form method="get" className="toolbar" role="search" aria-label="Pages">
        <Field name="q" label="Search pages" type="search" defaultValue={d.q} />
        <SelectField name="status" label="Status" options={d.statuses} defaultValue={d.status} />
        <button type="submit" className="secondary">
          Search
        </button>
        {filtered ? <Link to="/config/pages">Clear</Link> : null}
      </Form>
      {filtered && d.canWrite ? <p className="hint">Clear the search to change the order of pages.</p> : null}
      <DataTable
        rows={d.rows}
        columns={columns}
        caption="Pages of this site"
        empty={filtered ? 'No pages match this search.' : 'This site has no pages yet.'}
        rowKey={(r) => r.id}
      />
      {d.pageCount > 1 ? (
        <nav aria-label="Pages of the list" className="toolbar">
          {d.page > 1 ? <Link to={pageLink(d.page - 1)}>Previous</Link> : null}
          <span>
            Page {d.page} of {d.pageCount}
          </span>
          {d.page < d.pageCount ? <Link to={pageLink(d.page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
      {!d.hasStore && d.canPublish ? (
        <section className="card" aria-labelledby="store-h">
          <h2 id="store-h">Add a store</h2>
          <p>Sell products from this site: a store page lists them, and its first category is made with it.</p>
          <Form method="post">
            <input type="hidden" name="intent" value="add-store" />
            <Field
              name="title"
              id="store-title"
              label="Title"
              required
              maxLength={80}
              defaultValue={storeTyped?.title ?? 'Shop'}
              error={storeTyped ? failed?.errors.title : null}
            />
            <Field
              name="urlId"
              id="store-urlId"
              label="URL slug"
              maxLength={63}
              defaultValue={storeTyped?.urlId ?? ''}
              error={storeTyped ? failed?.errors.urlId : null}
              hint="Left empty, it is made from the title."
            />
            <TextAreaField
              name="description"
              label="Description"
              rows={2}
              defaultValue={storeTyped?.description ?? ''}
              error={storeTyped ? failed?.errors.description : null}
            />
            <CheckboxField
              name="addToNavigation"
              label="Add to the main navigation"
              defaultChecked={storeTyped ? Boolean(storeTyped.addToNavigation) : true}
            />
            <button type="submit">Add store</button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
