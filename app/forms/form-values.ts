// A form block's answers in SPEC 3's value shapes, and the names its inputs carry in the page's
// HTML. Pure: the page action and the island read a posted form the same way, and the JSON API's
// `form` text is brought to the same shapes.
import type { FormField } from './form-definition.js';
import { LIKERT_ANSWERS } from './form-definition.js';

/** A field's answer: one text, sub-inputs or checked options (arrays), or likert answers by statement. */
export type FieldValue = string | string[] | Record<string, string>;
export type FormValues = Record<string, FieldValue>;

/** The sub-inputs of the multi-part types, in the order of their value arrays. */
export const PARTS = {
  name: ['first', 'last'],
  address: ['line1', 'line2', 'city', 'state', 'zip', 'country'],
  date: ['month', 'day', 'year'],
  time: ['hour', 'minute', 'ampm'],
  phone: ['country', 'area', 'prefix', 'line'],
} as const;

export const PART_LABELS: Record<string, string> = {
  first: 'First Name',
  last: 'Last Name',
  line1: 'Address 1',
  line2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'ZIP Code',
  country: 'Country',
  month: 'MM',
  day: 'DD',
  year: 'YYYY',
  hour: 'Hour',
  minute: 'Minute',
  ampm: 'AM/PM',
  area: 'Area code',
  prefix: 'Number',
  line: 'Line',
};

/** Names a page form uses beside the fields' own (field ids are lower-case letters, digits, dashes). */
export const FORM_INPUT = {
  block: '_formBlock',
  /** The honeypot: hidden from people, tempting to bots. */
  honeypot: 'contact_fax',
  captcha: 'altcha',
  /** The disclaimer's box when the disclaimer must be accepted. */
  disclaimer: '_disclaimer',
} as const;

/** The parts a field's input set has (a phone without country code has three). */
export function partsOf(field: FormField): readonly string[] {
  if (field.type === 'phone') return field.showCountryCode ? PARTS.phone : PARTS.phone.slice(1);
  if (field.type in PARTS) return PARTS[field.type as keyof typeof PARTS];
  return [];
}

export const partName = (field: FormField, part: string) => `${field.id}.${part}`;
export const likertName = (field: FormField, index: number) => `${field.id}.${index}`;

/** Anything with FormData's and URLSearchParams' getAll. */
export interface Posted {
  getAll(name: string): unknown[];
}

const texts = (p: Posted, name: string) => p.getAll(name).filter((v): v is string => typeof v === 'string');
const first = (p: Posted, name: string) => texts(p, name)[0] ?? '';

/**
 * The answers of a posted page form. `query` gives hidden fields their URL parameter's value
 * (SPEC 3); a hidden field is never taken from the post, so a visitor cannot change it.
 */
export function readPosted(fields: readonly FormField[], posted: Posted, query?: URLSearchParams): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    switch (f.type) {
      case 'section':
        break;
      case 'hidden':
        out[f.id] = hiddenValue(f, query);
        break;
      case 'checkbox':
        out[f.id] = texts(posted, f.id).filter((v) => f.options.includes(v));
        break;
      case 'likert': {
        const answers: Record<string, string> = {};
        f.options.forEach((statement, i) => {
          const a = first(posted, likertName(f, i));
          if ((LIKERT_ANSWERS as readonly string[]).includes(a)) answers[statement] = a;
        });
        out[f.id] = answers;
        break;
      }
      default: {
        const parts = partsOf(f);
        if (parts.length === 0) out[f.id] = first(posted, f.id);
        else
          out[f.id] = withPhonePrefix(
            f,
            parts.map((p) => first(posted, partName(f, p))),
          );
      }
    }
  }
  return out;
}

/** SPEC 3: a phone of three parts gets a leading empty string. */
function withPhonePrefix(f: FormField, parts: string[]): string[] {
  return f.type === 'phone' && parts.length === 3 ? ['', ...parts] : parts;
}

/** A hidden field's value: the URL query parameter named by its key, else its default. */
export function hiddenValue(f: Extract<FormField, { type: 'hidden' }>, query?: URLSearchParams): string {
  return query?.get(f.key) ?? f.value;
}

/**
 * The JSON API's answers (field id to value) brought to each field's shape: a value of the wrong
 * shape counts as empty; unknown ids are dropped. Null when `raw` is not an object.
 */
export function normalizeValues(fields: readonly FormField[], raw: unknown, query?: URLSearchParams): FormValues | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const out: FormValues = {};
  for (const f of fields) {
    const v = r[f.id];
    switch (f.type) {
      case 'section':
        break;
      case 'hidden':
        out[f.id] = typeof v === 'string' ? v : hiddenValue(f, query);
        break;
      case 'checkbox':
        out[f.id] = (Array.isArray(v) ? v : typeof v === 'string' && v !== '' ? [v] : []).map(str).filter((x) => f.options.includes(x));
        break;
      case 'likert': {
        const answers: Record<string, string> = {};
        if (v && typeof v === 'object' && !Array.isArray(v))
          for (const s of f.options) {
            const a = (v as Record<string, unknown>)[s];
            if (typeof a === 'string' && (LIKERT_ANSWERS as readonly string[]).includes(a)) answers[s] = a;
          }
        out[f.id] = answers;
        break;
      }
      default: {
        const parts = partsOf(f);
        if (parts.length === 0) out[f.id] = str(v);
        else {
          const arr = Array.isArray(v) ? v.map(str) : [];
          const n = f.type === 'phone' ? 4 : parts.length;
          out[f.id] = Array.from({ length: n }, (_, i) => arr[i] ?? '');
        }
      }
    }
  }
  return out;
}

/** Whether a field's value counts as not filled in. */
export function fieldValueIsEmpty(field: FormField, value: FieldValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) {
    // Checkbox groups need one choice; multi-part fields need something typed in some part.
    return value.every((v) => v.trim() === '');
  }
  return Object.keys(value).length === 0;
}

/** One answer as text (the notification email, the submissions list). */
export function valueText(value: FieldValue | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v.trim() !== '').join(' ');
  return Object.entries(value)
    .map(([k, v]) => `${k}: ${v}`)
    .join('; ');
}
