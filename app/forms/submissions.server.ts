// A form's submissions for its owner: newest first, a page at a time (keyset cursor), searched
// across every value, and the whole list as CSV streamed in batches.
import type { Sql } from '../../db/client.server.js';
import type { FormField } from './form-definition.js';
import { answerFields, answerText, CSV_BOM, csvRow } from './submission-values.js';

export const SUBMISSIONS_PER_PAGE = 25;

export interface SubmissionRow {
  id: string;
  at: string;
  pageUrl: string;
  /** Answer text per field id (N/A for none). */
  answers: Record<string, string>;
}

interface Raw {
  id: string;
  fields: Record<string, unknown>;
  page_url: string;
  created_at: Date;
}

/** The cursor of a row: its time (to the millisecond, as ordered) and id (rows at the same instant stay in order). */
const cursorOf = (r: Raw) => `${new Date(r.created_at).toISOString()}~${r.id}`;

function parseCursor(c: string | null): { at: string; id: string } | null {
  const m = c?.match(/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)~([A-Za-z0-9_-]{1,80})$/);
  return m ? { at: m[1], id: m[2] } : null;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function shape(fields: readonly FormField[], r: Raw): SubmissionRow {
  const answers: Record<string, string> = {};
  for (const f of answerFields(fields)) answers[f.id] = answerText(f, r.fields?.[f.id]);
  return { id: r.id, at: new Date(r.created_at).toISOString(), pageUrl: r.page_url, answers };
}

/** One page of a form's submissions; `next` is the cursor of the following page, if any. */
export async function listSubmissions(
  sql: Sql,
  formId: string,
  fields: readonly FormField[],
  opts: { q: string; after: string | null },
): Promise<{ rows: SubmissionRow[]; next: string | null; total: number }> {
  const c = parseCursor(opts.after);
  const q = opts.q.trim();
  const search = q ? sql`and (s.fields::text ilike ${like(q)} or s.page_url ilike ${like(q)})` : sql``;
  const rows = await sql<Raw[]>`
    select s.id, s.fields, s.page_url, s.created_at from form_submission s
     where s.form_id = ${formId} ${search}
       ${c ? sql`and (date_trunc('milliseconds', s.created_at), s.id) < (${c.at}::timestamptz, ${c.id})` : sql``}
     order by date_trunc('milliseconds', s.created_at) desc, s.id desc limit ${SUBMISSIONS_PER_PAGE + 1}`;
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from form_submission s where s.form_id = ${formId} ${search}`;
  const page = rows.slice(0, SUBMISSIONS_PER_PAGE);
  return {
    rows: page.map((r) => shape(fields, r)),
    next: rows.length > SUBMISSIONS_PER_PAGE ? cursorOf(page[page.length - 1]) : null,
    total: n,
  };
}

/** The CSV export: a BOM, a header (field titles, Submitted at, Page), then one row per submission. */
export function submissionsCsv(sql: Sql, formId: string, fields: readonly FormField[]): ReadableStream<Uint8Array> {
  const cols = answerFields(fields);
  const enc = new TextEncoder();
  let cursor: { at: string; id: string } | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(enc.encode(CSV_BOM + csvRow([...cols.map((f) => f.title), 'Submitted at', 'Page'])));
        return;
      }
      const batch: Raw[] = await sql<Raw[]>`
        select id, fields, page_url, created_at from form_submission where form_id = ${formId}
          ${cursor ? sql`and (date_trunc('milliseconds', created_at), id) < (${cursor.at}::timestamptz, ${cursor.id})` : sql``}
         order by date_trunc('milliseconds', created_at) desc, id desc limit 500`;
      if (batch.length === 0) return controller.close();
      const last: Raw = batch[batch.length - 1];
      cursor = { at: new Date(last.created_at).toISOString(), id: last.id };
      let text = '';
      for (const r of batch) {
        const s = shape(fields, r);
        text += csvRow([...cols.map((f) => s.answers[f.id]), s.at, s.pageUrl]);
      }
      controller.enqueue(enc.encode(text));
    },
  });
}
