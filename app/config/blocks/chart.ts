// The chart block's dataset (SPEC 2 "chart dataset editor", SPEC 5 texts): a title, the name of the
// label column, up to CHART_LIMITS.columns named series and CHART_LIMITS.rows labelled rows of
// numbers. What is typed beyond the limits is dropped and labels are cut (SPEC 5: "Datasets are
// truncated to a maximum of rows and columns"; the limits are ours, stated here and on the screen).
import { z } from 'zod';

export const CHART_LIMITS = { rows: 50, columns: 10, label: 40, title: 120 } as const;
/** A value's size limit: beyond it a chart is unreadable anyway (and JSON stays exact). */
const MAX_VALUE = 1e12;

export const CHART_KINDS = ['bar', 'line', 'pie'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_KIND_LABELS: Record<ChartKind, string> = { bar: 'Bar', line: 'Line', pie: 'Pie' };

/** SPEC 5's editor messages for datasets, word for word. */
export const CHART_TEXT = {
  noColumn: 'Your dataset must have at least one column',
  noRow: 'Your dataset must have at least one row',
  missing: 'One or more rows was missing data',
  empty: 'Enter some data!',
  notNumber: (v: string) => `${v} is not a number: enter numbers only in the data cells.`,
  truncated: `Datasets are truncated to ${CHART_LIMITS.rows} rows and ${CHART_LIMITS.columns} columns, and labels to ${CHART_LIMITS.label} characters.`,
};

export interface ChartRow {
  label: string;
  values: number[];
}

export const ChartSettings = z.object({
  kind: z.enum(CHART_KINDS).default('bar'),
  title: z.string().max(CHART_LIMITS.title).default(''),
  labelHeading: z.string().max(CHART_LIMITS.label).default(''),
  columns: z.array(z.string().min(1).max(CHART_LIMITS.label)).min(1).max(CHART_LIMITS.columns),
  rows: z
    .array(z.object({ label: z.string().min(1).max(CHART_LIMITS.label), values: z.array(z.number().finite()) }))
    .min(1)
    .max(CHART_LIMITS.rows),
});
export type ChartSettings = z.infer<typeof ChartSettings>;

/** The dataset as typed: a grid of strings (header row, then rows of label + cells). */
export interface TypedDataset {
  kind: string;
  title: string;
  labelHeading: string;
  columns: string[];
  rows: { label: string; cells: string[] }[];
}

/** The cell field names of the dataset editor. */
export const cellName = (row: number, column: number) => `cell.${row}.${column}`;
export const labelName = (row: number) => `label.${row}`;
export const columnName = (column: number) => `column.${column}`;

const cut = (s: string, n: number) => [...s.trim()].slice(0, n).join('');

/**
 * The typed grid from the editor's form, truncated to the limits: rows and columns past them are
 * dropped, labels and headings cut. `truncated` says whether anything was.
 */
export function typedDataset(form: URLSearchParams): { data: TypedDataset; truncated: boolean } {
  let truncated = false;
  let maxRow = -1;
  let maxColumn = -1;
  for (const key of form.keys()) {
    const m = /^(?:cell\.(\d{1,4})\.(\d{1,4})|label\.(\d{1,4})|column\.(\d{1,4}))$/.exec(key);
    if (!m || (form.get(key) ?? '').trim() === '') continue;
    const r = m[1] ?? m[3];
    const c = m[2] ?? m[4];
    if (r !== undefined) maxRow = Math.max(maxRow, Number(r));
    if (c !== undefined) maxColumn = Math.max(maxColumn, Number(c));
  }
  if (maxRow >= CHART_LIMITS.rows || maxColumn >= CHART_LIMITS.columns) truncated = true;
  const rowCount = Math.min(maxRow + 1, CHART_LIMITS.rows);
  const columnCount = Math.min(maxColumn + 1, CHART_LIMITS.columns);
  const text = (key: string, limit: number) => {
    const raw = (form.get(key) ?? '').trim();
    const v = cut(raw, limit);
    if (v.length < [...raw].length) truncated = true;
    return v;
  };
  const columns = Array.from({ length: columnCount }, (_, c) => text(columnName(c), CHART_LIMITS.label));
  const rows = Array.from({ length: rowCount }, (_, r) => ({
    label: text(labelName(r), CHART_LIMITS.label),
    cells: Array.from({ length: columnCount }, (_, c) => text(cellName(r, c), 40)),
  }));
  return {
    data: {
      kind: form.get('kind') ?? 'bar',
      title: text('title', CHART_LIMITS.title),
      labelHeading: text('labelHeading', CHART_LIMITS.label),
      columns,
      rows,
    },
    truncated,
  };
}

/** A typed number ("1,200", "3.5", "-2"); null when it is not one. */
export function readNumber(s: string): number | null {
  const t = s.replace(/[\s,_]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) && Math.abs(n) <= MAX_VALUE ? n : null;
}

/**
 * The dataset the grid makes, or the SPEC 5 message saying why there is none. Blank rows and
 * columns (nothing typed in them) are left out; a row or column with anything in it must be whole.
 */
export function validateDataset(d: TypedDataset): { ok: true; value: ChartSettings } | { ok: false; error: string } {
  const usedColumns = d.columns.map((name, c) => name !== '' || d.rows.some((r) => r.cells[c] !== ''));
  const rows = d.rows.filter((r) => r.label !== '' || r.cells.some((v, c) => usedColumns[c] && v !== ''));
  const columns = d.columns.map((name, c) => ({ name, c })).filter((x) => usedColumns[x.c]);
  if (rows.length === 0 && columns.length === 0 && d.rows.every((r) => r.label === '')) return { ok: false, error: CHART_TEXT.empty };
  if (columns.length === 0) return { ok: false, error: CHART_TEXT.noColumn };
  if (rows.length === 0) return { ok: false, error: CHART_TEXT.noRow };
  if (columns.some((x) => x.name === '')) return { ok: false, error: CHART_TEXT.missing };
  const out: ChartRow[] = [];
  for (const r of rows) {
    if (r.label === '') return { ok: false, error: CHART_TEXT.missing };
    const values: number[] = [];
    for (const { c } of columns) {
      const cell = r.cells[c] ?? '';
      if (cell === '') return { ok: false, error: CHART_TEXT.missing };
      const n = readNumber(cell);
      if (n === null) return { ok: false, error: CHART_TEXT.notNumber(cell) };
      values.push(n);
    }
    out.push({ label: r.label, values });
  }
  const kind = (CHART_KINDS as readonly string[]).includes(d.kind) ? (d.kind as ChartKind) : 'bar';
  return {
    ok: true,
    value: { kind, title: d.title, labelHeading: d.labelHeading, columns: columns.map((x) => x.name), rows: out },
  };
}

/** The saved dataset as the editor's grid. */
export function toTyped(s: ChartSettings): TypedDataset {
  return {
    kind: s.kind,
    title: s.title,
    labelHeading: s.labelHeading,
    columns: [...s.columns],
    rows: s.rows.map((r) => ({ label: r.label, cells: r.values.map(String) })),
  };
}

/** The grid the editor shows: the data plus blank rows and a blank column to type into, within the limits. */
export function editorGrid(d: TypedDataset): TypedDataset {
  const columnCount = Math.min(CHART_LIMITS.columns, Math.max(3, d.columns.length + 1));
  const rowCount = Math.min(CHART_LIMITS.rows, Math.max(4, d.rows.length + 2));
  const columns = Array.from({ length: columnCount }, (_, c) => d.columns[c] ?? '');
  const rows = Array.from({ length: rowCount }, (_, r) => ({
    label: d.rows[r]?.label ?? '',
    cells: Array.from({ length: columnCount }, (_, c) => d.rows[r]?.cells[c] ?? ''),
  }));
  return { ...d, columns, rows };
}
