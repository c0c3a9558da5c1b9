// The product form of /config/products/new and /config/products/<id>: details, image,
// subscription, options and a table of variants. A plain form that works without JavaScript: the
// variant table has blank rows to fill in, and "Add more rows" posts the form to draw it again
// with more (keeping what was typed); with JavaScript the rows are added in the browser and an
// option's column appears as it is typed.
// Roles that may not change products see it disabled.
import { Form } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { ACCEPT_IMAGES } from '../../utils/file-types.js';
import {
  ADD_ROWS,
  BILLING_UNITS,
  BLANK_ROWS,
  blankVariant,
  MAX_OPTIONS,
  PRODUCT_TYPE_LABELS,
  PRODUCT_TYPES,
  splitList,
  type ProductValues,
} from '../../config/product-form.js';
import type { FormStamp } from '../../edits/versions.js';
import { StampFields } from './ConflictNotice.js';
import { CheckboxField, Field, FieldFrame, FormError, SelectField, TextAreaField } from './Field.js';

export interface ProductFormProps {
  values: ProductValues;
  errors: Record<string, string>;
  formError?: string | null;
  collections: { id: string; title: string }[];
  images: PickerImage[];
  /** The image the product has now (offered as "keep" when it is not one of the files). */
  savedImage: string | null;
  currency: string;
  canWrite: boolean;
  /** The version the form is drawn at (saved products): a save over a newer record is a conflict. */
  stamp?: FormStamp | null;
  /** Whether the Image card offers an upload (saved products, roles with products.write and
   *  files.write); the form it posts is IMAGE_UPLOAD_FORM_ID, drawn by the route. */
  canUpload?: boolean;
  uploadError?: string | null;
  /** The site's forms, one of which a shopper fills in when adding the product (issue 30); when
   *  not given, the field is not drawn and a save keeps the form the product has. */
  forms?: { id: string; name: string }[];
}

/** An image of the site's files as the picker shows it: enough to tell two of one name apart. */
export interface PickerImage {
  id: string;
  url: string;
  name: string;
  originalSize: string | null;
  /** "12 KB" */
  size: string;
  /** "Nov 3, 2026" */
  uploaded: string;
}

/** The upload form's id: its file input and button sit in the product form's Image card. */
export const IMAGE_UPLOAD_FORM_ID = 'product-image-upload';

/** The form's id: the conflict notice's "apply only my changes" button submits it. */
export const PRODUCT_FORM_ID = 'product-form';

const UNIT_LABELS: Record<string, string> = { WEEK: 'Weeks', MONTH: 'Months', YEAR: 'Years' };

const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** One input of the variant table: labelled for its column and row, with its error under it. */
function Cell(props: {
  name: string;
  label: string;
  defaultValue?: string;
  defaultChecked?: boolean;
  error?: string;
  type?: 'text' | 'checkbox';
  inputMode?: 'decimal' | 'numeric';
  size?: number;
  children?: ReactNode;
}) {
  const id = fieldId(props.name);
  // A checkbox gets no defaultValue prop at all: React would give it value="" (posted as off).
  const input =
    props.type === 'checkbox'
      ? { type: 'checkbox', value: 'on', defaultChecked: props.defaultChecked }
      : { type: 'text', defaultValue: props.defaultValue, inputMode: props.inputMode, size: props.size };
  return (
    <td>
      <input
        id={id}
        name={props.name}
        aria-label={props.label}
        {...input}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <span className="error" id={`${id}-error`}>
          {props.error}
        </span>
      ) : null}
      {props.children}
    </td>
  );
}

export function ProductForm({
  values,
  errors,
  formError,
  collections,
  images,
  savedImage,
  currency,
  canWrite,
  stamp,
  canUpload,
  uploadError,
  forms,
}: ProductFormProps) {
  // The option names as typed: with JavaScript the table's columns follow them at once; without,
  // this stays what the form was drawn with and "Add more rows" draws the columns.
  const [optionText, setOptionText] = useState(values.options);
  const options = splitList(optionText).slice(0, MAX_OPTIONS);
  // The rows shown: with JavaScript "Add more rows" adds blank ones here, with no post whose answer
  // could draw the table again over what is typed meanwhile. A refused save's reply carries them all.
  const [shownRows, setShownRows] = useState(values.variants.length);
  const rowCount = Math.max(shownRows, values.variants.length);
  const rows = Array.from({ length: rowCount }, (_, i) => values.variants[i] ?? blankVariant());
  const collectionOptions =
    collections.length === 0
      ? [{ value: '', label: 'No product collection yet' }]
      : collections.map((c) => ({ value: c.id, label: c.title }));
  return (
    <>
      <FormError message={formError} />
      <Form method="post" className="product-form" id={PRODUCT_FORM_ID} noValidate>
        <StampFields stamp={stamp} />
        {canWrite ? (
          // The form's first submit button, so pressing Enter in a field saves (not "Add more rows").
          <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            Save product
          </button>
        ) : null}
        <fieldset disabled={!canWrite} className="plain">
          <legend className="visually-hidden">Product</legend>
          <section className="card" aria-labelledby="product-details">
            <h2 id="product-details">Details</h2>
            <Field name="title" label="Title" defaultValue={values.title} error={errors.title} required maxLength={200} />
            <Field
              name="urlId"
              label="URL slug"
              defaultValue={values.urlId}
              error={errors.urlId}
              hint="Lower-case letters, digits and hyphens. Made from the title when left empty."
            />
            <SelectField
              name="productType"
              label="Product type"
              options={PRODUCT_TYPES.map((t) => ({ value: String(t), label: PRODUCT_TYPE_LABELS[t] }))}
              defaultValue={values.productType}
              error={errors.productType}
            />
            <SelectField
              name="collectionId"
              label="Collection"
              options={collectionOptions}
              defaultValue={values.collectionId}
              error={errors.collectionId}
            />
            {forms ? (
              <SelectField
                name="customFormId"
                label="Custom form"
                options={[{ value: '', label: 'None' }, ...forms.map((f) => ({ value: f.id, label: f.name }))]}
                defaultValue={forms.some((f) => f.id === values.customFormId) ? values.customFormId : ''}
                error={errors.customFormId}
                hint="Asked for when a shopper adds this product to the cart, such as engraving text or a date. Build forms under Forms."
              />
            ) : null}
            <TextAreaField
              name="body"
              label="Description"
              defaultValue={values.body}
              error={errors.body}
              rows={8}
              hint="HTML is allowed: scripts and styles are removed."
            />
            <TextAreaField name="excerpt" label="Excerpt" defaultValue={values.excerpt} error={errors.excerpt} rows={3} />
            <CheckboxField
              name="published"
              label="Published (visitors can see it)"
              defaultChecked={values.published}
              error={errors.published}
            />
            <Field
              name="tags"
              label="Tags"
              defaultValue={values.tags}
              error={errors.tags}
              hint="Separate with commas; each at most 50 characters."
            />
            <Field
              name="categories"
              label="Categories"
              defaultValue={values.categories}
              error={errors.categories}
              hint="Separate with commas; each at most 25 characters."
            />
          </section>

          <section className="card" aria-labelledby="product-merchandising">
            <h2 id="product-merchandising">Sold out and low stock</h2>
            <Field
              name="customSoldOutText"
              label="Sold-out label"
              defaultValue={values.customSoldOutText}
              error={errors.customSoldOutText}
              hint="Shown instead of “sold out” on this product when nothing is left. Empty: the shop’s own."
            />
            <CheckboxField
              name="scarcityEnabled"
              label="Show a scarcity notice when stock runs low"
              defaultChecked={values.scarcityEnabled}
              error={errors.scarcityEnabled}
            />
            <Field
              name="scarcityThreshold"
              label="Show it at"
              defaultValue={values.scarcityThreshold}
              error={errors.scarcityThreshold}
              inputMode="numeric"
              hint="The notice shows while a variant has this many or fewer left (and at least one)."
            />
            <Field
              name="scarcityText"
              label="Scarcity text"
              defaultValue={values.scarcityText}
              error={errors.scarcityText}
              hint="{qtyInStock} stands for the number left. Empty: “Only {qtyInStock} left in stock”."
            />
          </section>

          <section className="card" aria-labelledby="product-image">
            <h2 id="product-image">Image</h2>
            <ImagePicker images={images} value={values.assetUrl} savedImage={savedImage} error={errors.assetUrl} />
            {canUpload ? (
              <FieldFrame
                name="file"
                id="f-image-upload"
                label="Upload a new image"
                hint="It is added to Files and becomes this product's main image at once. Save other changes first."
                error={uploadError}
                alert
              >
                {(control) => <input {...control} type="file" name="file" accept={ACCEPT_IMAGES} form={IMAGE_UPLOAD_FORM_ID} required />}
              </FieldFrame>
            ) : null}
            {canUpload ? (
              <p>
                <button type="submit" className="secondary" form={IMAGE_UPLOAD_FORM_ID}>
                  Upload image
                </button>
              </p>
            ) : null}
            <Field
              name="originalSize"
              label="Image size (width x height)"
              defaultValue={values.originalSize}
              error={errors.originalSize}
              hint="Such as 1500x1000. Taken from the file when left empty."
            />
          </section>

          <fieldset className="card">
            <legend>Subscription</legend>
            <CheckboxField
              name="isSubscribable"
              label="Sell as a subscription"
              defaultChecked={values.isSubscribable}
              error={errors.isSubscribable}
              hint="Physical products and services only."
            />
            <div className="toolbar">
              <Field
                name="billingValue"
                label="Bill every"
                inputMode="numeric"
                size={4}
                defaultValue={values.billingValue}
                error={errors.billingValue}
              />
              <SelectField
                name="billingUnit"
                label="Period"
                options={BILLING_UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
                defaultValue={values.billingUnit}
                error={errors.billingUnit}
              />
              <Field
                name="numBillingCycles"
                label="Number of payments"
                inputMode="numeric"
                size={4}
                defaultValue={values.numBillingCycles}
                error={errors.numBillingCycles}
                hint="0 means until cancelled."
              />
            </div>
          </fieldset>

          <fieldset className="card">
            <legend>Options and variants</legend>
            <Field
              name="options"
              label="Option names"
              defaultValue={values.options}
              onChange={(e) => setOptionText(e.currentTarget.value)}
              error={errors.options}
              hint="Separate with commas, such as Size, Color. Each gets a column in the table below (without JavaScript, press Add more rows to see it)."
            />
            <p className="hint" id="variants-hint">
              Prices in {currency}. Rows left empty are ignored; empty a row (or tick Remove) to delete a variant.
            </p>
            {errors.variants ? (
              <p className="error" id="variants-error" role="alert">
                {errors.variants}
              </p>
            ) : null}
            <div className="table-scroll">
              <table className="data variants" aria-describedby="variants-hint">
                <caption className="visually-hidden">Variants</caption>
                <thead>
                  <tr>
                    <th scope="col">SKU</th>
                    {options.map((o, j) => (
                      // By place, as the form posts them (attrs[j]): renaming an option keeps its column's values.
                      <th scope="col" key={j}>
                        {o}
                      </th>
                    ))}
                    <th scope="col">Price</th>
                    <th scope="col">Sale price</th>
                    <th scope="col">On sale</th>
                    <th scope="col">Unlimited</th>
                    <th scope="col">In stock</th>
                    <th scope="col">Remove</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((v, i) => {
                    const n = `variants[${i}]`;
                    const row = `row ${i + 1}`;
                    return (
                      <tr key={i}>
                        <Cell name={`${n}.sku`} label={`SKU, ${row}`} defaultValue={v.sku} error={errors[`${n}.sku`]} size={12}>
                          {v.id ? <input type="hidden" name={`${n}.id`} value={v.id} /> : null}
                          {v.id && v.was ? <input type="hidden" name={`${n}.was`} value={v.was} /> : null}
                        </Cell>
                        {options.map((o, j) => (
                          <Cell
                            key={j}
                            name={`${n}.attrs[${j}]`}
                            label={`${o}, ${row}`}
                            defaultValue={v.attrs[j] ?? ''}
                            error={errors[`${n}.attrs[${j}]`]}
                            size={10}
                          />
                        ))}
                        <Cell
                          name={`${n}.price`}
                          label={`Price, ${row}`}
                          defaultValue={v.price}
                          error={errors[`${n}.price`]}
                          inputMode="decimal"
                          size={8}
                        />
                        <Cell
                          name={`${n}.salePrice`}
                          label={`Sale price, ${row}`}
                          defaultValue={v.salePrice}
                          error={errors[`${n}.salePrice`]}
                          inputMode="decimal"
                          size={8}
                        />
                        <Cell name={`${n}.onSale`} label={`On sale, ${row}`} type="checkbox" defaultChecked={v.onSale} />
                        <Cell name={`${n}.unlimited`} label={`Unlimited, ${row}`} type="checkbox" defaultChecked={v.unlimited} />
                        <Cell
                          name={`${n}.qty`}
                          label={`In stock, ${row}`}
                          defaultValue={v.qty}
                          error={errors[`${n}.qty`]}
                          inputMode="numeric"
                          size={6}
                        />
                        {v.id ? <Cell name={`${n}.remove`} label={`Remove, ${row}`} type="checkbox" defaultChecked={v.remove} /> : <td />}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {canWrite ? (
              <p>
                <button
                  type="submit"
                  name="intent"
                  value={ADD_ROWS}
                  className="secondary"
                  // With JavaScript no post: the rows are added at once (the post is the no-JS path).
                  onClick={(e) => {
                    e.preventDefault();
                    setShownRows(rowCount + BLANK_ROWS);
                  }}
                >
                  Add more rows
                </button>
              </p>
            ) : null}
          </fieldset>
        </fieldset>
        {canWrite ? (
          <p>
            <button type="submit" name="intent" value="save">
              Save
            </button>
          </p>
        ) : (
          <p className="hint">Your role on this site can look at products but not change them.</p>
        )}
      </Form>
    </>
  );
}

/**
 * The main image, picked from the site's images: a radio each, with a thumbnail, its size and the
 * day it was uploaded, so two files of one name are told apart (issue 33). Works without JavaScript.
 */
function ImagePicker({
  images,
  value,
  savedImage,
  error,
}: {
  images: PickerImage[];
  value: string;
  savedImage: string | null;
  error?: string;
}) {
  const known = (url: string) => images.some((i) => i.url === url);
  // The image the product has (or the form was posted with) stays choosable when it is no file of the site's.
  const others = [savedImage, value].filter((u, k, all): u is string => !!u && !known(u) && all.indexOf(u) === k);
  return (
    <FieldFrame
      name="assetUrl"
      label="Main image"
      hint={images.length === 0 ? 'Upload images in Files (or below) to choose one here.' : null}
      error={error}
      variant="group"
      className="image-picker"
    >
      {() => (
        <ul className="image-choices">
          <li>
            <label>
              <input type="radio" name="assetUrl" value="" defaultChecked={value === ''} /> No image
            </label>
          </li>
          {others.map((u) => (
            <li key={u}>
              <label>
                <input type="radio" name="assetUrl" value={u} defaultChecked={value === u} />{' '}
                {u === savedImage ? `Keep the current image (${u})` : u}
              </label>
            </li>
          ))}
          {images.map((i) => (
            <li key={i.id}>
              <label>
                <input type="radio" name="assetUrl" value={i.url} defaultChecked={value === i.url} />
                <img className="thumb" src={`/config/files/${i.id}/content`} alt="" width={48} height={48} loading="lazy" />
                <span>
                  <span className="image-name">{i.name}</span>{' '}
                  <span className="hint">{[i.originalSize, i.size, `uploaded ${i.uploaded}`].filter(Boolean).join(' · ')}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </FieldFrame>
  );
}
