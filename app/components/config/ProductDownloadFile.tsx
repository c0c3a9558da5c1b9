// The product screen's "Download file" card (issue 33): for a digital product, the file its buyers
// download, picked from the site's files like the product's image. A form of its own, so it saves
// apart from the product form.
import { Form } from '@remix-run/react';
import { SelectField } from './Field.js';

export interface ProductDownloadFileProps {
  fileId: string | null;
  files: { id: string; name: string; label: string }[];
  error?: string | null;
  canWrite: boolean;
}

export function ProductDownloadFile({ fileId, files, error, canWrite }: ProductDownloadFileProps) {
  const options = [{ value: '', label: 'No file yet' }, ...files.map((f) => ({ value: f.id, label: f.label }))];
  return (
    <section className="card" aria-labelledby="product-download-file">
      <h2 id="product-download-file">Download file</h2>
      <Form method="post">
        <input type="hidden" name="intent" value="download-file" />
        <SelectField
          name="digitalFileId"
          label="File buyers download"
          options={options}
          defaultValue={fileId ?? ''}
          error={error ?? undefined}
          disabled={!canWrite}
          hint={
            files.length === 0
              ? 'Upload the file in Files to choose it here.'
              : 'Buyers get a link on their order page and in their email. The file is not served at its public address.'
          }
        />
        {canWrite ? (
          <button type="submit" className="secondary">
            Save download file
          </button>
        ) : null}
      </Form>
    </section>
  );
}
