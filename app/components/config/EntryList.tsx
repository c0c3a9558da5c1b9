// The list of /config/blog and /config/events: each post or event with its date, status and tags,
// a link to edit it, the "New" button for a role that may write, and page links.
import { Link, useLoaderData } from '@remix-run/react';
import type { ColumnDef } from '@tanstack/react-table';
import type { entryListLoader } from '../../config/entry-routes.server.js';
import { DataTable } from './DataTable.js';
import { Notice } from './Field.js';

export interface EntryListRow {
  id: string;
  title: string;
  path: string;
  published: boolean;
  when: string;
  tags: string[];
}

/** The words of the list: its heading, its screen (/config/blog or /config/events), its "New" button, its date column, its empty text. */
interface EntryListWords {
  heading: string;
  screen: string;
  newLabel: string;
  whenLabel: string;
  empty: string;
}

/** The list screen; the page of entries comes from the route's loader (entryListLoader). */
export function EntryList(words: EntryListWords) {
  const p = { ...words, ...useLoaderData<typeof entryListLoader>() };
  const columns: ColumnDef<EntryListRow, unknown>[] = [
    { header: 'Title', cell: ({ row }) => <Link to={`${p.screen}/${encodeURIComponent(row.original.id)}`}>{row.original.title}</Link> },
    { header: p.whenLabel, cell: ({ row }) => row.original.when },
    {
      header: 'Status',
      cell: ({ row }) => (
        <span className={`badge ${row.original.published ? 'ok' : 'warn'}`}>{row.original.published ? 'Published' : 'Draft'}</span>
      ),
    },
    { header: 'Address', cell: ({ row }) => row.original.path },
    { header: 'Tags', cell: ({ row }) => row.original.tags.join(', ') },
  ];
  return (
    <>
      <h1>{p.heading}</h1>
      <Notice message={p.notice} />
      {p.canWrite ? (
        <div className="toolbar">
          <Link to={`${p.screen}/new`} className="button">
            {p.newLabel}
          </Link>
        </div>
      ) : null}
      <p className="hint">Dates and times are on the site&apos;s clock ({p.timeZone}).</p>
      <DataTable rows={p.rows} columns={columns} caption={p.heading} empty={p.empty} rowKey={(r) => r.id} />
      {p.pageCount > 1 ? (
        <nav aria-label={`Pages of ${p.heading}`} className="toolbar">
          {p.page > 1 ? <Link to={`?page=${p.page - 1}`}>Previous</Link> : null}
          <span>
            Page {p.page} of {p.pageCount}
          </span>
          {p.page < p.pageCount ? <Link to={`?page=${p.page + 1}`}>Next</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
