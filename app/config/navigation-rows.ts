// The rows of the navigation editor (/config/navigation), one per link with its depth, and the row
// buttons' changes to them (add, move, indent, outdent, remove): pure, so the server answers them as
// plain form posts without JavaScript and the browser applies the same ones at once with it.

/** Children one level deep: a top-level link and the links under it. */
export const MAX_DEPTH = 1;
export const MAX_LINKS = 100;

export interface NavRow {
  title: string;
  /** The id of a page or store of the site, or '' for a typed path or web address. */
  target: string;
  url: string;
  depth: number;
}

/** Depths made consistent: the first row is top level, and no row is deeper than one under the row above. */
export function normalizeRows<R extends NavRow>(rows: R[]): R[] {
  let prev = -1;
  return rows.map((r) => {
    const depth = Math.max(0, Math.min(r.depth, prev + 1, MAX_DEPTH));
    prev = depth;
    return { ...r, depth };
  });
}

/** Rows `i`.. that move with row `i`: it and the rows under it. */
function blockEnd(rows: readonly NavRow[], i: number): number {
  let j = i + 1;
  while (j < rows.length && rows[j].depth > rows[i].depth) j++;
  return j;
}

export type RowIntent = { op: 'add' } | { op: 'up' | 'down' | 'indent' | 'outdent' | 'remove'; index: number } | { op: 'save' };

/** Reads a button's value: `add`, `save`, or `up:3`, `down:3`, `indent:3`, `outdent:3`, `remove:3`. */
export function parseRowIntent(v: string): RowIntent | null {
  if (v === 'add' || v === 'save') return { op: v };
  const m = /^(up|down|indent|outdent|remove):(\d{1,4})$/.exec(v);
  return m ? { op: m[1] as 'up', index: Number(m[2]) } : null;
}

/**
 * The rows after a row button (add, move, indent, outdent, remove); nothing is saved. Other fields of
 * a row move with it (the browser's rows carry an id); `added` is the row "add" appends.
 */
export function applyRowIntent<R extends NavRow>(input: R[], intent: RowIntent, added?: R): R[] {
  const rows = normalizeRows(input);
  if (intent.op === 'save') return rows;
  if (intent.op === 'add') return rows.length >= MAX_LINKS ? rows : [...rows, added ?? ({ title: '', target: '', url: '', depth: 0 } as R)];
  const i = intent.index;
  if (i < 0 || i >= rows.length) return rows;
  const end = blockEnd(rows, i);
  const block = rows.slice(i, end);
  const d = rows[i].depth;
  switch (intent.op) {
    case 'remove':
      return normalizeRows([...rows.slice(0, i), ...rows.slice(end)]);
    case 'indent':
      // Under the row above, if that one can have children and this one's children stay within MAX_DEPTH.
      if (i === 0 || rows[i - 1].depth < d || block.some((r) => r.depth + 1 > MAX_DEPTH)) return rows;
      return normalizeRows([...rows.slice(0, i), ...block.map((r) => ({ ...r, depth: r.depth + 1 })), ...rows.slice(end)]);
    case 'outdent':
      if (d === 0) return rows;
      return normalizeRows([...rows.slice(0, i), ...block.map((r) => ({ ...r, depth: r.depth - 1 })), ...rows.slice(end)]);
    case 'up': {
      if (i === 0) return rows;
      let j = i - 1;
      while (j > 0 && rows[j].depth > d) j--;
      // Past the previous sibling; a first child moves above its parent.
      const rest = [...rows.slice(0, i), ...rows.slice(end)];
      return normalizeRows([...rest.slice(0, j), ...block, ...rest.slice(j)]);
    }
    case 'down': {
      if (end >= rows.length) return rows;
      if (rows[end].depth < d) {
        // A last child moves out of its parent, to the top of the next top-level link's children.
        const nextEnd = end + 1;
        return normalizeRows([...rows.slice(0, i), rows[end], ...block, ...rows.slice(nextEnd)]);
      }
      const afterNext = blockEnd(rows, end);
      return normalizeRows([...rows.slice(0, i), ...rows.slice(end, afterNext), ...block, ...rows.slice(afterNext)]);
    }
  }
}
