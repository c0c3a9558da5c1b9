// /config/forms/<id>/submissions: a form's submissions, newest first, 25 a page (a cursor link
// to the next), searched across every value; each answer under its field's title, "N/A" for none
// (SPEC 8), and the CSV export of them all.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { Field } from '../components/config/Field.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { formById, FORM_TEXT } from '../forms/forms.server.js';
import { answerFields } from '../forms/submission-values.js';
import { listSubmissions, type SubmissionRow } from '../forms/submissions.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Submissions: ${data.form.name}` : 'Submissions' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'forms.read');
  const form = await formById(a.sql, a.site.id, args.params.id ?? '');
  if (!form) throw json({ error: FORM_TEXT.notFound }, { status: 404 });
  const url = new URL(args.request.url);
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const after = url.searchParams.get('after');
  const page = await listSubmissions(a.sql, form.id, form.fields, { q, after });
  const columns = answerFields(form.fields).map((f) => ({ id: f.id, title: f.title }));
  return json({ form: { id: form.id, name: form.name }, columns, q, after, ...page }, { headers: { 'Cache-Control': 'no-store' } });
}

const when = (iso: string) => new Date(iso).toISOString().slice(0, 19).replace('T', ' ') + ' UTC';

export default function Submissions() {
  const d = useLoaderData<typeof loader>();
  const base = `/config/forms/${d.form.id}/submissions`;
  const columns: ColumnDef<SubmissionRow, unknown>[] = [
    { id: 'at', header: 'Submitted at', cell: ({ row }) => when(row.original.at) },
    ...d.columns.map((c): ColumnDef<SubmissionRow, unknown> => ({
      id: `f-${c.id}`,
      header: c.title,
      cell: ({ row }) => row.original.answers[c.id] ?? 'N/A',
    })),
    { id: 'page', header: 'Page', cell: ({ row }) => row.original.pageUrl },
  ];
  return (
    <>
      <p>
        <Link to={`/config/forms/${d.form.id}`}>{`Back to ${d.form.name}`}</Link>
      </p>
      <h1>{`Submissions: ${d.form.name}`}</h1>
      <p>
        <a href={`${base}.csv`} download>
          Export as CSV
        </a>
      </p>
      <Form method="get" className="toolbar" role="search">
        <Field name="q" type="search" label="Search submissions" defaultValue={d.q} />
        <button type="submit" className="secondary">
          Search
        </button>
        {d.q ? <Link to={base}>Clear search</Link> : null}
      </Form>
      <p>{`${d.total} submission${d.total === 1 ? '' : 's'}${d.q ? ` matching “${d.q}”` : ''}.`}</p>
      <DataTable
        rows={d.rows}
        columns={columns}
        caption={`Submissions of ${d.form.name}, newest first`}
        empty={d.q ? 'No submission matches.' : 'No submissions yet.'}
        rowKey={(r) => r.id}
      />
      <nav aria-label="Pages" className="row-actions">
        {d.after ? <Link to={`${base}${d.q ? `?q=${encodeURIComponent(d.q)}` : ''}`}>Newest</Link> : null}
        {d.next ? (
          <Link to={`${base}?${new URLSearchParams({ ...(d.q ? { q: d.q } : {}), after: d.next }).toString()}`}>Older submissions</Link>
        ) : null}
      </nav>
    </>
  );
}
