// The form builder's versioned posts (issue 28, ADR 0021): each tab's form (and each field's
// editor) is versioned on its own fields, so a save over something another owner changed since the
// tab was drawn is a conflict, while a change to another tab or field is not.
import type { Sql } from '../../db/client.server.js';
import { stampFor, versionOf, type Db, type FormStamp, type Versioned } from '../edits/versions.server.js';
import { fieldValues, PROPERTY_LABELS, stampKey } from './form-builder.js';
import { formById, type OwnerForm } from './forms.server.js';

/**
 * The builder's posts that overwrite what they show: each tab's Save, a field's editor, and the
 * storage tab's three forms that write what they draw (the list connected, the notification email,
 * the automation's URL). The rest add, move, remove or disconnect, which overwrite nothing typed.
 */
export const VERSIONED_INTENTS = [
  'save-build',
  'save-advanced',
  'save-captcha',
  'save-disclaimer',
  'save-field',
  'connect-list',
  'save-email',
  'connect-webhook',
] as const;
export type VersionedIntent = (typeof VERSIONED_INTENTS)[number];
export const isVersionedIntent = (v: unknown): v is VersionedIntent => VERSIONED_INTENTS.includes(v as VersionedIntent);

const LABELS: Record<string, string> = {
  name: 'Form name',
  submitLabel: 'Submit button label',
  redirectUrl: 'After submitting, go to',
  submissionText: 'Submission text',
  postSubmitHtml: 'Post-submit HTML',
  captcha: 'Captcha',
  disclaimerText: 'Disclaimer',
  disclaimerRequired: 'Required',
  title: 'Title',
  mailingListId: 'Mailing list',
  newsletterFieldId: 'Email field to subscribe',
  notifyEmail: 'Email each submission to',
  webhookUrl: 'Webhook URL',
};

/** What the form of `intent` posts untouched (a field's editor: `fieldId`'s), as the browser sends it. */
function postedFields(f: OwnerForm, intent: VersionedIntent, fieldId: string): URLSearchParams | null {
  const s = f.settings;
  const out = new URLSearchParams();
  const on = (name: string, v: boolean) => (v ? out.set(name, 'on') : undefined);
  switch (intent) {
    case 'save-build':
      out.set('name', f.name);
      out.set('submitLabel', s.submitLabel);
      break;
    case 'save-advanced':
      out.set('redirectUrl', s.redirectUrl ?? '');
      out.set('submissionText', s.submissionText);
      out.set('postSubmitHtml', s.postSubmitHtml);
      break;
    case 'save-captcha':
      on('captcha', s.captcha);
      break;
    case 'save-disclaimer':
      out.set('disclaimerText', s.disclaimer?.text ?? '');
      on('disclaimerRequired', s.disclaimer?.required ?? false);
      break;
    case 'connect-list': {
      out.set('mailingListId', s.mailingListId ?? '');
      // A select posts its first option when the saved value is not one of them (none saved yet).
      const emails = f.fields.filter((x) => x.type === 'email');
      if (emails.length > 0) out.set('newsletterFieldId', emails.find((x) => x.id === s.newsletterFieldId)?.id ?? emails[0].id);
      break;
    }
    case 'save-email':
      out.set('notifyEmail', s.notifyEmail ?? '');
      break;
    case 'connect-webhook':
      // The URL only: the version never hashes the signing secret into a page.
      out.set('webhookUrl', s.webhook?.url ?? '');
      break;
    case 'save-field': {
      const field = f.fields.find((x) => x.id === fieldId);
      if (!field) return null;
      out.set('fieldId', field.id);
      for (const [k, v] of Object.entries(fieldValues(field))) if (v !== '') out.set(k, v);
      break;
    }
  }
  return out;
}

/** Form `id`'s part that `intent` saves as a versioned record (a missing field reads as a gone record). */
export function formVersioned(websiteId: string, id: string, intent: VersionedIntent, fieldId = ''): Versioned<OwnerForm> {
  return {
    thing: intent === 'save-field' ? 'field' : 'form',
    websiteId,
    // The save's transaction, typed as the pool: formById only reads.
    load: async (db: Db) => {
      const f = await formById(db as unknown as Sql, websiteId, id);
      return f && postedFields(f, intent, fieldId) ? f : null;
    },
    fields: (f) => postedFields(f, intent, fieldId) ?? new URLSearchParams(),
    version: (f) => versionOf([...(postedFields(f, intent, fieldId) ?? [])]),
    label: (k) => LABELS[k] ?? (PROPERTY_LABELS as Record<string, string>)[k] ?? k,
    audit: () => ({ targets: [`/config/forms/${id}`] }),
  };
}

/** The stamps the builder's forms are drawn with: by intent, and by `save-field:<id>` for each field. */
export function builderStamps(websiteId: string, f: OwnerForm): Record<string, FormStamp> {
  const out: Record<string, FormStamp> = {};
  for (const intent of VERSIONED_INTENTS)
    if (intent !== 'save-field') out[stampKey(intent, undefined)] = stampFor(formVersioned(websiteId, f.id, intent), f);
  for (const field of f.fields) out[stampKey('save-field', field.id)] = stampFor(formVersioned(websiteId, f.id, 'save-field', field.id), f);
  return out;
}
