// One language's fields of a page or a product (issue 16): each field beside its text in the
// default language, which a field left empty keeps showing. A plain form post, without JavaScript.
// It carries the version it was drawn at; a save over a changed translation shows the conflict.
import { Form, Link } from '@remix-run/react';
import type { Conflict, FormStamp } from '../../edits/versions.js';
import { ConflictNotice, StampFields } from './ConflictNotice.js';
import { Field, FormError, Notice, TextAreaField } from './Field.js';

export interface TranslationField {
  name: string;
  label: string;
  multiline?: boolean;
  maxLength?: number;
  /** The field's text in the default language. */
  original: string;
  value: string;
  /** Filled by the translation service and not changed by the owner since. */
  machine?: boolean;
}

/** Tabs that are plain links (they work without JavaScript): the item itself, then each language. */
export function TranslationTabs({
  base,
  current,
  languages,
  label,
}: {
  base: string;
  current: string | null;
  languages: { code: string; name: string }[];
  label: string;
}) {
  return (
    <nav aria-label="Languages" className="tabs">
      <ul>
        <li>
          <Link to={base} aria-current={current === null ? 'page' : undefined}>
            {label}
          </Link>
        </li>
        {languages.map((l) => (
          <li key={l.code}>
            <Link to={`${base}/translations/${l.code}`} aria-current={current === l.code ? 'page' : undefined} lang={l.code}>
              {l.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…` : s);

export function TranslationForm({
  fields,
  errors,
  error,
  notice,
  canWrite,
  submitLabel,
  language,
  stamp,
  conflict,
  reloadTo,
}: {
  fields: TranslationField[];
  errors: Record<string, string>;
  error: string | null;
  notice: string | null;
  canWrite: boolean;
  submitLabel: string;
  language: string;
  /** The version the form was drawn at (after a refused save: the one it was first drawn at). */
  stamp: FormStamp | null;
  conflict: Conflict | null | undefined;
  /** The editor's own address: the conflict's "reload". */
  reloadTo: string;
}) {
  return (
    <Form method="post" className="card" aria-label={submitLabel} id="translation-form">
      <Notice message={notice} />
      <FormError message={error} />
      <ConflictNotice conflict={conflict} formId="translation-form" reloadTo={reloadTo} />
      <StampFields stamp={stamp} />
      <p className="hint">A field left empty shows the default language&apos;s text.</p>
      <fieldset disabled={!canWrite} lang={language}>
        {fields.map((f) => {
          const original = f.original ? `Default language: ${short(f.original)}` : '';
          const hint = [f.machine ? 'Machine-translated: check it, then save.' : '', original].filter(Boolean).join(' ') || undefined;
          return f.multiline ? (
            <TextAreaField
              key={f.name}
              name={f.name}
              label={f.label}
              defaultValue={f.value}
              error={errors[f.name]}
              hint={hint}
              rows={f.name === 'body' ? 10 : 3}
              maxLength={f.maxLength}
            />
          ) : (
            <Field
              key={f.name}
              name={f.name}
              label={f.label}
              defaultValue={f.value}
              error={errors[f.name]}
              hint={hint}
              maxLength={f.maxLength}
            />
          );
        })}
        <button type="submit">{submitLabel}</button>
      </fieldset>
    </Form>
  );
}
