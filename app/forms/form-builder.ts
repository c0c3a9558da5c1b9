// The builder's rules for fields (pure, used by the /config/forms/$id screen and its action): the
// label of each SPEC 3 type, exactly which properties each type takes, a new field's defaults, and
// one posted field form read into a FormField (errors per property, as the inputs are named).
import type { SubmissionResult } from '@conform-to/react';
import type { Conflict } from '../edits/versions.js';
import { FORM_LIMITS, FormField, type FieldType } from './form-definition.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const FIELD_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Text area',
  email: 'Email',
  website: 'Website',
  number: 'Number',
  currency: 'Currency',
  password: 'Password',
  twitter: 'Twitter',
  name: 'Name',
  address: 'Address',
  date: 'Date',
  time: 'Time',
  phone: 'Phone',
  radio: 'Radio buttons',
  checkbox: 'Checkboxes',
  select: 'Drop-down list',
  likert: 'Likert scale',
  hidden: 'Hidden',
  section: 'Section',
};

export type FieldProperty =
  | 'description'
  | 'placeholder'
  | 'required'
  | 'maxLength'
  | 'currencySymbol'
  | 'showCountryCode'
  | 'underline'
  | 'options'
  | 'key'
  | 'value';

/** SPEC 3 "Editable properties", per type (besides the title every field has). */
export const FIELD_PROPERTIES: Record<FieldType, readonly FieldProperty[]> = {
  text: ['description', 'placeholder', 'required'],
  textarea: ['description', 'placeholder', 'required', 'maxLength'],
  email: ['description', 'placeholder', 'required'],
  website: ['description', 'placeholder', 'required'],
  number: ['description', 'placeholder', 'required'],
  currency: ['description', 'currencySymbol', 'required'],
  password: ['description', 'required'],
  twitter: ['description', 'required'],
  date: ['description', 'required'],
  time: ['description', 'required'],
  name: ['description', 'required'],
  address: ['description', 'required'],
  phone: ['description', 'showCountryCode', 'required'],
  section: ['description', 'underline'],
  radio: ['description', 'options', 'required'],
  checkbox: ['description', 'options', 'required'],
  select: ['description', 'options', 'required'],
  likert: ['description', 'options', 'required'],
  hidden: ['key', 'value'],
};

export const PROPERTY_LABELS: Record<FieldProperty, string> = {
  description: 'Description',
  placeholder: 'Placeholder',
  required: 'Required',
  maxLength: 'Maximum length',
  currencySymbol: 'Currency symbol',
  showCountryCode: 'Show country code',
  underline: 'Underline',
  options: 'Options (one per line)',
  key: 'Query parameter name',
  value: 'Default value',
};

/** The switches among the properties (a checkbox posts 'on' or nothing). */
const SWITCHES: readonly FieldProperty[] = ['required', 'showCountryCode', 'underline'];
export const isSwitch = (p: FieldProperty) => SWITCHES.includes(p);

/** A new field's id: the type and a counter, unique in the form (ids key the submissions' values). */
export function newFieldId(type: FieldType, taken: readonly string[]): string {
  for (let n = 1; ; n++) {
    const id = `${type}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

/** A new field of `type` with its defaults (a title the owner changes; choices start with two). */
export function newField(type: FieldType, taken: readonly string[]): FormField {
  const id = newFieldId(type, taken);
  const input: Record<string, unknown> = { id, type, title: FIELD_LABELS[type] };
  if (type === 'radio' || type === 'checkbox' || type === 'select') input.options = ['Option 1', 'Option 2'];
  if (type === 'likert') input.options = ['Statement 1'];
  if (type === 'hidden') input.key = id.replace(/-/g, '_');
  return FormField.parse(input);
}

/** What a field's edit form shows: every property as text ('on' or '' for a switch, options one per line). */
export function fieldValues(f: FormField): Record<string, string> {
  const out: Record<string, string> = { title: f.title };
  for (const p of FIELD_PROPERTIES[f.type]) {
    const v = (f as Record<string, unknown>)[p];
    if (isSwitch(p)) out[p] = v ? 'on' : '';
    else if (p === 'options') out[p] = ((v as string[] | undefined) ?? []).join('\n');
    else out[p] = v === undefined ? '' : String(v);
  }
  return out;
}

export type ParsedField = { ok: true; field: FormField } | { ok: false; fields: Record<string, string> };

/**
 * A posted field form (`title` and the type's properties by name) as a FormField of `type` with
 * `id`. Only the type's own properties are read: anything else posted is ignored.
 */
export function parseFieldForm(id: string, type: FieldType, form: URLSearchParams): ParsedField {
  const input: Record<string, unknown> = { id, type, title: form.get('title') ?? '' };
  const fields: Record<string, string> = {};
  for (const p of FIELD_PROPERTIES[type]) {
    const raw = form.get(p) ?? '';
    if (isSwitch(p)) input[p] = raw !== '';
    else if (p === 'options')
      input[p] = raw
        .split(/\r?\n/)
        .map((s) => s.trim())
        .filter((s) => s !== '');
    else if (p === 'maxLength') {
      if (raw.trim() === '') continue;
      const n = Number(raw);
      if (!Number.isInteger(n) || n < 1 || n > FORM_LIMITS.maxLength)
        fields.maxLength = `Enter a whole number from 1 to ${FORM_LIMITS.maxLength}.`;
      else input[p] = n;
    } else input[p] = raw;
  }
  const r = FormField.safeParse(input);
  if (!r.success)
    for (const i of r.error.issues) {
      const k = String(i.path[0] ?? 'title');
      fields[k] ??= k === 'key' ? 'Use letters, digits, dashes or underscores (at most 60).' : i.message;
    }
  if (!r.success || Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, field: r.data };
}

/** The builder's tabs (SPEC 2), in order. */
export const BUILDER_TABS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;
export type BuilderTab = (typeof BUILDER_TABS)[number];
export const TAB_LABELS: Record<BuilderTab, string> = {
  build: 'Build',
  storage: 'Storage',
  advanced: 'Advanced',
  captcha: 'Captcha',
  disclaimer: 'Disclaimer',
};
export const tabOf = (v: string | null | undefined): BuilderTab =>
  (BUILDER_TABS as readonly string[]).includes(v ?? '') ? (v as BuilderTab) : 'build';

/** The builder's texts: SPEC 4 statuses, SPEC 5 editor messages, SPEC 8 errors. */
export const BUILDER_TEXT = {
  noLists: "You don't have any mailing lists. Please create one before continuing",
  listRequired: 'A List must be selected',
  badEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as name@example.com',
  linkFormat: 'Links must be formatted as https://example.com or /a-page',
  invalid: UI_TEXT.invalidForm,
  connected: 'connected',
  disconnected: 'disconnected',
  awaiting: 'awaiting',
  automations: (n: number) => `${n} connected automation${n === 1 ? '' : 's'}`,
};

/**
 * What a post answers when it does not redirect: Conform's reply to a refused post (the form as
 * typed, errors by field; with the conflict when it saved over a tab or field changed since it was
 * drawn, a 409, issue 28), or the webhook's signing secret, shown once after connecting or when asked for.
 */
export type BuilderResult = (SubmissionResult<string[]> & { conflict: Conflict | null }) | { tab: BuilderTab; secret: string };

const TAB_OF: Record<string, BuilderTab> = {
  'save-build': 'build',
  'add-field': 'build',
  'save-field': 'build',
  'move-field': 'build',
  'remove-field': 'build',
  'save-advanced': 'advanced',
  'save-captcha': 'captcha',
  'save-disclaimer': 'disclaimer',
  'delete-form': 'build',
};
/** The tab a post of `intent` came from. */
export const tabFor = (intent: string): BuilderTab => TAB_OF[intent] ?? 'storage';

/** Which versioned form of the builder a post of `intent` came from (issue 28): the intent, or a field's editor. */
export const stampKey = (intent: string, fieldId: string | undefined) => (intent === 'save-field' ? `save-field:${fieldId ?? ''}` : intent);

/** The id of that form in the page (the conflict notice's buttons submit it). */
export const builderFormId = (key: string) => `builder-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
