// A submission's stored values (SPEC 3's value shapes) as text for the owner: one string per
// field, "N/A" for an answer with none (SPEC 8), and the CSV export's cells (quoted, and safe
// from formula injection when opened in a spreadsheet).
import type { FormField } from './form-definition.js';

export const NO_ANSWER = 'N/A';

/** The fields that take answers (a section only titles the ones after it). */
export const answerFields = (fields: readonly FormField[]) => fields.filter((f) => f.type !== 'section');

function parts(v: unknown): string[] {
  if (Array.isArray(v)) return v.map((x) => (x === null || x === undefined ? '' : String(x).trim())).filter((x) => x !== '');
  if (v === null || v === undefined) return [];
  if (typeof v === 'object') {
    return Object.entries(v as Record<string, unknown>)
      .map(([q, a]) => {
        const answers = parts(a);
        return answers.length > 0 ? `${q}: ${answers.join(', ')}` : '';
      })
      .filter((x) => x !== '');
  }
  const s = String(v).trim();
  return s === '' ? [] : [s];
}

/** One answer as text: multi-part values joined (address and choices by commas), else N/A. */
export function answerText(field: Pick<FormField, 'type'>, value: unknown): string {
  const p = parts(value);
  if (p.length === 0) return NO_ANSWER;
  const sep =
    field.type === 'name' || field.type === 'phone'
      ? ' '
      : field.type === 'date'
        ? '/'
        : field.type === 'time'
          ? ':'
          : field.type === 'likert'
            ? '; '
            : ', ';
  return p.join(sep);
}

/** A CSV cell: a leading = + - @ (or tab, CR) gets a quote so spreadsheets read text, then RFC 4180 quoting. */
export function csvCell(raw: string): string {
  const s = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The byte-order mark that makes spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
