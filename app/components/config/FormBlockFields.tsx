// A form block's one setting: which of the site's forms the page shows (a link to build one when
// the site has none yet).
import { Link } from '@remix-run/react';
import { FORM_BLOCK_TEXT } from '../../config/blocks/form.js';
import { SelectField } from './Field.js';

export function FormBlockFields({ formId, forms, error }: { formId: string; forms: { id: string; name: string }[]; error: string | null }) {
  if (forms.length === 0) {
    return (
      <p className="form-error">
        {FORM_BLOCK_TEXT.none} <Link to="/config/forms">Forms</Link>
      </p>
    );
  }
  return (
    <SelectField
      name="formId"
      label="Form"
      options={[{ value: '', label: 'Choose a form' }, ...forms.map((f) => ({ value: f.id, label: f.name }))]}
      defaultValue={formId}
      error={error}
    />
  );
}
