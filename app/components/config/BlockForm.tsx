// The form of one content block (new or saved): the type's own fields (GalleryOptionsPanel,
// ChartEditor, CodeBlockEditor, MediaBlockFields) in a plain post form with its submit button.
import { Form } from '@remix-run/react';
import type { BlockType } from '../../config/blocks/block-types.js';
import type { BlockValues } from '../../config/blocks/block-values.js';
import { ChartEditor } from './ChartEditor.js';
import { CodeBlockEditor } from './CodeBlockEditor.js';
import { FormError } from './Field.js';
import { FormBlockFields } from './FormBlockFields.js';
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { GalleryOptionsPanel, type PickableFile } from './GalleryOptionsPanel.js';
import { MediaBlockFields } from './MediaBlockFields.js';

export interface BlockFormProps {
  type: BlockType;
  values: BlockValues;
  errors: Record<string, string>;
  formError: string | null;
  files: { images: PickableFile[]; videos: PickableFile[]; audio: PickableFile[] };
  /** The site's forms (a form block picks one). */
  forms?: { id: string; name: string }[];
  android: boolean;
  canWrite: boolean;
  submitLabel: string;
  /** The version a saved block's form is drawn at (issue 28). */
  stamp?: FormStamp | null;
}

/** The form's id: the conflict notice's "apply only my changes" button submits it. */
export const BLOCK_FORM_ID = 'block-form';

export function BlockForm({ type, values, errors, formError, files, forms = [], android, canWrite, submitLabel, stamp }: BlockFormProps) {
  // The code editor is read-only on Android (SPEC 2): nothing there to save.
  const locked = !canWrite || (type === 'code' && android);
  return (
    <Form method="post" className="card block-form" id={BLOCK_FORM_ID}>
      <FormError message={type === 'chart' ? null : formError} />
      <input type="hidden" name="intent" value="save" />
      <StampFields stamp={stamp} />
      {type === 'gallery' ? (
        <GalleryOptionsPanel fields={values.fields} images={values.images} files={files.images} errors={errors} />
      ) : null}
      {type === 'chart' ? (
        <ChartEditor dataset={values.dataset ?? { kind: 'bar', title: '', labelHeading: '', columns: [], rows: [] }} error={formError} />
      ) : null}
      {type === 'code' ? <CodeBlockEditor fields={values.fields} errors={errors} android={android} /> : null}
      {type === 'image' || type === 'video' || type === 'audio' ? (
        <MediaBlockFields
          type={type}
          fields={values.fields}
          errors={errors}
          files={type === 'image' ? files.images : type === 'video' ? files.videos : files.audio}
          images={files.images}
        />
      ) : null}
      {type === 'form' ? <FormBlockFields formId={values.fields.formId ?? ''} forms={forms} error={errors.formId ?? null} /> : null}
      <button type="submit" disabled={locked}>
        {submitLabel}
      </button>
      {canWrite ? null : <p className="hint">Your role can look at blocks but not change them.</p>}
    </Form>
  );
}
