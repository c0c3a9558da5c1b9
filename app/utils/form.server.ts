// Page form posts are parsed one way: the body read as a form, then Conform's parseWithZod over the
// form's zod schema (nested names such as `option.Size` become objects, errors come per field name).
import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';

/** The name prefix of a product option's field in a cart form: `option.Size`, `option.Color`. */
export const OPTION_FIELD = 'option.';

// Conform's own control fields: no form of ours posts them, and the parser would act on them.
const RESERVED = new Set(['__intent__', '__state__']);

// A list index of five digits or more: no form of ours has 10,000 rows, and Conform's reply walks
// a list up to its highest index (`x[100000000]` held a worker for seconds, building the reply).
const HUGE_INDEX = /\[\d{5,}\]/;

/**
 * The posted form, or null when the body is not a clean form: files where text is expected, NUL
 * characters (PostgreSQL text cannot store them), a list index no form of ours posts. A repeated
 * name keeps its last value, as before.
 */
export async function readForm(request: Request): Promise<URLSearchParams | null> {
  return collectForm(request, false);
}

/** The posted text fields, keeping every value of a repeated name (`all`) or its last one. */
async function collectForm(request: Request, all: boolean): Promise<URLSearchParams | null> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return null;
  }
  const out = new URLSearchParams();
  for (const [k, v] of form) {
    if (typeof v !== 'string' || k.includes('\u0000') || v.includes('\u0000') || HUGE_INDEX.test(k)) return null;
    if (RESERVED.has(k)) continue;
    if (all) out.append(k, v);
    else out.set(k, v);
  }
  return out;
}

/**
 * Parses a form with `schema` (Conform). Values stay the strings as typed, an empty field included
 * (no coercion: our fields are text, and "empty" and "absent" differ for some of them).
 */
export function parseForm<S extends z.ZodTypeAny>(form: URLSearchParams, schema: S) {
  return parseWithZod(form, { schema, disableAutoCoercion: true });
}

/** The message of a post whose body could not be read as a form (readForm gave null). */
export const UNREADABLE_FORM = 'The form could not be read.';

/**
 * Conform's reply to a post refused without its fields being checked (an unreadable body, a role
 * that may not save, a record gone): `message` above the form, and `form` as typed when there is
 * one (else the form is drawn as loaded). A checked post answers with `replyTo` below.
 */
export function refusedReply(
  message: string = UNREADABLE_FORM,
  form?: URLSearchParams,
  fieldErrors: Record<string, string> = {},
): SubmissionResult<string[]> {
  const error: Record<string, string[]> = { '': [message] };
  for (const [name, m] of Object.entries(fieldErrors)) error[name] = [m];
  return { status: 'error', initialValue: form ? typedOf(form) : null, error };
}

/**
 * The posted fields by name, empty ones included; a name posted more than once (a list of
 * checkboxes read with readFormValues) keeps every value in order, as Conform's own payload does.
 */
function typedOf(form: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    out[name] = all.length > 1 ? all : all[0];
  }
  return out;
}

/** What a refused post's reply adds to the schema's own errors: the message above the form, and one by field name. */
export interface Refusal {
  formError?: string | null;
  fieldErrors?: Record<string, string>;
}

/**
 * Conform's reply to a refused post (`submission.reply()`), carrying the form exactly as typed.
 * Conform's own `initialValue` leaves empty fields out and nests dotted names; a screen that draws
 * a saved record under what was typed must tell a field emptied from one not posted, so the posted
 * fields go back flat, by name, empty ones included (app/components/config/reply.ts reads them).
 */
export function replyTo(submission: Submission<unknown>, form: URLSearchParams, refusal: Refusal = {}): SubmissionResult<string[]> {
  const { formError, fieldErrors = {} } = refusal;
  const reply = submission.reply({
    formErrors: formError ? [formError] : undefined,
    fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([name, message]) => [name, [message]])),
  });
  return { ...reply, initialValue: typedOf(form) };
}

/**
 * Conform's reply to a post that only asks for the form drawn again (no field checked, nothing
 * refused: the product form's "Add more rows" without JavaScript, a delete to confirm): the form
 * as typed, flat by name as replyTo gives it, and no error.
 */
export function redrawReply(form: URLSearchParams): SubmissionResult<string[]> {
  return { initialValue: typedOf(form) };
}

/** The first message of each field's errors, by field name (`email`, `giftRecipient.<id>`). */
export function firstErrors(error: Record<string, string[] | null> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages && messages.length > 0) out[name] = messages[0];
  return out;
}

/**
 * Like readForm, but a repeated name keeps every value, in order (a list of checkboxes: the tags or
 * items selected). Parse the repeated field with `formList` below.
 */
export async function readFormValues(request: Request): Promise<URLSearchParams | null> {
  return collectForm(request, true);
}
