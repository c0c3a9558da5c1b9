// The page form of /config/pages/new and /config/pages/<id>: title, address, description, body HTML,
// SEO, status with its publish date, and whether the page is hidden from the navigation. A plain
// form (works without JavaScript); a failed post shows what was typed, with each field's error.
import { Form } from '@remix-run/react';
import type { LinkChoices } from '../../edits/rich-text-links.js';
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { CheckboxField, Field, SelectField, TextAreaField } from './Field.js';
import { RichTextField } from './RichTextField.js';

export interface PageValues {
  title: string;
  urlId: string;
  description: string;
  body: string;
  seoTitle: string;
  seoDescription: string;
  status: string;
  publishAt: string;
  hidden: boolean;
}

interface PageEditorProps {
  values: PageValues;
  errors: Record<string, string>;
  statuses: { value: string; label: string }[];
  timeZone: string;
  canWrite: boolean;
  canPublish: boolean;
  /** The one sentence about what the role cannot do here (app/config/page-rights.ts), or null. */
  rightsHint: string | null;
  submitLabel: string;
  /** What the body's link editor offers (the site's pages and files). */
  linkChoices: LinkChoices;
  /** The version a saved page's form is drawn at (issue 28). */
  stamp?: FormStamp | null;
}

/** The form's id: the conflict notice's "apply only my changes" button submits it. */
export const PAGE_FORM_ID = 'page-form';

export function PageEditor({
  values,
  errors,
  statuses,
  timeZone,
  canWrite,
  canPublish,
  rightsHint,
  submitLabel,
  linkChoices,
  stamp,
}: PageEditorProps) {
  // A role that cannot publish cannot take a hidden page into the navigation: the box stays as it is.
  const lockHidden = !canPublish && values.hidden;
  return (
    <Form method="post" className="card" id={PAGE_FORM_ID}>
      <input type="hidden" name="intent" value="save" />
      <StampFields stamp={stamp} />
      <Field name="title" label="Title" required maxLength={200} defaultValue={values.title} error={errors.title} />
      <Field
        name="urlId"
        label="URL slug"
        maxLength={63}
        defaultValue={values.urlId}
        error={errors.urlId}
        hint="The page's address after the site's name, such as about-us. Left empty, it is made from the title."
      />
      <TextAreaField
        name="description"
        label="Description"
        rows={2}
        defaultValue={values.description}
        error={errors.description}
        hint="A sentence or two shown in search results."
      />
      <RichTextField
        name="body"
        label="Body"
        defaultValue={values.body}
        error={errors.body}
        linkChoices={linkChoices}
        hint="Paragraphs, headings, bold, italic, lists, alignment, links, text and background colour, and images from Files are kept; anything else (scripts, other tags and styles, javascript: links) is removed on save."
      />
      <fieldset>
        <legend>Search engines</legend>
        <Field name="seoTitle" label="SEO title" maxLength={200} defaultValue={values.seoTitle} error={errors.seoTitle} />
        <TextAreaField
          name="seoDescription"
          label="SEO description"
          rows={2}
          maxLength={500}
          defaultValue={values.seoDescription}
          error={errors.seoDescription}
        />
      </fieldset>
      <fieldset>
        <legend>Publishing</legend>
        <SelectField name="status" label="Status" options={statuses} defaultValue={values.status} error={errors.status} />
        <Field
          name="publishAt"
          label="Publish date"
          type="datetime-local"
          defaultValue={values.publishAt}
          error={errors.publishAt}
          hint={`For a Scheduled page: when it goes live, on the site's clock (${timeZone}).`}
        />
        {lockHidden ? <input type="hidden" name="hidden" value="on" /> : null}
        <CheckboxField
          name={lockHidden ? 'hidden-locked' : 'hidden'}
          label="Hide from navigation"
          defaultChecked={values.hidden}
          disabled={lockHidden}
          error={errors.hidden}
          hint="A hidden page is still reachable at its address when it is published, but no menu links to it."
        />
      </fieldset>
      <button type="submit" disabled={!canWrite}>
        {submitLabel}
      </button>
      {rightsHint ? <p className="hint">{rightsHint}</p> : null}
    </Form>
  );
}
