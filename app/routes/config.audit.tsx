// /config/audit: the audit log: who changed what on this site and when (in the site's time zone),
// newest first, filtered by kind of change (product, order, member...), with a "Load More" link.
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { SelectField } from '../components/config/Field.js';
import { auditEntries, auditFamilies } from '../edits/audit.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { formatWhen, siteTimeZone } from '../config/site-time.server.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction = () => [{ title: 'Audit log' }, { name: 'robots', content: 'noindex' }];

const PAGE = 50;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'audit.read');
  const url = new URL(args.request.url);
  const rawBefore = url.searchParams.get('before');
  const before = rawBefore && /^\d{1,18}$/.test(rawBefore) ? rawBefore : null;
  const [families, timeZone] = await Promise.all([auditFamilies(a.sql, a.site.id), siteTimeZone(a.sql, a.site.id)]);
  const wanted = url.searchParams.get('action') ?? '';
  const family = families.includes(wanted) ? wanted : '';
  const entries = await auditEntries(a.sql, a.site.id, { limit: PAGE + 1, before, action: family ? `${family}.` : null });
  const shown = entries.slice(0, PAGE);
  return json(
    {
      entries: shown.map((e): Row => ({
        id: e.id,
        at: e.at,
        atText: formatWhen(e.at, timeZone),
        actor: e.actor,
        action: e.action,
        target: e.target,
        detail: Object.keys(e.detail ?? {}).length > 0 ? JSON.stringify(e.detail) : '',
      })),
      next: entries.length > PAGE ? shown[shown.length - 1].id : null,
      family,
      families,
      paged: before !== null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

interface Row {
  id: string;
  at: string;
  atText: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

const COLUMNS: ColumnDef<Row, unknown>[] = [
  { id: 'when', header: 'When', cell: ({ row }) => <time dateTime={row.original.at}>{row.original.atText}</time> },
  { id: 'who', header: 'Who', cell: ({ row }) => row.original.actor },
  { id: 'action', header: 'Action', cell: ({ row }) => <code data-action>{row.original.action}</code> },
  { id: 'target', header: 'Target', cell: ({ row }) => row.original.target },
  { id: 'detail', header: 'Detail', cell: ({ row }) => <span className="audit-detail">{row.original.detail}</span> },
];

export default function AuditLog() {
  const d = useLoaderData<typeof loader>();
  const options = [{ value: '', label: 'All changes' }, ...d.families.map((f) => ({ value: f, label: f }))];
  const more = new URLSearchParams();
  if (d.family) more.set('action', d.family);
  if (d.next) more.set('before', d.next);
  return (
    <>
      <h1>Audit log</h1>
      <Form method="get" className="toolbar" aria-label="Filter the audit log">
        <SelectField name="action" id="audit-action" label="Kind of change" options={options} defaultValue={d.family} />
        <button type="submit">Filter</button>
        {d.family ? <Link to="/config/audit">Clear</Link> : null}
      </Form>
      <DataTable
        rows={d.entries}
        columns={COLUMNS}
        caption="Changes to this site, newest first"
        empty={
          d.paged
            ? 'No older changes.'
            : d.family
              ? 'No changes of this kind.'
              : 'No changes yet. Every change made in site settings shows here.'
        }
        rowKey={(r) => r.id}
      />
      {d.next || d.paged ? (
        <p className="row-actions">
          {d.next ? (
            <Link to={`/config/audit?${more.toString()}`} rel="next">
              Load More
            </Link>
          ) : null}
          {d.paged ? (
            <Link to={d.family ? `/config/audit?action=${encodeURIComponent(d.family)}` : '/config/audit'}>Newest changes</Link>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
