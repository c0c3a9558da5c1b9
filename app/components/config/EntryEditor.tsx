// The forms of /config/blog/<id> and /config/events/<id>: a post (title, address, author, date,
// excerpt and body HTML, tags, categories, comments open or closed, published or draft) or an event
// (title, address, start and end on the site's clock, place, excerpt and body, status). Plain forms
// that work without JavaScript; a failed post shows what was typed, with each field's error.
import { Form } from '@remix-run/react';
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { Field, SelectField, TextAreaField } from './Field.js';

export type EntryValues = Record<string, string>;

interface EntryEditorProps {
  kind: 'blog' | 'events';
  values: EntryValues;
  errors: Record<string, string>;
  timeZone: string;
  canWrite: boolean;
  canPublish: boolean;
  submitLabel: string;
  /** The version a saved entry's form is drawn at (issue 28). */
  stamp?: FormStamp | null;
}

/** The form's id: the conflict notice's "apply only my changes" button submits it. */
export const ENTRY_FORM_ID = 'entry-form';

const HTML_HINT =
  'Headings, paragraphs, lists, links, images and tables are kept; scripts, event handlers and javascript: links are removed on save.';

export function EntryEditor({ kind, values, errors, timeZone, canWrite, canPublish, submitLabel, stamp }: EntryEditorProps) {
  const statuses = [
    { value: 'published', label: 'Published' },
    { value: 'draft', label: 'Draft' },
  ].filter((s) => canPublish || s.value === 'draft' || values.status === s.value);
  return (
    <Form method="post" className="card" id={ENTRY_FORM_ID}>
      <input type="hidden" name="intent" value="save" />
      <StampFields stamp={stamp} />
      <Field name="title" label="Title" required maxLength={200} defaultValue={values.title} error={errors.title} />
      <Field
        name="urlId"
        label="URL slug"
        maxLength={63}
        defaultValue={values.urlId}
        error={errors.urlId}
        hint="The last part of the address, such as spring-firing. Left empty, it is made from the title."
      />
      {kind === 'blog' ? (
        <>
          <Field name="author" label="Author" maxLength={100} defaultValue={values.author} error={errors.author} />
          <Field
            name="publishedAt"
            label="Date"
            type="datetime-local"
            defaultValue={values.publishedAt}
            error={errors.publishedAt}
            hint={`On the site's clock (${timeZone}). Left empty, the post is dated when it is published; a later date keeps it hidden until then.`}
          />
        </>
      ) : (
        <fieldset>
          <legend>When</legend>
          <Field
            name="start"
            label="Starts"
            type="datetime-local"
            required
            defaultValue={values.start}
            error={errors.start}
            hint={`On the site's clock (${timeZone}).`}
          />
          <Field name="end" label="Ends" type="datetime-local" required defaultValue={values.end} error={errors.end} />
        </fieldset>
      )}
      {kind === 'events' ? (
        <fieldset>
          <legend>Where</legend>
          <Field name="addressTitle" label="Place" maxLength={200} defaultValue={values.addressTitle} error={errors.addressTitle} />
          <Field
            name="addressLine1"
            label="Address line 1"
            maxLength={200}
            defaultValue={values.addressLine1}
            error={errors.addressLine1}
          />
          <Field
            name="addressLine2"
            label="Address line 2"
            maxLength={200}
            defaultValue={values.addressLine2}
            error={errors.addressLine2}
          />
          <Field name="addressCountry" label="Country" maxLength={100} defaultValue={values.addressCountry} error={errors.addressCountry} />
        </fieldset>
      ) : null}
      <TextAreaField
        name="excerpt"
        label="Excerpt (HTML)"
        rows={3}
        defaultValue={values.excerpt}
        error={errors.excerpt}
        hint="Shown in lists and search results."
      />
      <TextAreaField name="body" label="Body (HTML)" rows={14} defaultValue={values.body} error={errors.body} hint={HTML_HINT} />
      {kind === 'blog' ? (
        <>
          <Field
            name="tags"
            label="Tags"
            defaultValue={values.tags}
            error={errors.tags}
            hint="Separated by commas; each at most 50 characters."
          />
          <Field
            name="categories"
            label="Categories"
            defaultValue={values.categories}
            error={errors.categories}
            hint="Separated by commas; each at most 25 characters."
          />
          <SelectField
            name="comments"
            label="Comments"
            options={[
              { value: 'open', label: 'Open' },
              { value: 'closed', label: 'Closed' },
            ]}
            defaultValue={values.comments}
            error={errors.comments}
            hint="Comments show on the site only when comments are enabled in the site's settings."
          />
        </>
      ) : null}
      <SelectField
        name="status"
        label="Status"
        options={statuses}
        defaultValue={values.status}
        error={errors.status}
        hint={canPublish ? undefined : 'Your role can save drafts; an editor publishes them.'}
      />
      <button type="submit" disabled={!canWrite}>
        {submitLabel}
      </button>
    </Form>
  );
}
