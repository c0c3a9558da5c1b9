// /config/forms: the site's forms (name, number of fields, submissions, the last one) and "New
// form", which creates an empty one named as SPEC 9 says and opens its builder.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { Notice } from '../components/config/Field.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { createForm, listForms, type FormRow } from '../forms/forms.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Forms' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'forms.read');
  const deleted = new URL(args.request.url).searchParams.get('deleted');
  return json(
    { forms: await listForms(a.sql, a.site.id), notice: deleted ? `Form ${deleted.slice(0, 200)} deleted.` : null },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'forms.write');
  const id = await createForm(a);
  return redirect(`/config/forms/${id}?tab=build&saved=created`, 303);
}

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : 'None yet');

const columns: ColumnDef<FormRow, unknown>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => <Link to={`/config/forms/${row.original.id}`}>{row.original.name}</Link> },
  { id: 'fields', header: 'Fields', cell: ({ row }) => row.original.fields },
  {
    id: 'submissions',
    header: 'Submissions',
    cell: ({ row }) => <Link to={`/config/forms/${row.original.id}/submissions`}>{row.original.submissions}</Link>,
  },
  { id: 'last', header: 'Last submission', cell: ({ row }) => when(row.original.lastSubmission) },
];

export default function Forms() {
  const { forms, notice } = useLoaderData<typeof loader>();
  const canWrite = useCan('forms.write');
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <h1>Forms</h1>
      <Notice message={notice} />
      {canWrite ? (
        <Form method="post" className="toolbar">
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'New form'}
          </button>
        </Form>
      ) : null}
      <DataTable rows={forms} columns={columns} caption="The site's forms" empty="This site has no forms yet." rowKey={(r) => r.id} />
    </>
  );
}
