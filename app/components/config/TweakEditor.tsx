// The tweak screen's form (one per tweak type, from app/overlays/tweaks.ts) beside its live
// preview: a sandboxed iframe whose document is made in the browser from what the form holds at
// every change, with the storefront's own markup builders; the lock screen's is a document the
// server renders through the theme (its URL carries the form's values). Without JavaScript the
// form posts as usual and the preview shows the saved values.
import { Form } from '@remix-run/react';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { CheckboxField, Field, SelectField, TextAreaField } from './Field.js';
import { TWEAK_FIELDS, type TweakType } from '../../overlays/tweaks.js';
import { lockScreenPreviewUrl, tweakPreviewBody, tweakPreviewDocument, type PreviewForm } from '../../overlays/preview.js';

export interface TweakEditorProps {
  type: TweakType;
  values: Record<string, string>;
  style: Record<string, string>;
  errors: Record<string, string>;
  forms: readonly PreviewForm[];
  /** The popup's version now (its preview carries it, as the live popup does). */
  version: number;
  stylesheet: string | null;
  /** The site's language: the preview document's `lang`. */
  lang: string;
  canWrite: boolean;
  /** The version the form was drawn at (issue 28). */
  stamp?: FormStamp | null;
}

function valuesOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  // The version fields (`_version`...) are not settings: the preview never sees them.
  for (const [k, v] of new FormData(form)) if (typeof v === 'string' && !k.startsWith('_')) out[k] = v;
  return out;
}

export function TweakEditor({ type, values: initial, style, errors, forms, version, stylesheet, lang, canWrite, stamp }: TweakEditorProps) {
  const [values, setValues] = useState(initial);
  const served = type === 'lock-screen';
  const doc = useMemo(
    () => (served ? '' : tweakPreviewDocument(tweakPreviewBody(type, values, style, { version, forms }), stylesheet, lang)),
    [served, type, values, style, version, forms, stylesheet, lang],
  );
  // The served preview follows the form a moment after typing stops (one request, not one per key).
  const [src, setSrc] = useState(() => lockScreenPreviewUrl(initial));
  useEffect(() => {
    if (!served) return;
    const t = setTimeout(() => setSrc(lockScreenPreviewUrl(values)), 300);
    return () => clearTimeout(t);
  }, [served, values]);
  const onChange = (e: FormEvent<HTMLFormElement>) => setValues(valuesOf(e.currentTarget));
  return (
    <div className="tweak-screen">
      <Form
        method="post"
        reloadDocument
        onChange={onChange}
        onInput={onChange}
        aria-label="Settings"
        className="tweak-form"
        id="tweak-form"
      >
        <StampFields stamp={stamp} />
        <fieldset disabled={!canWrite}>
          {TWEAK_FIELDS[type].map((f) => {
            const common = { key: f.name, name: f.name, label: f.label, hint: f.hint, error: errors[f.name] };
            if (f.kind === 'checkbox') return <CheckboxField {...common} defaultChecked={initial[f.name] === 'on'} />;
            if (f.kind === 'textarea') return <TextAreaField {...common} defaultValue={initial[f.name] ?? ''} />;
            if (f.kind === 'select') {
              const options =
                f.name === 'formId'
                  ? [{ value: '', label: 'No form' }, ...forms.map((x) => ({ value: x.id, label: x.name }))]
                  : (f.options ?? []);
              return <SelectField {...common} options={options} defaultValue={initial[f.name] ?? ''} />;
            }
            return (
              <Field {...common} type="text" inputMode={f.kind === 'number' ? 'numeric' : undefined} defaultValue={initial[f.name] ?? ''} />
            );
          })}
          {type === 'popup-overlay' ? (
            <CheckboxField
              name="newVersion"
              label="Show it again to visitors who closed it"
              hint="Saves a new version of the popup."
              defaultChecked={false}
            />
          ) : null}
          <p>
            <button type="submit">Save</button>
          </p>
        </fieldset>
      </Form>
      <section className="tweak-preview" aria-labelledby="tweak-preview-h">
        <h2 id="tweak-preview-h">Preview</h2>
        {/* A picture, not a page: no scripts run in it and it takes no focus. */}
        <iframe
          title="Preview"
          sandbox=""
          {...(served ? { src } : { srcDoc: doc })}
          tabIndex={-1}
          style={{ width: '100%', minHeight: '28rem', border: '1px solid #ccc' }}
        />
      </section>
    </div>
  );
}
