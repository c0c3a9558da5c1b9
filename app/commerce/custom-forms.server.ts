// Product custom forms (issue 30): the site's form an owner attaches to a product (its details'
// additionalFieldsFormId, SPEC 3), asked for when the product is added to a cart. The answers are
// read and checked with the form builder's own readers and rules, and ride on the cart entry as
// additionalFields (app/commerce/custom-form-answers.ts), then on the order line.
import { getSql } from '../../db/client.server.js';
import { formFieldsHtml } from '../forms/form-html.js';
import type { TextLookup } from '../forms/form-texts.js';
import { validateForm } from '../forms/form-validation.js';
import { normalizeValues, readPosted, valueText, type FormValues, type Posted } from '../forms/form-values.js';
import { loadForm, type StoredForm } from '../forms/stored-forms.server.js';
import { detailsUrl, type CustomFormFields } from './custom-form-answers.js';

/** A product form's inputs are named `field.<field id>`, apart from the cart form's own fields. */
export const ANSWER_PREFIX = 'field.';

/** The custom form of product `itemId` of the site, or null (none, or a form since deleted or broken). */
export async function productCustomForm(websiteId: string, itemId: string): Promise<StoredForm | null> {
  const sql = await getSql();
  const [row] = await sql<{ form_id: string | null }[]>`
    select p.details->>'additionalFieldsFormId' as form_id
      from product p join item i on i.id = p.item_id join collection c on c.id = i.collection_id
     where p.item_id = ${itemId} and c.website_id = ${websiteId}`;
  return row?.form_id ? loadForm(sql, websiteId, row.form_id) : null;
}

/** Whether a post carries a product form's answers (the form was shown); else the form must be asked for. */
export function hasPostedAnswers(body: URLSearchParams): boolean {
  for (const k of body.keys()) if (k.startsWith(ANSWER_PREFIX)) return true;
  return false;
}

/** The posted answers to `form` and the message of each failing field (SPEC 5's texts). */
export function readAnswers(form: StoredForm, body: Posted): { values: FormValues; errors: Record<string, string> } {
  const posted: Posted = { getAll: (name) => body.getAll(ANSWER_PREFIX + name) };
  const values = readPosted(form.definition.fields, posted);
  return { values, errors: validateForm(form.definition.fields, values) };
}

/** The additionalFields an entry keeps for answers that passed: the values, and the answers as shown. */
export function storedFields(form: StoredForm, values: FormValues): CustomFormFields {
  const answers = form.definition.fields
    .filter((f) => f.type !== 'section' && f.type !== 'hidden')
    .map((f) => ({ title: f.title, value: valueText(values[f.id]) }))
    .filter((a) => a.value.trim() !== '');
  return { formId: form.id, values, answers };
}

/** An entry's saved answers to `form`, to draw the form again filled in ({} when it has none). */
export function savedValues(form: StoredForm, additionalFields: unknown): FormValues {
  const values = additionalFields && typeof additionalFields === 'object' ? (additionalFields as { values?: unknown }).values : null;
  return normalizeValues(form.definition.fields, values) ?? {};
}

/** The form's fields, named for the cart form, with what was typed and each error beside its field. */
export function customFormFieldsHtml(
  form: StoredForm,
  opts: { blockId: string; values?: FormValues; errors?: Record<string, string>; t?: TextLookup },
): string {
  return formFieldsHtml({
    t: opts.t,
    blockId: opts.blockId,
    formId: form.id,
    definition: form.definition,
    action: '',
    namePrefix: ANSWER_PREFIX,
    state: { values: opts.values, errors: opts.errors },
  });
}

/**
 * The product page's add-to-cart form of item `itemId` with the form's fields in a <template>: inert
 * without JavaScript (the add then asks for them on a page of its own), put in place by the cart
 * island with it. A theme without that form is left as it is.
 */
export function withProductForm(html: string, itemId: string, form: StoredForm): string {
  const open = new RegExp(`<form\\b[^>]*\\bdata-add-to-cart\\b[^>]*\\bdata-item-id="${escapeRe(itemId)}"[^>]*>`);
  const m = open.exec(html);
  if (!m) return html;
  const start = m.index + m[0].length;
  const end = html.indexOf('</form>', start);
  if (end < 0) return html;
  const fields =
    `<template data-custom-form>` +
    `<div class="custom-form" data-custom-form-fields role="group" aria-label="${escAttr(form.definition.name)}">` +
    customFormFieldsHtml(form, { blockId: `product-${itemId}` }) +
    `</div></template>`;
  // Before the add button when the form has one (the fields come first), else at the form's end.
  const button = html.slice(start, end).search(/<button\b[^>]*\bdata-add-button\b/);
  const at = button >= 0 ? start + button : end;
  return html.slice(0, at) + fields + html.slice(at);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What an add-to-cart post brings for a product's custom form. */
export type CustomFormPost =
  | { kind: 'none' }
  | { kind: 'answered'; fields: CustomFormFields }
  /** The form was not shown: `details` is its page, carrying the post's choices. */
  | { kind: 'ask'; details: string }
  | { kind: 'invalid'; details: string; errors: Record<string, string> };

/**
 * The custom form side of an add-to-cart post for item `form.itemId`: nothing when the product has
 * no form; else its posted answers, checked, or the details page (`base`) to ask for them.
 */
export async function customFormAnswers(
  websiteId: string,
  form: { intent?: string; itemId?: string; sku?: string; quantity?: string; returnTo?: string; options?: Record<string, string> },
  body: URLSearchParams,
  base: string,
): Promise<CustomFormPost> {
  if (!form.itemId) return { kind: 'none' };
  const custom = await productCustomForm(websiteId, form.itemId);
  if (!custom) return { kind: 'none' };
  const params: Record<string, string | undefined> = {
    // A subscription's form subscribes once answered; else it adds to the cart.
    intent: form.intent === 'subscribe' ? 'subscribe' : undefined,
    itemId: form.itemId,
    sku: form.sku,
    quantity: form.quantity,
    returnTo: form.returnTo,
  };
  for (const [k, v] of Object.entries(form.options ?? {})) params[`option.${k}`] = v;
  const details = detailsUrl(base, params);
  if (!hasPostedAnswers(body)) return { kind: 'ask', details };
  const { values, errors } = readAnswers(custom, body);
  if (Object.keys(errors).length > 0) return { kind: 'invalid', details, errors };
  return { kind: 'answered', fields: storedFields(custom, values) };
}
