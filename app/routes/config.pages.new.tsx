// /config/pages/new: a new page of the site (app/config/pages.server.ts does the work).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError } from '../components/config/Field.js';
import { PageEditor } from '../components/config/PageEditor.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { PAGE_STATUSES, PageError, PageForm, savePage, STATUS_LABELS, UNPUBLISHED_STATUSES } from '../config/pages.server.js';
import { siteTimeZone } from '../config/site-time.server.js';
import { linkChoices } from '../config/rich-text/link-choices.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { pageRights } from '../config/page-rights.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'New page' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const { canWrite, canPublish, hint } = pageRights(a.roleId, null);
  return json(
    {
      timeZone: await siteTimeZone(a.sql, a.site.id),
      canWrite,
      canPublish,
      rightsHint: hint,
      linkChoices: await linkChoices(a.sql, a.site.id),
      statuses: (canPublish ? PAGE_STATUSES : UNPUBLISHED_STATUSES).map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const submission = parseForm(form, PageForm);
  if (submission.status !== 'success') return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm }), 400);
  try {
    const saved = await savePage(a, null, submission.value);
    return redirect(`/config/pages/${encodeURIComponent(saved.id)}?saved=created`, 303);
  } catch (e) {
    if (!(e instanceof PageError)) throw e;
    const error = e.status === 400 ? UI_TEXT.invalidForm : e.message;
    return json(
      replyTo(submission, form, { formError: error, fieldErrors: e.field ? { [e.field]: e.message } : {} }),
      e.status === 403 ? 403 : 400,
    );
  }
}

export default function NewPage() {
  const d = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const t = failed?.typed;
  return (
    <>
      <p>
        <Link to="/config/pages">Pages</Link>
      </p>
      <h1>New page</h1>
      <FormError message={failed?.formError} />
      <PageEditor
        values={{
          title: t?.title ?? '',
          urlId: t?.urlId ?? '',
          description: t?.description ?? '',
          body: t?.body ?? '',
          seoTitle: t?.seoTitle ?? '',
          seoDescription: t?.seoDescription ?? '',
          status: t?.status ?? (d.canPublish ? 'published' : 'draft'),
          publishAt: t?.publishAt ?? '',
          hidden: t ? Boolean(t.hidden) : !d.canPublish,
        }}
        linkChoices={d.linkChoices}
        errors={failed?.errors ?? {}}
        statuses={d.statuses}
        timeZone={d.timeZone}
        canWrite={d.canWrite}
        canPublish={d.canPublish}
        rightsHint={d.rightsHint}
        submitLabel="Create page"
      />
    </>
  );
}
