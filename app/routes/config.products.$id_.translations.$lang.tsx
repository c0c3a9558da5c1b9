// /config/products/<id>/translations/<code>: a product's title, summary and description in one of
// the site's other languages (issue 16). products.read opens it, products.write saves; a failed
// save keeps what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { readReply } from '../components/config/reply.js';
import { TranslationForm, TranslationTabs } from '../components/config/TranslationForm.js';
import { ownerPageHeaders } from '../config/http.js';
import { loadProduct, NOT_FOUND_TEXT } from '../config/products.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { stampFor } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import {
  otherLanguages,
  postTranslation,
  ProductTranslationForm,
  saveProductTranslation,
  productTranslationVersioned,
  translatableLanguage,
  TRANSLATION_TEXT,
} from '../languages/translation-forms.server.js';
import { readItemTranslation } from '../languages/translations.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.title} in ${data.language.name}` : 'Translation' },
  { name: 'robots', content: 'noindex' },
];

const NO_STORE = { 'Cache-Control': 'no-store' };

async function target(args: LoaderFunctionArgs | ActionFunctionArgs, permission: 'products.read' | 'products.write') {
  const a = await ownerAccess(args, permission);
  const product = await loadProduct(a.sql, a.site.id, args.params.id ?? '');
  if (!product) throw json({ error: NOT_FOUND_TEXT }, { status: 404, headers: NO_STORE });
  const language = await translatableLanguage(a.sql, a.site.id, args.params.lang ?? '');
  if (!language) throw json({ error: TRANSLATION_TEXT.notOffered }, { status: 404, headers: NO_STORE });
  return { a, product, language };
}

export async function loader(args: LoaderFunctionArgs) {
  const { a, product, language } = await target(args, 'products.read');
  const [t, languages] = await Promise.all([readItemTranslation(a.sql, product.id, language.code), otherLanguages(a.sql, a.site.id)]);
  const saved = new URL(args.request.url).searchParams.get('saved') === '1';
  const values = { title: t.title ?? '', slug: t.slug ?? '', excerpt: t.excerpt ?? '', body: t.body ?? '' };
  return json(
    {
      product: {
        id: product.id,
        title: product.title,
        urlId: product.urlId,
        excerpt: product.excerpt,
        body: product.body,
        publicUrl: product.publicUrl,
      },
      language,
      languages,
      values,
      // The version the form is drawn at (issue 28): a save over a translation changed since is a conflict.
      stamp: stampFor(productTranslationVersioned(a.site.id, product.id, language.code), values),
      machine: t.machineFields,
      notice: saved ? TRANSLATION_TEXT.saved(language.name) : null,
      canWrite: a.can('products.write'),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { a, product, language } = await target(args, 'products.write');
  const r = await postTranslation(
    args.request,
    ProductTranslationForm,
    (v, guard) => saveProductTranslation(a, product.id, language.code, v, guard),
    {
      db: a.sql,
      versioned: productTranslationVersioned(a.site.id, product.id, language.code),
    },
  );
  if (!r.ok) return json(r.reply, r.status);
  return redirect(`/config/products/${encodeURIComponent(product.id)}/translations/${language.code}?saved=1`, 303);
}

export default function ProductTranslation() {
  const { product, language, languages, values, machine, notice, canWrite, stamp } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const v = failed?.typed ?? values;
  return (
    <>
      <p>
        <Link to="/config/products">Products</Link>
      </p>
      <h1>{`${product.title} in ${language.name}`}</h1>
      <TranslationTabs
        base={`/config/products/${encodeURIComponent(product.id)}`}
        current={language.code}
        languages={languages}
        label="Product"
      />
      <p>
        <a href={`/${language.code}${product.publicUrl}`} target="_blank" rel="noreferrer">
          View /{language.code}
          {product.publicUrl}
        </a>
      </p>
      <TranslationForm
        stamp={failed ? stampOfTyped(failed.typed) : stamp}
        conflict={reply?.conflict}
        reloadTo={`/config/products/${encodeURIComponent(product.id)}/translations/${language.code}`}
        language={language.code}
        notice={failed ? null : notice}
        error={failed?.formError ?? null}
        errors={failed?.errors ?? {}}
        canWrite={canWrite}
        submitLabel={`Save ${language.name}`}
        fields={[
          {
            name: 'title',
            label: 'Title',
            maxLength: 200,
            original: product.title,
            value: v.title ?? '',
            machine: machine.includes('title'),
          },
          { name: 'slug', label: 'URL slug', maxLength: 100, original: product.urlId, value: v.slug ?? '' },
          {
            name: 'excerpt',
            label: 'Summary',
            multiline: true,
            original: product.excerpt,
            value: v.excerpt ?? '',
            machine: machine.includes('excerpt'),
          },
          {
            name: 'body',
            label: 'Description (HTML)',
            multiline: true,
            original: product.body,
            value: v.body ?? '',
            machine: machine.includes('body'),
          },
        ]}
      />
    </>
  );
}
