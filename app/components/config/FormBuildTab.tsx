// The build tab: the form's name and submit label, its fields in order (each with move up/down,
// edit, remove) and "Add field" of any SPEC 3 type; a field's editor shows exactly its type's
// properties (FIELD_PROPERTIES). One plain post per change.
import { Form, Link } from '@remix-run/react';
import { FIELD_TYPES, type FormField } from '../../forms/form-definition.js';
import { FIELD_LABELS, FIELD_PROPERTIES, fieldValues, isSwitch, PROPERTY_LABELS } from '../../forms/form-builder.js';
import { CheckboxField, Field, SelectField, TextAreaField } from './Field.js';
import { formIdOf, refusedOf, SaveButton, shown, Versioned, type TabProps } from './form-builder-parts.js';

function FieldEditor({ field, data, result }: TabProps & { field: FormField }) {
  const refused = refusedOf(result, 'save-field');
  const failed = refused?.typed?.fieldId === field.id ? refused : null;
  const saved = fieldValues(field);
  const val = (name: string) => (failed ? (failed.typed?.[name] ?? '') : (saved[name] ?? ''));
  const err = (name: string) => failed?.errors[name] ?? null;
  const prefix = `fld-${field.id}`;
  return (
    <Form method="post" className="field-editor" aria-label={`Edit ${field.title}`} id={formIdOf(`save-field:${field.id}`)}>
      <input type="hidden" name="fieldId" value={field.id} />
      <Versioned data={data} result={result} formKey={`save-field:${field.id}`} />
      <Field id={`${prefix}-title`} name="title" label="Title" defaultValue={val('title')} error={err('title')} required />
      {FIELD_PROPERTIES[field.type].map((p) => {
        const id = `${prefix}-${p}`;
        if (isSwitch(p)) return <CheckboxField key={p} name={p} label={PROPERTY_LABELS[p]} defaultChecked={val(p) !== ''} error={err(p)} />;
        if (p === 'options' || p === 'description')
          return (
            <TextAreaField
              key={p}
              name={p}
              label={PROPERTY_LABELS[p]}
              defaultValue={val(p)}
              error={err(p)}
              rows={p === 'options' ? 4 : 2}
            />
          );
        return (
          <Field
            key={p}
            id={id}
            name={p}
            label={PROPERTY_LABELS[p]}
            defaultValue={val(p)}
            error={err(p)}
            inputMode={p === 'maxLength' ? 'numeric' : undefined}
            hint={
              p === 'maxLength'
                ? 'Leave empty for no limit.'
                : p === 'key'
                  ? 'Its value comes from this URL parameter, else the default.'
                  : undefined
            }
          />
        );
      })}
      <SaveButton intent="save-field" label="Save field" disabled={!data.canWrite} />{' '}
      <Link to={`?tab=build`} preventScrollReset>
        Close
      </Link>
    </Form>
  );
}

export function FormBuildTab({ data, result }: TabProps) {
  const { form } = data;
  const err = (name: string) => refusedOf(result, 'save-build')?.errors[name] ?? null;
  const editorRefused = refusedOf(result, 'save-field')?.typed?.fieldId;
  const addRefused = refusedOf(result, 'add-field');
  return (
    <>
      <h2>Build</h2>
      <Form method="post" id={formIdOf('save-build')}>
        <Versioned data={data} result={result} formKey="save-build" />
        <Field name="name" label="Form name" defaultValue={shown(result, 'save-build', 'name', form.name)} error={err('name')} required />
        <Field
          name="submitLabel"
          label="Submit button label"
          defaultValue={shown(result, 'save-build', 'submitLabel', form.settings.submitLabel)}
          error={err('submitLabel')}
        />
        <SaveButton intent="save-build" disabled={!data.canWrite} />
      </Form>

      <h3>Fields</h3>
      {form.fields.length === 0 ? <p className="empty">No fields yet. Add one below.</p> : null}
      <ol className="form-fields">
        {form.fields.map((f, i) => (
          <li key={f.id} id={`field-${f.id}`}>
            <strong>{f.title}</strong> <span className="badge">{FIELD_LABELS[f.type]}</span>
            {'required' in f && f.required ? <span className="badge">Required</span> : null}
            {data.canWrite ? (
              <Form method="post" className="row-actions" aria-label={`${f.title}: actions`}>
                <input type="hidden" name="fieldId" value={f.id} />
                <Link to={`?tab=build&field=${f.id}#field-${f.id}`} preventScrollReset aria-label={`Edit ${f.title}`}>
                  Edit
                </Link>
                <button
                  type="submit"
                  name="intent"
                  value="move-field"
                  className="secondary"
                  disabled={i === 0}
                  aria-label={`Move ${f.title} up`}
                  formNoValidate
                >
                  Up
                </button>
                <input type="hidden" name="direction" value={i === 0 ? 'down' : 'up'} />
                <button type="submit" name="intent" value="remove-field" className="danger" aria-label={`Remove ${f.title}`}>
                  Remove
                </button>
              </Form>
            ) : null}
            {data.canWrite && i < form.fields.length - 1 ? (
              <Form method="post" className="row-actions">
                <input type="hidden" name="fieldId" value={f.id} />
                <input type="hidden" name="direction" value="down" />
                <button type="submit" name="intent" value="move-field" className="secondary" aria-label={`Move ${f.title} down`}>
                  Down
                </button>
              </Form>
            ) : null}
            {data.editing === f.id || editorRefused === f.id ? <FieldEditor field={f} data={data} result={result} /> : null}
          </li>
        ))}
      </ol>
      {data.canWrite ? (
        <Form method="post" className="toolbar">
          <SelectField
            name="type"
            label="New field type"
            options={FIELD_TYPES.map((t) => ({ value: t, label: FIELD_LABELS[t] }))}
            defaultValue={shown(result, 'add-field', 'type', 'text')}
            error={addRefused ? (addRefused.errors.type ?? addRefused.formError) : null}
          />
          <SaveButton intent="add-field" label="Add field" />
        </Form>
      ) : null}
    </>
  );
}
