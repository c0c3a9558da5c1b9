// Checking a form block's answers (SPEC 5 "Forms") and the texts shoppers see (SPEC 5 and 8). Pure:
// the form island runs it in the browser before sending, and the server runs it again on every
// submission (API and page action), so both always agree.
import type { FormField } from './form-definition.js';
import { fieldValueIsEmpty, type FieldValue, type FormValues } from './form-values.js';
import { EMAIL_FORMAT_TEXT, isEmail } from '../utils/email.js';

export const FORM_TEXT = {
  required: 'Required',
  email: EMAIL_FORMAT_TEXT,
  tooLong: 'You have exceeded the character limit.',
  invalid: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  // SPEC 8, by status and situation
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
  noKey: 'Could not get a form submission key, please try again later.',
  unparsable: 'Could not parse the form fields, please check your entries.',
  processing: 'Error processing form submission. Please reload and try again.',
  above: 'Your form has encountered a problem. Please scroll down to review.',
  below: 'Your form has encountered a problem. Please scroll up to review.',
  submitting: 'Submitting…',
} as const;

/** The message for one field's value, or null when it passes. */
export function validateField(field: FormField, value: FieldValue | undefined): string | null {
  // Sections hold no value; likert statements are never required; hidden fields are the page's own.
  if (field.type === 'section' || field.type === 'hidden' || field.type === 'likert') return null;
  const empty = fieldValueIsEmpty(field, value);
  if (empty) return field.required ? FORM_TEXT.required : null;
  if (field.type === 'email') {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!isEmail(text)) return FORM_TEXT.email;
  }
  if (field.type === 'textarea' && field.maxLength !== undefined) {
    const text = typeof value === 'string' ? value : '';
    // Counted in code points, as a visitor counts characters (an emoji is one).
    if ([...text].length > field.maxLength) return FORM_TEXT.tooLong;
  }
  return null;
}

/** Every failing field's message, by field id (empty when the answers pass). */
export function validateForm(fields: readonly FormField[], values: FormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const message = validateField(f, values[f.id]);
    if (message !== null) errors[f.id] = message;
  }
  return errors;
}
