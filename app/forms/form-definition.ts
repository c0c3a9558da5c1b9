// What an owner builds: a form's fields (SPEC 3's types and their editable properties) and its
// settings (storage, advanced, captcha, disclaimer). Stored as JSON in `form`; read back through
// these schemas on every load, so a stored value that no longer parses is reported, not trusted.
import { z } from 'zod';
import { isEmail } from '../utils/email.js';

/** Field types with one value (a string). */
export const SINGLE_VALUE_TYPES = ['text', 'textarea', 'email', 'website', 'number', 'currency', 'password', 'twitter'] as const;
/** Field types whose value is an array of sub-inputs (SPEC 3 value shapes). */
export const MULTI_PART_TYPES = ['name', 'address', 'date', 'time', 'phone'] as const;
export const CHOICE_TYPES = ['radio', 'checkbox', 'select', 'likert'] as const;
export const FIELD_TYPES = [...SINGLE_VALUE_TYPES, ...MULTI_PART_TYPES, ...CHOICE_TYPES, 'hidden', 'section'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Limits the builder enforces (a form is rendered on every visit to its page). */
export const FORM_LIMITS = {
  fields: 50,
  options: 50,
  titleLength: 200,
  descriptionLength: 1000,
  optionLength: 200,
  maxLength: 100_000,
} as const;

const id = z.string().regex(/^[a-z0-9-]{1,40}$/, 'Use lower-case letters, digits and dashes.');
const title = z.string().trim().min(1, 'Required').max(FORM_LIMITS.titleLength);
const description = z.string().max(FORM_LIMITS.descriptionLength).default('');
const options = z.array(z.string().trim().min(1).max(FORM_LIMITS.optionLength)).min(1, 'Required').max(FORM_LIMITS.options);

const base = { id, title, description };

export const FormField = z.discriminatedUnion('type', [
  // text, textarea, email, website, number: description, placeholder, required (textarea: maxLength)
  z.object({
    ...base,
    type: z.enum(['text', 'email', 'website', 'number']),
    placeholder: z.string().max(200).default(''),
    required: z.boolean().default(false),
  }),
  z.object({
    ...base,
    type: z.literal('textarea'),
    placeholder: z.string().max(200).default(''),
    required: z.boolean().default(false),
    maxLength: z.number().int().min(1).max(FORM_LIMITS.maxLength).optional(),
  }),
  z.object({ ...base, type: z.literal('currency'), currencySymbol: z.string().max(5).default('$'), required: z.boolean().default(false) }),
  z.object({ ...base, type: z.enum(['password', 'twitter', 'date', 'time', 'name', 'address']), required: z.boolean().default(false) }),
  z.object({ ...base, type: z.literal('phone'), showCountryCode: z.boolean().default(false), required: z.boolean().default(false) }),
  z.object({ ...base, type: z.literal('section'), underline: z.boolean().default(false) }),
  z.object({ ...base, type: z.enum(['radio', 'checkbox', 'select']), options, required: z.boolean().default(false) }),
  // likert: `options` are the statements; answers are the fixed five-point scale (never required)
  z.object({ ...base, type: z.literal('likert'), options, required: z.boolean().default(false) }),
  // hidden: its value comes from the URL query parameter named `key`, else `value`
  z.object({ ...base, type: z.literal('hidden'), key: z.string().regex(/^[A-Za-z0-9_-]{1,60}$/), value: z.string().max(1000).default('') }),
]);
export type FormField = z.infer<typeof FormField>;

/** The five answers of a likert statement, in order. */
export const LIKERT_ANSWERS = ['Strongly Disagree', 'Disagree', 'Neutral', 'Agree', 'Strongly Agree'] as const;

export const FormSettings = z.object({
  // build
  submitLabel: z.string().trim().max(100).default('Submit'),
  // storage: where submissions go besides the database
  notifyEmail: z.string().refine(isEmail).optional(),
  mailingListId: z.string().optional(),
  /** The field (email type) whose value is subscribed when the newsletter box is ticked. */
  newsletterFieldId: z.string().optional(),
  /** The checkbox field that means "join the newsletter" (subscribe when ticked); absent: always. */
  newsletterOptInFieldId: z.string().optional(),
  webhook: z
    .object({ url: z.string().url().max(2000), secret: z.string().min(16).max(200), enabled: z.boolean().default(true) })
    .optional(),
  // advanced: after a successful submission, go to redirectUrl, else hide the form and show the text
  redirectUrl: z.string().max(2000).optional(),
  submissionText: z.string().max(5000).default('Thank you!'),
  postSubmitHtml: z.string().max(20_000).default(''),
  // captcha: the self-hosted proof-of-work challenge (altcha)
  captcha: z.boolean().default(false),
  // disclaimer: shown above the submit button; when `required`, a box must be ticked
  disclaimer: z.object({ text: z.string().max(5000), required: z.boolean().default(false) }).optional(),
});
export type FormSettings = z.infer<typeof FormSettings>;

export const FormDefinition = z.object({
  name: z.string().trim().min(1, 'Required').max(FORM_LIMITS.titleLength).default('My Form Name'),
  fields: z.array(FormField).max(FORM_LIMITS.fields),
  settings: FormSettings,
});
export type FormDefinition = z.infer<typeof FormDefinition>;

/** SPEC 9: the default name of a new form. */
export const DEFAULT_FORM_NAME = 'My Form Name';
