// The Design screen's form. Without JavaScript: a select per font (grouped by category) and a text
// field per colour, and a save button. With JavaScript the same fields get a font picker and a
// colour picker, and a live preview of the site follows every change before it is saved.
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { Form } from '@remix-run/react';
import { useState, useSyncExternalStore } from 'react';
import { parseColour } from '../../design/colour.js';
import { COLOUR_ROLES, designFonts, designVariables, FONT_ROLES, type Design } from '../../design/design.js';
import { FONT_CATEGORIES, FONTS, fontById } from '../../design/fonts.js';
import { ColourPicker } from './ColourPicker.js';
import { Field, FieldFrame } from './Field.js';
import { DesignPreview } from './DesignPreview.js';
import { FontPicker } from './FontPicker.js';

interface DesignEditorProps {
  values: Record<string, string>;
  errors: Record<string, string>;
  swatches: readonly string[];
  canWrite: boolean;
  /** Whether this address serves the site being edited (the preview frames its home page). */
  preview: boolean;
  /** The version the form was drawn at (issue 28). */
  stamp?: FormStamp | null;
}

function FontSelect({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <FieldFrame name={name} label={label} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={value}>
          <option value="">The theme&apos;s font</option>
          {FONT_CATEGORIES.map((c) => (
            <optgroup key={c} label={c}>
              {FONTS.filter((f) => f.category === c).map((f) => (
                <option key={f.id} value={f.id}>
                  {f.family}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

function ColourText({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <Field
      name={name}
      label={label}
      hint="Hex, rgb() or hsl(); empty for the theme's colour."
      defaultValue={value}
      placeholder="Theme default"
      error={error}
    />
  );
}

const noSubscription = () => () => {};

/** What the form holds now as a design: valid choices only (the preview shows nothing half-typed). */
function designOfForm(values: Record<string, string>): Design {
  const d: Design = {};
  for (const r of FONT_ROLES) if (values[r.key] && fontById(values[r.key])) d[r.key] = values[r.key];
  for (const r of COLOUR_ROLES) {
    const c = values[r.key] ? parseColour(values[r.key]) : null;
    if (c?.ok) d[r.key] = c.css;
  }
  return d;
}

export function DesignEditor({ values: initial, errors, swatches, canWrite, preview, stamp }: DesignEditorProps) {
  // Pickers replace the plain fields once the page runs scripts; before that the form works alone.
  // (false in the server's HTML and while hydrating, true once React runs in the browser).
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [values, setValues] = useState<Record<string, string>>(initial);
  const set = (k: string) => (v: string) => setValues((old) => ({ ...old, [k]: v }));
  // "Fonts in Style Guide": the fonts the site uses as saved.
  const inStyleGuide = designFonts(designOfForm(initial));
  const design = designOfForm(values);
  return (
    <div className={enhanced ? 'design-screen with-preview' : 'design-screen'}>
      <Form method="post" className="design-form" id="design-form">
        <StampFields stamp={stamp} />
        <fieldset disabled={!canWrite}>
          <legend>Fonts</legend>
          {FONT_ROLES.map((r) =>
            enhanced ? (
              <FontPicker
                key={r.key}
                name={r.key}
                label={r.label}
                fonts={FONTS}
                inStyleGuide={inStyleGuide}
                value={values[r.key] ?? ''}
                onChange={set(r.key)}
                error={errors[r.key]}
                disabled={!canWrite}
              />
            ) : (
              <FontSelect key={r.key} name={r.key} label={r.label} value={values[r.key] ?? ''} error={errors[r.key]} />
            ),
          )}
        </fieldset>
        <fieldset disabled={!canWrite}>
          <legend>Colours</legend>
          {COLOUR_ROLES.map((r) =>
            enhanced ? (
              <ColourPicker
                key={r.key}
                name={r.key}
                label={r.label}
                value={values[r.key] ?? ''}
                onChange={set(r.key)}
                error={errors[r.key]}
                swatches={swatches}
                disabled={!canWrite}
              />
            ) : (
              <ColourText key={r.key} name={r.key} label={r.label} value={values[r.key] ?? ''} error={errors[r.key]} />
            ),
          )}
        </fieldset>
        {canWrite ? <button type="submit">Save design</button> : null}
      </Form>
      {enhanced && !preview ? (
        <p className="hint design-preview">
          The preview shows the site of this address only: open the Design screen on the site&apos;s own address to see it.
        </p>
      ) : null}
      {enhanced && preview ? <DesignPreview variables={designVariables(design)} fonts={designFonts(design)} /> : null}
    </div>
  );
}
