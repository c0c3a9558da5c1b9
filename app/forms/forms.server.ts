// The owner's side of a site's forms (table form, db/migrations/0019): the list with submission
// counts, a new form, one form read back through form-definition's schemas, and saves per builder
// tab. A save rewrites only its own part (the fields, or the settings keys of its tab) inside a row
// lock, so two owners on different tabs never undo each other; on the same tab (or field) a save
// over a change made since the tab was drawn is refused by its version guard (issue 28).
import { randomBytes } from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { Db } from '../edits/versions.server.js';
import { DEFAULT_FORM_NAME, FormField, FormSettings, FORM_LIMITS, type FieldType } from './form-definition.js';
import { newField } from './form-builder.js';

export const FORM_TEXT = {
  notFound: 'There is no such form on this site.',
  fieldNotFound: 'There is no such field in this form.',
  tooMany: `A form holds at most ${FORM_LIMITS.fields} fields.`,
};

export class FormError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export interface FormRow {
  id: string;
  name: string;
  fields: number;
  submissions: number;
  lastSubmission: string | null;
}

export async function listForms(sql: Sql, websiteId: string): Promise<FormRow[]> {
  const rows = await sql<{ id: string; name: string; fields: number; submissions: string; last: Date | null }[]>`
    select f.id, f.name, jsonb_array_length(f.fields)::int as fields,
           (select count(*) from form_submission s where s.form_id = f.id) as submissions,
           (select max(created_at) from form_submission s where s.form_id = f.id) as last
      from form f where f.website_id = ${websiteId} order by f.name, f.id`;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    fields: r.fields,
    submissions: Number(r.submissions),
    lastSubmission: r.last ? new Date(r.last).toISOString() : null,
  }));
}

export interface OwnerForm {
  id: string;
  name: string;
  fields: FormField[];
  settings: FormSettings;
  /** Stored fields or settings that no longer parse (read as empty/defaults; saving replaces them). */
  problem: boolean;
}

/** One form of the site, parsed; null when it is not this site's. */
export async function formById(sql: Sql, websiteId: string, id: string): Promise<OwnerForm | null> {
  const [r] = await sql<{ id: string; name: string; fields: unknown; settings: unknown }[]>`
    select id, name, fields, settings from form where id = ${id} and website_id = ${websiteId}`;
  if (!r) return null;
  const fields = FormField.array().safeParse(r.fields);
  const settings = FormSettings.safeParse(r.settings ?? {});
  return {
    id: r.id,
    name: r.name,
    fields: fields.success ? fields.data : [],
    settings: settings.success ? settings.data : FormSettings.parse({}),
    problem: !fields.success || !settings.success,
  };
}

const newId = () => `form-${randomBytes(8).toString('hex')}`;

async function audit(a: OwnerAccess, action: string, formId: string, detail: Record<string, unknown> = {}): Promise<void> {
  await recordAudit(a.sql, actorOf(a), action, `/config/forms/${formId}`, detail);
}

/** A saved form shows on the pages that hold it at once: their cached renders are dropped. */
async function changed(a: OwnerAccess, action: string, formId: string): Promise<void> {
  await audit(a, action, formId);
  await storefrontChanged(a.sql, a.site.id);
}

/** A new, empty form named as SPEC 9 says. */
export async function createForm(a: OwnerAccess): Promise<string> {
  const id = newId();
  await a.sql`insert into form (id, website_id, name, fields, settings)
              values (${id}, ${a.site.id}, ${DEFAULT_FORM_NAME}, '[]'::jsonb, ${a.sql.json(FormSettings.parse({}) as never)})`;
  await audit(a, 'form.create', id);
  return id;
}

/** Runs once the form is locked: throws VersionConflict when it changed since its tab was drawn (issue 28). */
type Guard = (tx: Db) => Promise<void>;

/**
 * Changes one form under a row lock: `change` gets the current form and returns what to write
 * (name, fields, settings; each optional). Throws FormError(404) when the form is not this site's.
 */
async function change(
  a: OwnerAccess,
  id: string,
  action: string,
  fn: (f: OwnerForm) => { name?: string; fields?: FormField[]; settings?: Partial<FormSettings> },
  guard: Guard = async () => {},
): Promise<void> {
  await a.sql.begin(async (tx) => {
    const [locked] = await tx`select 1 from form where id = ${id} and website_id = ${a.site.id} for update`;
    if (!locked) throw new FormError(404, FORM_TEXT.notFound);
    await guard(tx);
    const f = (await formById(tx as unknown as Sql, a.site.id, id))!;
    const next = fn(f);
    const settings = next.settings ? FormSettings.parse({ ...f.settings, ...next.settings }) : f.settings;
    // A key set to undefined is removed (JSON drops it), e.g. disconnecting the mailing list.
    await tx`update form set name = ${next.name ?? f.name},
                 fields = ${tx.json((next.fields ?? f.fields) as never)},
                 settings = ${tx.json(JSON.parse(JSON.stringify(settings)) as never)}, updated_at = now()
              where id = ${id}`;
  });
  await changed(a, action, id);
}

/** Build tab: the form's name and submit label. */
export function saveBuild(a: OwnerAccess, id: string, v: { name: string; submitLabel: string }, guard?: Guard): Promise<void> {
  return change(a, id, 'form.update', () => ({ name: v.name, settings: { submitLabel: v.submitLabel } }), guard);
}

export async function addField(a: OwnerAccess, id: string, type: FieldType): Promise<string> {
  let fieldId = '';
  await change(a, id, 'form.field.add', (f) => {
    if (f.fields.length >= FORM_LIMITS.fields) throw new FormError(409, FORM_TEXT.tooMany);
    const field = newField(
      type,
      f.fields.map((x) => x.id),
    );
    fieldId = field.id;
    return { fields: [...f.fields, field] };
  });
  return fieldId;
}

/** The field's type, to parse its edit form with (null when there is no such field). */
export async function fieldType(sql: Sql, websiteId: string, id: string, fieldId: string): Promise<FieldType | null> {
  const f = await formById(sql, websiteId, id);
  if (!f) throw new FormError(404, FORM_TEXT.notFound);
  return f.fields.find((x) => x.id === fieldId)?.type ?? null;
}

export function saveField(a: OwnerAccess, id: string, field: FormField, guard?: Guard): Promise<void> {
  return change(
    a,
    id,
    'form.field.update',
    (f) => {
      const i = f.fields.findIndex((x) => x.id === field.id && x.type === field.type);
      if (i < 0) throw new FormError(404, FORM_TEXT.fieldNotFound);
      const fields = [...f.fields];
      fields[i] = field;
      return { fields };
    },
    guard,
  );
}

export function moveField(a: OwnerAccess, id: string, fieldId: string, direction: 'up' | 'down'): Promise<void> {
  return change(a, id, 'form.field.move', (f) => {
    const i = f.fields.findIndex((x) => x.id === fieldId);
    if (i < 0) throw new FormError(404, FORM_TEXT.fieldNotFound);
    const j = direction === 'up' ? i - 1 : i + 1;
    const fields = [...f.fields];
    if (j >= 0 && j < fields.length) [fields[i], fields[j]] = [fields[j], fields[i]];
    return { fields };
  });
}

export function removeField(a: OwnerAccess, id: string, fieldId: string): Promise<void> {
  return change(a, id, 'form.field.remove', (f) => {
    if (!f.fields.some((x) => x.id === fieldId)) throw new FormError(404, FORM_TEXT.fieldNotFound);
    const s = f.settings;
    return {
      fields: f.fields.filter((x) => x.id !== fieldId),
      // The newsletter's email field goes with it (the list stays connected, subscribing nobody).
      settings: {
        newsletterFieldId: s.newsletterFieldId === fieldId ? undefined : s.newsletterFieldId,
        newsletterOptInFieldId: s.newsletterOptInFieldId === fieldId ? undefined : s.newsletterOptInFieldId,
      },
    };
  });
}

/** Storage, advanced, captcha and disclaimer tabs: their settings keys (undefined removes one). */
export function saveSettings(a: OwnerAccess, id: string, settings: Partial<FormSettings>, guard?: Guard): Promise<void> {
  return change(a, id, 'form.settings', () => ({ settings }), guard);
}

export async function submissionCount(sql: Sql, formId: string): Promise<number> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from form_submission where form_id = ${formId}`;
  return n;
}

/** Removes a form with its submissions and deliveries (a page's form block then shows nothing). */
export async function deleteForm(a: OwnerAccess, id: string): Promise<void> {
  const gone = await a.sql`delete from form where id = ${id} and website_id = ${a.site.id}`;
  if (gone.count === 0) throw new FormError(404, FORM_TEXT.notFound);
  await changed(a, 'form.delete', id);
}
