// /config/products/<id>/image: the product screen's "Upload image" posts here (multipart). The file
// goes through the file manager's upload (checked by its bytes, SVG sanitised, size limits) into
// Files, and becomes the product's main image. Needs products.write and files.write. A refused
// upload without JavaScript is answered by this page (the reason and the form again); with it, the
// product screen shows the reason by the field. A GET shows the upload form alone.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useParams } from '@remix-run/react';
import { forbidden } from '../auth/permissions.server.js';
import { ACCEPT_IMAGES, FILE_TEXT } from '../utils/file-types.js';
import { uploadFile, type UploadRefusal } from '../config/files.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { attachProductImage, loadProduct, NOT_FOUND_TEXT } from '../config/products.server.js';
import { ownerAccess } from '../config/route-access.server.js';

export const headers = ownerPageHeaders;

export const meta: MetaFunction = () => [{ title: FILE_TEXT.uploadTitle }, { name: 'robots', content: 'noindex' }];

const productPage = (id: string) => `/config/products/${encodeURIComponent(id)}`;

// No redirect here: after a refused post Remix runs this loader to draw the page with the reason.
export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  return json({ canUpload: a.can('products.write') && a.can('files.write') }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  // The file lands in Files too: a role that may not upload there may not upload here.
  if (!a.can('files.write')) throw forbidden();
  const id = args.params.id ?? '';
  // Before the body is read: no file is kept for a product that is not there.
  if (!(await loadProduct(a.sql, a.site.id, id)))
    throw json({ error: NOT_FOUND_TEXT }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const result = await uploadFile(a, args.request, { imagesOnly: true });
  if (!result.ok)
    return json<UploadRefusal>({ reason: result.reason }, { status: result.status, headers: { 'Cache-Control': 'no-store' } });
  if (!(await attachProductImage(a, id, result.file)))
    throw json({ error: NOT_FOUND_TEXT }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  return redirect(`${productPage(id)}?saved=image`, 303);
}

export default function ProductImageUpload() {
  const failed = useActionData<typeof action>();
  const { canUpload } = useLoaderData<typeof loader>();
  const back = productPage(useParams().id ?? '');
  return (
    <>
      <p>
        <Link to={back}>Back to the product</Link>
      </p>
      <h1>{failed ? FILE_TEXT.uploadTitle : 'Upload an image'}</h1>
      {failed ? (
        <div className="form-error" role="alert">
          <p>{FILE_TEXT.uploadText}</p>
          <p>{failed.reason}</p>
        </div>
      ) : null}
      {canUpload ? (
        <Form method="post" encType="multipart/form-data" className="card">
          <div className="field">
            <label htmlFor="f-image-upload">Upload a new image</label>
            <span className="hint" id="f-image-upload-hint">
              It is added to Files and becomes this product&apos;s main image.
            </span>
            <input id="f-image-upload" type="file" name="file" accept={ACCEPT_IMAGES} required aria-describedby="f-image-upload-hint" />
          </div>
          <button type="submit">Upload image</button>
        </Form>
      ) : (
        <p>Your role on this site does not allow uploading product images.</p>
      )}
    </>
  );
}
