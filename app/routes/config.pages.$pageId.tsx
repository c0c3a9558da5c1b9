// /config/pages/<id>: edit one page of the site, or delete it after a confirmation step (a page of
// its own, ?delete=confirm, so it works without JavaScript). The id must be a page of this site.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConflictNotice } from '../components/config/ConflictNotice.js';
import { FormError, Notice } from '../components/config/Field.js';
import { PAGE_FORM_ID, PageEditor } from '../components/config/PageEditor.js';
import { readReply } from '../components/config/reply.js';
import { PageBlocks } from '../components/config/PageBlocks.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  deletePage,
  isLiveStatus,
  PAGE_STATUSES,
  PAGE_TEXT,
  pageDetail,
  PageError,
  PageForm,
  pageVersioned,
  savePage,
  STATUS_LABELS,
  UNPUBLISHED_STATUSES,
} from '../config/pages.server.js';
import { linkChoices } from '../config/rich-text/link-choices.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { pageRights } from '../config/page-rights.js';
import { listBlocks } from '../config/blocks/blocks.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { otherLanguages } from '../languages/translation-forms.server.js';
import { TranslationTabs } from '../components/config/TranslationForm.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.page.title}` : 'Page' }];

const NOTICES: Record<string, string> = { created: 'Page created.', '1': 'Page saved.' };

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const page = await pageDetail(a.sql, a.site.id, args.params.pageId ?? '');
  if (!page) throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
  const url = new URL(args.request.url);
  const rights = pageRights(a.roleId, { live: isLiveStatus(page.status), wasLive: page.wasLive, isHome: page.isHome });
  const canPublish = rights.canPublish;
  const allowed = canPublish ? PAGE_STATUSES : UNPUBLISHED_STATUSES;
  const blocks = (await listBlocks(a.sql, a.site.id, page.id)) ?? [];
  return json(
    {
      page,
      blocks,
      confirmDelete: url.searchParams.get('delete') === 'confirm',
      notice: NOTICES[url.searchParams.get('saved') ?? ''] ?? null,
      canWrite: rights.canWrite,
      canPublish,
      canDelete: rights.canDelete,
      rightsHint: rights.hint,
      homeText: PAGE_TEXT.homePage,
      // The version the form is drawn at (issue 28): a save over a page changed since is a conflict.
      stamp: stampFor(pageVersioned(a.site.id, page.id), page),
      linkChoices: await linkChoices(a.sql, a.site.id),
      // The site's other languages: a tab each, to this page's translation (issue 16).
      languages: await otherLanguages(a.sql, a.site.id),
      // The page's own status stays in the list (shown as it is), even when this role cannot pick it.
      statuses: PAGE_STATUSES.filter((s) => allowed.includes(s) || s === page.status).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const id = args.params.pageId ?? '';
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  try {
    if (form.get('intent') === 'delete') {
      await deletePage(a, id);
      return redirect('/config/pages?deleted=1', 303);
    }
    const versioned = pageVersioned(a.site.id, id);
    const checked = await checkedSave(a.sql, form, versioned);
    if (checked.kind === 'missing') throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
    const submission = parseForm(checked.post, PageForm);
    // A refused post shows the form as the owner sent it (`form`), not the merged post that was checked.
    if (submission.status !== 'success') return json(withConflict(replyTo(submission, form, { formError: UI_TEXT.invalidForm })), 400);
    try {
      const saved = await savePage(a, id, submission.value, checked.guard);
      return redirect(`/config/pages/${encodeURIComponent(saved.id)}?saved=1`, 303);
    } catch (e) {
      if (!(e instanceof VersionConflict)) throw e;
      const conflict = await conflictFor(a.sql, form, versioned);
      if (!conflict) throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
      return json(withConflict(replyTo(submission, form), conflict), 409);
    }
  } catch (e) {
    if (!(e instanceof PageError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const error = e.status === 400 ? UI_TEXT.invalidForm : e.message;
    // Refused after the fields were checked (a URL taken) or without checking them (a delete).
    return json(withConflict(refusedReply(error, form, e.field ? { [e.field]: e.message } : {})), e.status === 403 ? 403 : 400);
  }
}

export default function EditPage() {
  const data = useLoaderData<typeof loader>();
  const { page, blocks, confirmDelete, notice, canWrite, canPublish, canDelete, rightsHint, homeText, statuses, linkChoices, languages } =
    data;
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const t = failed?.typed?.intent === 'save' ? failed.typed : null;
  // A form drawn again after a refused save keeps the version it was first drawn at.
  const stamp = t ? stampOfTyped(t) : data.stamp;
  return (
    <>
      <p>
        <Link to="/config/pages">Pages</Link>
      </p>
      <h1>{`Edit ${page.title}`}</h1>
      {languages.length > 0 ? (
        <TranslationTabs base={`/config/pages/${encodeURIComponent(page.id)}`} current={null} languages={languages} label="Page" />
      ) : null}
      <p>
        <span className={`badge ${page.live ? 'ok' : 'warn'}`}>{page.label}</span>{' '}
        {page.live ? (
          <a href={`/${page.urlId}`} target="_blank" rel="noreferrer">
            View /{page.urlId}
          </a>
        ) : (
          <span>/{page.urlId} (visitors do not see it)</span>
        )}
      </p>
      <p>
        <Link to={`/config/pages/${encodeURIComponent(page.id)}/access`}>Who can see this page (password, members only)</Link>
      </p>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId={PAGE_FORM_ID} reloadTo={`/config/pages/${encodeURIComponent(page.id)}`} />
      {confirmDelete ? (
        <section className="card" aria-labelledby="delete-h">
          <h2 id="delete-h">{`Delete ${page.title}?`}</h2>
          <p>This can&apos;t be undone. The page and every menu link to it are removed.</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="danger" disabled={!canDelete}>
              Delete page
            </button>
            <Link to={`/config/pages/${encodeURIComponent(page.id)}`} className="button secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <PageEditor
        values={{
          title: t?.title ?? page.title,
          urlId: t?.urlId ?? page.urlId,
          description: t?.description ?? page.description,
          body: t?.body ?? page.body,
          seoTitle: t?.seoTitle ?? page.seoTitle,
          seoDescription: t?.seoDescription ?? page.seoDescription,
          status: t?.status ?? page.status,
          publishAt: t?.publishAt ?? page.publishAtLocal,
          hidden: t ? Boolean(t.hidden) : page.link === 'hidden',
        }}
        linkChoices={linkChoices}
        errors={failed?.errors ?? {}}
        statuses={statuses}
        timeZone={page.timeZone}
        canWrite={canWrite}
        canPublish={canPublish}
        rightsHint={rightsHint}
        submitLabel="Save page"
        stamp={stamp}
      />
      <PageBlocks pageId={page.id} blocks={blocks} canWrite={canWrite} />
      {canDelete && !confirmDelete ? (
        <p>
          <Link to="?delete=confirm" className="button secondary">
            Delete this page…
          </Link>
        </p>
      ) : page.isHome ? (
        <p className="hint">{homeText}</p>
      ) : null}
    </>
  );
}
