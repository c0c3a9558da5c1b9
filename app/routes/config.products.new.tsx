// /config/products/new: the product form for a new product. Saving creates it (item, product and
// variants at once) and opens its own page; what was typed stays on the form when a save is refused.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ProductForm } from '../components/config/ProductForm.js';
import { readReply, typedForm } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { BLANK_ROWS, blankVariant, newProductValues, typedProductValues } from '../config/product-form.js';
import { imageFiles, productCollections, submitProductForm } from '../config/products.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { listForms } from '../forms/forms.server.js';
import stylesheet from '../styles/config-products.css?url';
import { readForm, redrawReply, refusedReply, replyTo } from '../utils/form.server.js';

export const headers = ownerPageHeaders;

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

export const meta: MetaFunction = () => [{ title: 'New product' }, { name: 'robots', content: 'noindex' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  const [collections, images, forms] = await Promise.all([
    productCollections(a.sql, a.site.id),
    imageFiles(a.sql, a.site.id),
    // The forms a shopper may be asked to fill in at add to cart (issue 30).
    listForms(a.sql, a.site.id),
  ]);
  const values = newProductValues(collections[0]?.id ?? '');
  values.variants = Array.from({ length: BLANK_ROWS }, blankVariant);
  return json(
    {
      values,
      collections,
      images,
      forms: forms.map((f) => ({ id: f.id, name: f.name })),
      currency: a.site.currency,
      canWrite: a.can('products.write'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const result = await submitProductForm(a, form, null);
  switch (result.kind) {
    case 'saved':
      return redirect(`/config/products/${encodeURIComponent(result.id)}?saved=created`, 303);
    case 'missing':
      throw json({ error: 'There is no such product on this site.' }, { status: 404 });
    case 'unreadable':
      return json(refusedReply(), 400);
    case 'more-rows':
      return json(redrawReply(form));
    case 'refused':
      // A new product has no version to conflict with: only its fields refuse it.
      return json(replyTo(result.submission, form, result.refusal), 400);
  }
}

export default function NewProduct() {
  const data = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  return (
    <>
      <p>
        <Link to="/config/products">Products</Link>
      </p>
      <h1>New product</h1>
      {data.collections.length === 0 ? (
        <p className="empty">This site has no product collection yet: add a store to the site first.</p>
      ) : null}
      <ProductForm
        // Not keyed: a refused save keeps the form mounted, so its inputs keep what was typed since.
        values={failed?.typed ? typedProductValues(typedForm(failed)) : data.values}
        errors={failed?.errors ?? {}}
        formError={failed?.formError}
        collections={data.collections}
        images={data.images}
        savedImage={null}
        currency={data.currency}
        canWrite={data.canWrite}
        forms={data.forms}
      />
    </>
  );
}
