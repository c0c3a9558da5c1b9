// /config/products/<id>: one product of the site in the product form (a product of another site is
// a 404). Saving updates it and its variants at once; deleting asks first (a second post confirms),
// which works without JavaScript. Roles that may only read see the form disabled.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { ConflictNotice } from '../components/config/ConflictNotice.js';
import { Notice } from '../components/config/Field.js';
import { IMAGE_UPLOAD_FORM_ID, PRODUCT_FORM_ID, ProductForm } from '../components/config/ProductForm.js';
import type { UploadRefusal } from '../config/files.server.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  deleteProduct,
  imageFiles,
  loadProduct,
  NOT_FOUND_TEXT,
  productCollections,
  productFormValues,
  productStamp,
  submitProductForm,
} from '../config/products.server.js';
import { withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { typedProductValues } from '../config/product-form.js';
import { readReply, typedForm } from '../components/config/reply.js';
import { ownerAccess } from '../config/route-access.server.js';
import { listForms } from '../forms/forms.server.js';
import stylesheet from '../styles/config-products.css?url';
import { parseForm, readForm, redrawReply, refusedReply, replyTo } from '../utils/form.server.js';
import { otherLanguages } from '../languages/translation-forms.server.js';
import { TranslationTabs } from '../components/config/TranslationForm.js';
import { ProductDownloadFile } from '../components/config/ProductDownloadFile.js';
import {
  DOWNLOAD_FILE_TEXT,
  DownloadFileForm,
  downloadFileChoices,
  productDownloadFile,
  setProductDownloadFile,
} from '../config/product-download.server.js';

export const headers = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.title} — Products` : 'Product' },
  { name: 'robots', content: 'noindex' },
];

const notFound = () => json({ error: NOT_FOUND_TEXT }, { status: 404, headers: { 'Cache-Control': 'no-store' } });

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  const id = args.params.id ?? '';
  const product = await loadProduct(a.sql, a.site.id, id);
  if (!product) throw notFound();
  const [collections, images, languages, forms] = await Promise.all([
    productCollections(a.sql, a.site.id),
    imageFiles(a.sql, a.site.id),
    // The site's other languages: a tab each, to this product's translation (issue 16).
    otherLanguages(a.sql, a.site.id),
    // The forms a shopper may be asked to fill in at add to cart (issue 30).
    listForms(a.sql, a.site.id),
  ]);
  // A digital product's file (issue 33), picked from the site's files.
  const download =
    product.productType === 2
      ? { fileId: await productDownloadFile(a.sql, a.site.id, id), files: await downloadFileChoices(a.sql, a.site.id) }
      : null;
  const saved = new URL(args.request.url).searchParams.get('saved');
  return json(
    {
      product: {
        id: product.id,
        title: product.title,
        publicUrl: product.publicUrl,
        published: product.published,
        assetUrl: product.assetUrl,
      },
      values: productFormValues(product, a.site.currency),
      // The version the form is drawn at (issue 28): a save over a product changed since is a conflict.
      stamp: productStamp(product, a.site.currency),
      collections,
      images,
      languages,
      forms: forms.map((f) => ({ id: f.id, name: f.name })),
      download,
      currency: a.site.currency,
      canWrite: a.can('products.write'),
      // An uploaded image lands in Files too (issue 33).
      canUpload: a.can('products.write') && a.can('files.write'),
      notice:
        saved === 'created'
          ? 'Product created.'
          : saved === 'download'
            ? DOWNLOAD_FILE_TEXT.saved
            : saved === 'image'
              ? 'Image uploaded. It is now the product’s main image.'
              : saved
                ? 'Product saved.'
                : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const id = args.params.id ?? '';
  const product = await loadProduct(a.sql, a.site.id, id);
  if (!product) throw notFound();
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  const intent = form.get('intent');
  // "Delete product" asks first: the screen drawn again with the confirmation (the reply's intent).
  if (intent === 'delete') return json(withConflict(redrawReply(form)));
  if (intent === 'confirm-delete') {
    if ((await deleteProduct(a, id)) === null) throw notFound();
    return redirect('/config/products?deleted=1', 303);
  }
  if (intent === 'download-file') {
    const submission = parseForm(form, DownloadFileForm);
    const r =
      submission.status === 'success'
        ? await setProductDownloadFile(a, id, submission.value.digitalFileId)
        : { ok: false as const, error: DOWNLOAD_FILE_TEXT.notAFile };
    if (r.ok) return redirect(`/config/products/${encodeURIComponent(id)}?saved=download`, 303);
    // The download card's own field says why; the product form above it is not concerned.
    return json(withConflict(replyTo(submission, form, { fieldErrors: { digitalFileId: r.error } })), 400);
  }
  const result = await submitProductForm(a, form, id);
  switch (result.kind) {
    case 'saved':
      return redirect(`/config/products/${encodeURIComponent(result.id)}?saved=1`, 303);
    case 'missing':
      throw notFound();
    case 'unreadable':
      return json(withConflict(refusedReply()), 400);
    case 'more-rows':
      return json(withConflict(redrawReply(form)));
    case 'refused':
      // What was typed goes back with the version the form was first drawn at (its stamp fields),
      // so a save from the form drawn again stays checked against it.
      return json(withConflict(replyTo(result.submission, form, result.refusal), result.conflict), result.conflict ? 409 : 400);
  }
}

/** Whether a reply's post was the product form's (a save, "Add more rows"), not the delete or download file's. */
const productPost = (intent: string | undefined) => intent !== 'delete' && intent !== 'download-file';

export default function EditProduct() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const intent = failed?.typed?.intent;
  const confirmDelete = intent === 'delete';
  // The product form drawn again as typed (a refused save, "Add more rows"), with the version it was first drawn at.
  const redrawn = failed?.typed && productPost(intent) ? failed : null;
  const stamp = redrawn ? stampOfTyped(redrawn.typed) : data.stamp;
  const { product } = data;
  const base = `/config/products/${encodeURIComponent(product.id)}`;
  // The image upload: with JavaScript a refusal is shown by the field (a success opens the product
  // again, as its redirect says); without, the post opens the upload route's own page.
  const upload = useFetcher<UploadRefusal>();
  const uploadError = upload.state === 'idle' && upload.data && 'reason' in upload.data ? upload.data.reason : null;
  return (
    <>
      <p>
        <Link to="/config/products">Products</Link>
      </p>
      <h1>{product.title}</h1>
      {data.languages.length > 0 ? (
        <TranslationTabs
          base={`/config/products/${encodeURIComponent(product.id)}`}
          current={null}
          languages={data.languages}
          label="Product"
        />
      ) : null}
      <p>
        {product.published ? (
          <a href={product.publicUrl} target="_blank" rel="noreferrer">
            View on site
          </a>
        ) : (
          <span className="badge">Not published</span>
        )}
      </p>
      <Notice message={reply ? null : data.notice} />
      <ConflictNotice conflict={reply?.conflict} formId={PRODUCT_FORM_ID} reloadTo={`/config/products/${encodeURIComponent(product.id)}`} />
      {confirmDelete ? (
        <section className="card confirm" aria-labelledby="confirm-delete" role="alertdialog">
          <h2 id="confirm-delete">{`Delete “${product.title}”?`}</h2>
          <p>This can&apos;t be undone. The product and its variants are removed, and visitors can no longer buy it.</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="confirm-delete" />
            <button type="submit" className="danger">
              Delete permanently
            </button>
            <Link to={`/config/products/${encodeURIComponent(product.id)}`} className="button secondary">
              Cancel
            </Link>
          </Form>
        </section>
      ) : null}
      <ProductForm
        // Drawn afresh only for another product or version (a save that changed it: rows may have
        // moved). A refused post keeps the form mounted, so its inputs keep what was typed since.
        key={`${product.id}@${stamp?.version ?? data.stamp.version}`}
        values={redrawn ? typedProductValues(typedForm(redrawn)) : data.values}
        errors={failed?.errors ?? {}}
        formError={failed?.formError}
        collections={data.collections}
        images={data.images}
        savedImage={product.assetUrl}
        currency={data.currency}
        canWrite={data.canWrite}
        stamp={stamp}
        canUpload={data.canUpload}
        uploadError={uploadError}
        forms={data.forms}
      />
      {data.canUpload ? (
        // Empty: its file input and button sit in the product form's Image card (form="…").
        <upload.Form id={IMAGE_UPLOAD_FORM_ID} method="post" action={`${base}/image`} encType="multipart/form-data" />
      ) : null}
      {data.download ? (
        <ProductDownloadFile
          fileId={data.download.fileId}
          files={data.download.files}
          error={intent === 'download-file' ? failed?.errors.digitalFileId : null}
          canWrite={data.canWrite}
        />
      ) : null}
      {data.canWrite && !confirmDelete ? (
        <section className="card" aria-labelledby="danger-zone">
          <h2 id="danger-zone">Delete this product</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="danger">
              Delete product
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
