// Owner lists: @tanstack/react-table turns rows and column definitions into a plain <table>
// (server-rendered, so lists work without JavaScript; search, filters and paging are links/forms).
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';

interface DataTableProps<T> {
  rows: T[];
  columns: ColumnDef<T, unknown>[];
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty: string;
  rowKey?: (row: T) => string;
}

export function DataTable<T>({ rows, columns, caption, empty, rowKey }: DataTableProps<T>) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is rebuilt per render on purpose (server-rendered lists)
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey ? (r) => rowKey(r) : undefined });
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  // A table wider than the screen scrolls inside its own region (focusable, so the keyboard can
  // scroll it too), never the page; the CSS adds an edge shadow as the cue. Its name differs from
  // the caption, which a section around it often carries as its own (unique landmark names).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1)
    <div className="table-scroll" role="region" aria-label={`Table: ${caption}`} tabIndex={0}>
      <table className="data">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((g) => (
            <tr key={g.id}>
              {g.headers.map((h) => (
                <th key={h.id} scope="col">
                  {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((r) => (
            <tr key={r.id}>
              {r.getVisibleCells().map((c) => (
                <td key={c.id}>{flexRender(c.column.columnDef.cell, c.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
