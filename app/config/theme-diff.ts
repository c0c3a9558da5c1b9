// A line diff of two versions of a template, for the versions screen's compare (server-rendered, so
// it works without JavaScript): @codemirror/merge's character diff widened to whole lines, grouped
// into hunks with a few lines of context, like `diff -u`.
import { presentableDiff } from '@codemirror/merge';

export interface DiffLine {
  /** ' ' unchanged, '-' only in the old text, '+' only in the new one. */
  op: ' ' | '-' | '+';
  text: string;
  /** 1-based line number in the old text (unchanged and removed lines). */
  oldLine: number | null;
  /** 1-based line number in the new text (unchanged and added lines). */
  newLine: number | null;
}

export interface Hunk {
  lines: DiffLine[];
}

const CONTEXT = 3;

/** The 0-based line of each character offset: the start offsets of the lines. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], pos: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The hunks of a unified diff from `a` to `b`; none when they are equal. */
export function unifiedDiff(a: string, b: string): Hunk[] {
  if (a === b) return [];
  const la = a.split('\n');
  const lb = b.split('\n');
  const sa = lineStarts(a);
  const sb = lineStarts(b);
  // Changed line ranges [a0, a1) x [b0, b1), merged when they touch.
  const ranges: { a0: number; a1: number; b0: number; b1: number }[] = [];
  for (const c of presentableDiff(a, b)) {
    // Every line a change touches, the line it ends on included; lines that came out the same on
    // both sides are trimmed below.
    const r = { a0: lineAt(sa, c.fromA), a1: lineAt(sa, c.toA) + 1, b0: lineAt(sb, c.fromB), b1: lineAt(sb, c.toB) + 1 };
    const last = ranges[ranges.length - 1];
    if (last && (r.a0 < last.a1 || r.b0 < last.b1)) {
      last.a1 = Math.max(last.a1, r.a1);
      last.b1 = Math.max(last.b1, r.b1);
    } else ranges.push(r);
  }
  for (const r of ranges) {
    while (r.a0 < r.a1 && r.b0 < r.b1 && la[r.a0] === lb[r.b0]) {
      r.a0++;
      r.b0++;
    }
    while (r.a1 > r.a0 && r.b1 > r.b0 && la[r.a1 - 1] === lb[r.b1 - 1]) {
      r.a1--;
      r.b1--;
    }
  }
  const hunks: Hunk[] = [];
  let current: { lines: DiffLine[]; aEnd: number; bEnd: number } | null = null;
  for (const r of ranges) {
    const ctxStart = Math.max(0, r.a0 - CONTEXT);
    if (!current || ctxStart > current.aEnd + CONTEXT) {
      if (current) closeHunk(current, la, lb);
      current = { lines: [], aEnd: ctxStart, bEnd: r.b0 - (r.a0 - ctxStart) };
      hunks.push(current);
    }
    // Unchanged lines between the last change (or the context start) and this one.
    for (let i = current.aEnd, j = current.bEnd; i < r.a0; i++, j++)
      current.lines.push({ op: ' ', text: la[i], oldLine: i + 1, newLine: j + 1 });
    current.lines.push(...lineDiff(la, lb, r));
    current.aEnd = r.a1;
    current.bEnd = r.b1;
  }
  if (current) closeHunk(current, la, lb);
  return hunks.map((h) => ({ lines: h.lines }));
}

/** The lines of one changed range, matched line by line (a longest common subsequence) when small. */
function lineDiff(la: string[], lb: string[], r: { a0: number; a1: number; b0: number; b1: number }): DiffLine[] {
  const n = r.a1 - r.a0;
  const m = r.b1 - r.b0;
  const out: DiffLine[] = [];
  if (n * m > 250_000) {
    for (let i = r.a0; i < r.a1; i++) out.push({ op: '-', text: la[i], oldLine: i + 1, newLine: null });
    for (let j = r.b0; j < r.b1; j++) out.push({ op: '+', text: lb[j], oldLine: null, newLine: j + 1 });
    return out;
  }
  // lcs[i][j]: the longest common subsequence of the old lines from i and the new lines from j.
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = la[r.a0 + i] === lb[r.b0 + j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && la[r.a0 + i] === lb[r.b0 + j]) {
      out.push({ op: ' ', text: la[r.a0 + i], oldLine: r.a0 + i + 1, newLine: r.b0 + j + 1 });
      i++;
      j++;
    } else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      out.push({ op: '-', text: la[r.a0 + i], oldLine: r.a0 + i + 1, newLine: null });
      i++;
    } else {
      out.push({ op: '+', text: lb[r.b0 + j], oldLine: null, newLine: r.b0 + j + 1 });
      j++;
    }
  }
  return out;
}

function closeHunk(h: { lines: DiffLine[]; aEnd: number; bEnd: number }, la: string[], lb: string[]): void {
  for (let i = h.aEnd, j = h.bEnd, n = 0; i < la.length && j < lb.length && n < CONTEXT; i++, j++, n++) {
    h.lines.push({ op: ' ', text: la[i], oldLine: i + 1, newLine: j + 1 });
  }
}
