// /config/pages/<id>/translations/<code>: a page's fields in one of the site's other languages
// (issue 16). pages.read opens it, pages.write saves; a failed save keeps what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { readReply } from '../components/config/reply.js';
import { TranslationForm, TranslationTabs } from '../components/config/TranslationForm.js';
import { ownerPageHeaders } from '../config/http.js';
import { PAGE_TEXT, pageDetail } from '../config/pages.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { stampFor } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import {
  otherLanguages,
  postTranslation,
  PageTranslationForm,
  savePageTranslation,
  pageTranslationVersioned,
  translatableLanguage,
  TRANSLATION_TEXT,
} from '../languages/translation-forms.server.js';
import { readCollectionTranslation } from '../languages/translations.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.page.title} in ${data.language.name}` : 'Translation' },
];

const NO_STORE = { 'Cache-Control': 'no-store' };

async function target(args: LoaderFunctionArgs | ActionFunctionArgs, permission: 'pages.read' | 'pages.publish') {
  const a = await ownerAccess(args, permission);
  const page = await pageDetail(a.sql, a.site.id, args.params.pageId ?? '');
  if (!page) throw json({ error: PAGE_TEXT.notFound }, { status: 404, headers: NO_STORE });
  const language = await translatableLanguage(a.sql, a.site.id, args.params.lang ?? '');
  if (!language) throw json({ error: TRANSLATION_TEXT.notOffered }, { status: 404, headers: NO_STORE });
  return { a, page, language };
}

export async function loader(args: LoaderFunctionArgs) {
  const { a, page, language } = await target(args, 'pages.read');
  const [t, languages] = await Promise.all([readCollectionTranslation(a.sql, page.id, language.code), otherLanguages(a.sql, a.site.id)]);
  const saved = new URL(args.request.url).searchParams.get('saved') === '1';
  const values = {
    title: t.title ?? '',
    slug: t.slug ?? '',
    description: t.description ?? '',
    body: t.body ?? '',
    seoTitle: t.seoTitle ?? '',
    seoDescription: t.seoDescription ?? '',
  };
  return json(
    {
      page: {
        id: page.id,
        title: page.title,
        urlId: page.urlId,
        description: page.description,
        body: page.body,
        seoTitle: page.seoTitle,
        seoDescription: page.seoDescription,
      },
      language,
      languages,
      values,
      // The version the form is drawn at (issue 28): a save over a translation changed since is a conflict.
      stamp: stampFor(pageTranslationVersioned(a.site.id, page.id, language.code), values),
      machine: t.machineFields,
      notice: saved ? TRANSLATION_TEXT.saved(language.name) : null,
      // A translation is live at once: only a role that may publish pages saves one.
      canWrite: a.can('pages.publish'),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { a, page, language } = await target(args, 'pages.publish');
  const r = await postTranslation(
    args.request,
    PageTranslationForm,
    (v, guard) => savePageTranslation(a, page.id, language.code, v, guard),
    {
      db: a.sql,
      versioned: pageTranslationVersioned(a.site.id, page.id, language.code),
    },
  );
  if (!r.ok) return json(r.reply, r.status);
  return redirect(`/config/pages/${encodeURIComponent(page.id)}/translations/${language.code}?saved=1`, 303);
}

export default function PageTranslation() {
  const { page, language, languages, values, machine, notice, canWrite, stamp } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const v = failed?.typed ?? values;
  const base = `/config/pages/${encodeURIComponent(page.id)}`;
  return (
    <>
      <p>
        <Link to="/config/pages">Pages</Link>
      </p>
      <h1>{`${page.title} in ${language.name}`}</h1>
      <TranslationTabs base={base} current={language.code} languages={languages} label="Page" />
      <p>
        <a href={`/${language.code}/${values.slug || page.urlId}`} target="_blank" rel="noreferrer">
          View /{language.code}/{values.slug || page.urlId}
        </a>
      </p>
      <TranslationForm
        stamp={failed ? stampOfTyped(failed.typed) : stamp}
        conflict={reply?.conflict}
        reloadTo={`${base}/translations/${language.code}`}
        language={language.code}
        notice={failed ? null : notice}
        error={failed?.formError ?? null}
        errors={failed?.errors ?? {}}
        canWrite={canWrite}
        submitLabel={`Save ${language.name}`}
        fields={[
          { name: 'title', label: 'Title', maxLength: 200, original: page.title, value: v.title ?? '', machine: machine.includes('title') },
          { name: 'slug', label: 'URL slug', maxLength: 63, original: page.urlId, value: v.slug ?? '' },
          {
            name: 'description',
            label: 'Description',
            multiline: true,
            original: page.description,
            value: v.description ?? '',
            machine: machine.includes('description'),
          },
          {
            name: 'body',
            label: 'Body (HTML)',
            multiline: true,
            original: page.body,
            value: v.body ?? '',
            machine: machine.includes('body'),
          },
          {
            name: 'seoTitle',
            label: 'SEO title',
            original: page.seoTitle,
            value: v.seoTitle ?? '',
            machine: machine.includes('seo_title'),
          },
          {
            name: 'seoDescription',
            label: 'SEO description',
            multiline: true,
            original: page.seoDescription,
            value: v.seoDescription ?? '',
            machine: machine.includes('seo_description'),
          },
        ]}
      />
    </>
  );
}
