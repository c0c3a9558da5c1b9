// /config/navigation/translations/<code>: the menus' labels in one of the site's other languages
// (ADR 0019). pages.read opens it; saving needs pages.write and pages.publish, as saving a menu
// does. A plain form (no JavaScript needed); a refused save keeps what was typed, and a save over
// labels changed since the form was drawn is the conflict screen (issue 28).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Fragment } from 'react';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { FieldFrame, FormError, Notice } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { TranslationTabs } from '../components/config/TranslationForm.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { stampFor } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import {
  MAX_LABEL,
  NAV_LABEL_TEXT,
  navigationLabelRows,
  navigationLabelsVersioned,
  postNavigationLabels,
} from '../languages/navigation-labels.server.js';
import { otherLanguages, translatableLanguage, TRANSLATION_TEXT } from '../languages/translation-forms.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Navigation in ${data.language.name}` : 'Translation' }];

const NO_STORE = { 'Cache-Control': 'no-store' };

async function target(args: LoaderFunctionArgs | ActionFunctionArgs, permission: 'pages.read' | 'pages.write') {
  const a = await ownerAccess(args, permission);
  const language = await translatableLanguage(a.sql, a.site.id, args.params.lang ?? '');
  if (!language) throw json({ error: TRANSLATION_TEXT.notOffered }, { status: 404, headers: NO_STORE });
  return { a, language };
}

export async function loader(args: LoaderFunctionArgs) {
  const { a, language } = await target(args, 'pages.read');
  const [rows, languages] = await Promise.all([navigationLabelRows(a.sql, a.site.id, language.code), otherLanguages(a.sql, a.site.id)]);
  const saved = new URL(args.request.url).searchParams.get('saved') === '1';
  return json(
    {
      language,
      languages,
      rows,
      // The version the form is drawn at (issue 28): a save over labels changed since is a conflict.
      stamp: stampFor(navigationLabelsVersioned(a.site.id, language.code), rows),
      maxLabel: MAX_LABEL,
      notice: saved ? NAV_LABEL_TEXT.saved(language.name) : null,
      canWrite: a.can('pages.write') && a.can('pages.publish'),
    },
    { headers: NO_STORE },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { a, language } = await target(args, 'pages.write');
  const r = await postNavigationLabels(a, args.request, language.code);
  if (!r.ok) return json(r.reply, r.status);
  return redirect(`/config/navigation/translations/${language.code}?saved=1`, 303);
}

export default function NavigationTranslation() {
  const { language, languages, rows, stamp, maxLabel, notice, canWrite } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const typed = failed?.typed ?? null;
  const errors = failed?.errors ?? {};
  return (
    <>
      <p>
        <Link to="/config/navigation">Navigation</Link>
      </p>
      <h1>{`Navigation in ${language.name}`}</h1>
      <TranslationTabs base="/config/navigation" current={language.code} languages={languages} label="Navigation" />
      <ConflictNotice
        conflict={reply?.conflict}
        formId="navigation-labels-form"
        reloadTo={`/config/navigation/translations/${language.code}`}
      />
      <Form method="post" className="card" id="navigation-labels-form" aria-label={`Save ${language.name} labels`}>
        {/* A form drawn again after a refused post keeps the version it was posted with. */}
        <StampFields stamp={typed ? stampOfTyped(typed) : stamp} />
        <Notice message={failed ? null : notice} />
        <FormError message={failed?.formError} />
        <p className="hint">
          Each label is used wherever a link has that text in the default language. A link left without a label shows the translated title
          of the page it links to, else its default label.
        </p>
        {rows.length === 0 ? <p className="empty">The menus have no links yet.</p> : null}
        <fieldset disabled={!canWrite} lang={language.code}>
          {rows.map((r, i) => {
            const name = `items[${i}].label`;
            const value = typed ? (typed[name] ?? '') : r.label;
            return (
              <Fragment key={r.title}>
                <input type="hidden" name={`items[${i}].title`} value={r.title} />
                {/* The label and hint are in the default language, the label typed in `language`. */}
                <FieldFrame
                  name={name}
                  id={`f-label-${i}`}
                  label={r.title}
                  lang=""
                  hint={`${r.where}. Without a label: ${r.fallback ?? r.title}`}
                  error={errors[name]}
                >
                  {({ id, ...aria }) => (
                    <input id={id} name={name} defaultValue={value} maxLength={maxLabel} placeholder={r.fallback ?? r.title} {...aria} />
                  )}
                </FieldFrame>
              </Fragment>
            );
          })}
          <button type="submit">{`Save ${language.name} labels`}</button>
        </fieldset>
        {canWrite ? null : <p className="hint">Your role cannot change the navigation visitors see; an editor can.</p>}
      </Form>
    </>
  );
}
