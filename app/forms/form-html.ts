// The HTML of a form block on a storefront page (the theme's page-blocks partial prints it): a real
// <form> posting to the page itself, so it works without JavaScript; the form island enhances it.
// Each field has its error above its title, label/for, aria-invalid and aria-describedby; the
// form's errors stand above and below it (SPEC 4, 5 and 8). Pure, so it renders the same anywhere.
import type { FormDefinition, FormField } from './form-definition.js';
import { LIKERT_ANSWERS } from './form-definition.js';
import { FORM_TEXT } from './form-validation.js';
import { FORM_HTML_TEXT, formTextIn, partLabelIn, type TextLookup } from './form-texts.js';
import { FORM_INPUT, hiddenValue, likertName, partName, partsOf, type FieldValue, type FormValues } from './form-values.js';
import { escapeHtml as esc } from '../utils/html.js';

/** What the page shows of one form block after a post (none on a plain visit). */
export interface FormBlockState {
  values?: FormValues;
  errors?: Record<string, string>;
  /** The form-wide message (above and below the form) when not about fields. */
  message?: string;
  /** The submission went through: the submission text stands in for the form. */
  sent?: boolean;
}

export interface FormBlockView {
  blockId: string;
  formId: string;
  definition: FormDefinition;
  /** Where the form posts: the page's own path (and query, so hidden fields keep their values). */
  action: string;
  /** The page's query, for hidden fields. */
  query?: URLSearchParams;
  state?: FormBlockState;
  /** Put before every input's name: a product's form inside the add-to-cart form posts `field.<id>` (issue 30). */
  namePrefix?: string;
  /**
   * The form's post-submit HTML, already through the owner-HTML sanitiser (the caller's, on the
   * server: this module is pure). Shown under the submission text once sent.
   */
  postSubmitHtml?: string;
  /** The page's texts (its language's): the built-in labels and messages in it; none, English. */
  t?: TextLookup;
}

const english: TextLookup = (_key, text) => text;

/** Where the captcha widget fetches its proof-of-work challenge (app/routes/api.form.captcha.ts). */
export const CAPTCHA_CHALLENGE_URL = '/api/form/captcha';

/**
 * Where the CAPTCHA widget goes in a form (the form island puts it there, `extraClass` beside the
 * slot's own); without JavaScript it says the form needs it, as no proof of work can be done.
 */
export function captchaSlot(extraClass = '', t: TextLookup = english): string {
  const cls = extraClass ? `form-captcha ${extraClass}` : 'form-captcha';
  const say = (text: string) => esc(formTextIn(t, text));
  return `<div class="${cls}" data-form-captcha="${CAPTCHA_CHALLENGE_URL}"><noscript><p>${say(FORM_TEXT.captcha)} ${say(FORM_HTML_TEXT.needsJavaScript)}</p></noscript></div>`;
}

/** Owner text with its line breaks kept. */
const para = (s: string) => esc(s).replace(/\r?\n/g, '<br>');

/** The DOM id of a field's main input (unique on the page: a page may hold several forms). */
export const fieldDomId = (blockId: string, fieldId: string) => `form-${blockId}-${fieldId}`;

function str(v: FieldValue | undefined, i?: number): string {
  if (i !== undefined) return Array.isArray(v) ? (v[i] ?? '') : '';
  return typeof v === 'string' ? v : '';
}

function attrs(list: Record<string, string | boolean | undefined>): string {
  let out = '';
  for (const [k, v] of Object.entries(list)) {
    if (v === undefined || v === false) continue;
    out += v === true ? ` ${k}` : ` ${k}="${esc(v)}"`;
  }
  return out;
}

function fieldHtml(view: FormBlockView, f: FormField): string {
  const t = view.t ?? english;
  const value = view.state?.values?.[f.id];
  const raw = view.state?.errors?.[f.id];
  const error = raw === undefined ? undefined : formTextIn(t, raw);
  const id = fieldDomId(view.blockId, f.id);
  const pre = view.namePrefix ?? '';
  if (f.type === 'hidden') return `<input type="hidden" name="${esc(pre + f.id)}" value="${esc(hiddenValue(f, view.query))}">`;
  if (f.type === 'section') {
    return (
      `<div class="form-section${f.underline ? ' is-underlined' : ''}"><h3 class="form-section-title">${esc(f.title)}</h3>` +
      (f.description ? `<p class="field-description">${para(f.description)}</p>` : '') +
      '</div>'
    );
  }
  const required = 'required' in f && f.required;
  const describedBy = [error ? `${id}-error` : '', f.description ? `${id}-desc` : ''].filter(Boolean).join(' ') || undefined;
  const aria = { 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': describedBy };
  const errorHtml = `<p class="field-error" id="${id}-error" data-field-error${error ? '' : ' hidden'}>${esc(error ?? '')}</p>`;
  const mark = required ? ' <span class="field-required" aria-hidden="true">*</span>' : '';
  const desc = f.description ? `<p class="field-description" id="${id}-desc">${para(f.description)}</p>` : '';
  const wrap = (inner: string) =>
    `<div class="form-field form-field-${f.type}${error ? ' has-error' : ''}" data-field-id="${esc(f.id)}">${errorHtml}${inner}</div>`;
  const single = (input: string) => wrap(`<label class="field-title" for="${id}">${esc(f.title)}${mark}</label>${desc}${input}`);
  const group = (inner: string) =>
    wrap(
      `<fieldset class="field-group" id="${id}"${attrs({ 'aria-describedby': describedBy, 'aria-invalid': aria['aria-invalid'] })}>` +
        `<legend class="field-title">${esc(f.title)}${mark}</legend>${desc}${inner}</fieldset>`,
    );
  const common = { id, name: pre + f.id, 'aria-required': required ? 'true' : undefined, ...aria };
  switch (f.type) {
    case 'textarea': {
      const textarea = `<textarea${attrs({ ...common, rows: '5', placeholder: f.placeholder || undefined })}>${esc(str(value))}</textarea>`;
      if (f.maxLength === undefined) return single(textarea);
      // The count against the maximum (issue 30): the form island shows it and keeps it up to date
      // as the visitor types; without JavaScript it stays hidden (it could not follow the typing).
      const count =
        `<p class="field-count" data-field-count="${f.maxLength}" hidden><span data-count-shown aria-hidden="true"></span>` +
        `<span class="visually-hidden" data-count-said aria-live="polite"></span></p>`;
      return single(textarea + count);
    }
    case 'text':
    case 'email':
    case 'website':
    case 'number':
    case 'password':
    case 'twitter':
    case 'currency': {
      const type = { email: 'email', website: 'url', number: 'number', password: 'password' }[f.type as string] ?? 'text';
      const auto = f.type === 'email' ? 'email' : f.type === 'password' ? 'off' : undefined;
      const placeholder = 'placeholder' in f ? f.placeholder || undefined : undefined;
      const input = `<input${attrs({ ...common, type, value: f.type === 'password' ? '' : str(value), placeholder, autocomplete: auto, inputmode: f.type === 'currency' ? 'decimal' : undefined })}>`;
      const prefix = f.type === 'currency' ? f.currencySymbol : f.type === 'twitter' ? '@' : '';
      return single(prefix ? `<span class="field-affix"><span aria-hidden="true">${esc(prefix)}</span>${input}</span>` : input);
    }
    case 'name':
    case 'address':
    case 'date':
    case 'time':
    case 'phone': {
      const parts = partsOf(f);
      // A phone without country code is stored with a leading empty part (SPEC 3).
      const offset = f.type === 'phone' && parts.length === 3 ? 1 : 0;
      const auto: Record<string, string> = {
        first: 'given-name',
        last: 'family-name',
        line1: 'address-line1',
        line2: 'address-line2',
        city: 'address-level2',
        state: 'address-level1',
        zip: 'postal-code',
        country: f.type === 'address' ? 'country-name' : 'tel-country-code',
      };
      const inputs = parts
        .map((p, i) => {
          const pid = `${id}-${p}`;
          const v = str(value, i + offset);
          const control =
            p === 'ampm'
              ? `<select${attrs({ id: pid, name: pre + partName(f, p), ...aria })}>${['AM', 'PM'].map((x) => `<option${x === v ? ' selected' : ''}>${x}</option>`).join('')}</select>`
              : `<input${attrs({ id: pid, name: pre + partName(f, p), type: f.type === 'phone' ? 'tel' : 'text', value: v, autocomplete: auto[p], inputmode: f.type === 'date' || f.type === 'time' ? 'numeric' : undefined, ...aria })}>`;
          return `<span class="field-part field-part-${p}"><label for="${pid}">${esc(partLabelIn(t, p))}</label>${control}</span>`;
        })
        .join('');
      return group(`<div class="field-parts">${inputs}</div>`);
    }
    case 'checkbox':
    case 'radio': {
      const chosen = f.type === 'checkbox' ? (Array.isArray(value) ? value : []) : [str(value)];
      const items = f.options
        .map((o, i) => {
          const oid = `${id}-${i}`;
          return `<span class="field-option"><input${attrs({ type: f.type, id: oid, name: pre + f.id, value: o, checked: chosen.includes(o) })}><label for="${oid}">${esc(o)}</label></span>`;
        })
        .join('');
      return group(items);
    }
    case 'select': {
      const v = str(value);
      const options = [
        `<option value="">${esc(formTextIn(t, FORM_HTML_TEXT.selectOption))}</option>`,
        ...f.options.map((o) => `<option${attrs({ value: o, selected: o === v })}>${esc(o)}</option>`),
      ];
      return single(`<select${attrs(common)}>${options.join('')}</select>`);
    }
    case 'likert': {
      const answers = value && typeof value === 'object' && !Array.isArray(value) ? value : {};
      const rows = f.options
        .map((statement, i) => {
          const name = pre + likertName(f, i);
          const radios = LIKERT_ANSWERS.map((a, j) => {
            const rid = `${id}-${i}-${j}`;
            return `<span class="field-option"><input${attrs({ type: 'radio', id: rid, name, value: a, checked: answers[statement] === a })}><label for="${rid}">${a}</label></span>`;
          }).join('');
          return `<fieldset class="likert-statement"><legend>${esc(statement)}</legend>${radios}</fieldset>`;
        })
        .join('');
      return group(rows);
    }
  }
}

/** The fields alone, each with its label and error place: a product's form inside another form (issue 30). */
export function formFieldsHtml(view: FormBlockView): string {
  return view.definition.fields.map((f) => fieldHtml(view, f)).join('');
}

/** The form block's HTML: the success text (shown once sent) and the form. */
export function formBlockHtml(view: FormBlockView): string {
  const { definition: d, state } = view;
  const t = view.t ?? english;
  const say = (text: string) => formTextIn(t, text);
  const s = d.settings;
  const hasFieldErrors = Object.keys(state?.errors ?? {}).length > 0;
  const top = say(state?.message ?? (hasFieldErrors ? FORM_TEXT.above : ''));
  const bottom = say(state?.message ?? (hasFieldErrors ? FORM_TEXT.below : ''));
  const formError = (where: 'top' | 'bottom', text: string) =>
    `<div class="form-error form-error-${where}" data-form-error="${where}" role="alert"${text ? '' : ' hidden'}>${esc(text)}</div>`;
  const sent = state?.sent === true;
  const label = s.submitLabel || say(FORM_HTML_TEXT.submit);
  const disclaimer = s.disclaimer?.text
    ? `<div class="form-disclaimer">${para(s.disclaimer.text)}` +
      (s.disclaimer.required
        ? `<p class="field-option"><input type="checkbox" id="form-${esc(view.blockId)}-disclaimer" name="${FORM_INPUT.disclaimer}" value="1" aria-required="true"><label for="form-${esc(view.blockId)}-disclaimer">${esc(say(FORM_HTML_TEXT.agree))}</label></p>`
        : '') +
      '</div>'
    : '';
  const captcha = s.captcha ? captchaSlot('', t) : '';
  // Before a submission the post-submit HTML waits in a <template>: inert, so none of its images
  // load and nothing of it is read out; the island moves it into the page on success.
  const after = view.postSubmitHtml
    ? sent
      ? `<div class="form-post-submit" data-form-post-submit>${view.postSubmitHtml}</div>`
      : `<template data-form-post-submit>${view.postSubmitHtml}</template>`
    : '';
  return (
    `<div class="form-block" id="form-${esc(view.blockId)}" data-form-block="${esc(view.blockId)}">` +
    `<div class="form-submission-text" data-form-success tabindex="-1" role="status"${sent ? '' : ' hidden'}>${para(say(s.submissionText))}</div>` +
    after +
    `<form method="post" action="${esc(view.action)}" novalidate class="form-block-form" data-form-id="${esc(view.formId)}" data-fields="${esc(JSON.stringify(d.fields))}"${s.redirectUrl ? ` data-redirect="${esc(s.redirectUrl)}"` : ''}${sent ? ' hidden' : ''}>` +
    formError('top', top) +
    `<input type="hidden" name="${FORM_INPUT.block}" value="${esc(view.blockId)}">` +
    // The honeypot: off screen and out of the tab order; a person never fills it in.
    `<div class="form-honeypot" aria-hidden="true" style="position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden">` +
    `<label for="form-${esc(view.blockId)}-hp">${esc(say(FORM_HTML_TEXT.honeypot))}</label><input type="text" id="form-${esc(view.blockId)}-hp" name="${FORM_INPUT.honeypot}" tabindex="-1" autocomplete="off" value=""></div>` +
    d.fields.map((f) => fieldHtml(view, f)).join('') +
    captcha +
    disclaimer +
    formError('bottom', bottom) +
    `<div class="form-actions"><button type="submit" class="button form-submit" data-label="${esc(label)}">${esc(label)}</button></div>` +
    '</form></div>'
  );
}
