// Reading a site's forms for the storefront: one form by id, and the forms a page's form blocks
// name. A stored form is parsed with the builder's schema (app/forms/form-definition.ts); one that
// no longer parses is treated as not configured, never rendered half-broken.
import type { Sql } from '../../db/client.server.js';
import { FormDefinition } from './form-definition.js';
import { log } from '../utils/log.server.js';

export interface StoredForm {
  id: string;
  websiteId: string;
  definition: FormDefinition;
}

interface FormRow {
  id: string;
  website_id: string;
  name: string;
  fields: unknown;
  settings: unknown;
}

function parse(row: FormRow): StoredForm | null {
  const r = FormDefinition.safeParse({ name: row.name, fields: row.fields, settings: row.settings });
  if (!r.success) {
    log.warn(`forms: form ${row.id} does not parse: ${r.error.issues[0]?.message ?? ''}`);
    return null;
  }
  return { id: row.id, websiteId: row.website_id, definition: r.data };
}

/** A form of this site, or null (none, or one that no longer parses). */
export async function loadForm(sql: Sql, websiteId: string, formId: string): Promise<StoredForm | null> {
  if (formId.length === 0 || formId.length > 200) return null;
  const [row] = await sql<FormRow[]>`
    select id, website_id, name, fields, settings from form where id = ${formId} and website_id = ${websiteId}`;
  return row ? parse(row) : null;
}

/** The form block's form id (settings {"formId"}), or null. */
export function blockFormId(settings: unknown): string | null {
  const id = settings && typeof settings === 'object' ? (settings as { formId?: unknown }).formId : undefined;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** The forms that a page's blocks of type 'form' name, by form id. */
export async function loadFormsOf(
  sql: Sql,
  websiteId: string,
  blocks: readonly { type: string; settings: unknown }[],
): Promise<Map<string, StoredForm>> {
  const ids = [...new Set(blocks.filter((b) => b.type === 'form').map((b) => blockFormId(b.settings)))].filter(
    (x): x is string => x !== null,
  );
  const out = new Map<string, StoredForm>();
  if (ids.length === 0) return out;
  const rows = await sql<FormRow[]>`
    select id, website_id, name, fields, settings from form where website_id = ${websiteId} and id in ${sql(ids)}`;
  for (const r of rows) {
    const f = parse(r);
    if (f) out.set(f.id, f);
  }
  return out;
}
