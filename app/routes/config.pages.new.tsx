// /config/pages/new: a new page of the site (app/config/pages.server.ts does the work).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError } from '../components/config/Field.js';
import { PageEditor } from '../components/config/PageEditor.js';
import { ownerPageHeaders } from '../config/http.js';
import { PAGE_STATUSES, PageError, PageForm, savePage, STATUS_LABELS, UNPUBLISHED_STATUSES } from '../config/pages.server.js';
import { siteTimeZone } from '../config/site-time.server.js';
import { linkChoices } from '../config/rich-text/link-choices.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { pageRights } from '../config/page-rights.js';
import { firstErrors, parseForm, readForm } from '../utils/form.server.js';

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

const INVALID = 'Update the missing or invalid information above.';

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  if (!form)
    return json({ error: 'The form could not be read.', fields: {} as Record<string, string>, typed: {} as Record<string, string> }, 400);
  const typed: Record<string, string> = Object.fromEntries(form);
  const parsed = parseForm(form, PageForm);
  if (parsed.status !== 'success') return json({ error: INVALID, fields: firstErrors(parsed.error ?? undefined), typed }, 400);
  try {
    const saved = await savePage(a, null, parsed.value);
    return redirect(`/config/pages/${encodeURIComponent(saved.id)}?saved=created`, 303);
  } catch (e) {
    if (!(e instanceof PageError)) throw e;
    const error = e.status === 400 ? INVALID : e.message;
    return json({ error, fields: e.field ? { [e.field]: e.message } : {}, typed }, e.status === 403 ? 403 : 400);
  }
}

export default function NewPage() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const t = failed?.typed;
  return (
    <>
      <p>
        <Link to="/config/pages">Pages</Link>
      </p>
      <h1>New page</h1>
      <FormError message={failed?.error} />
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
        errors={failed?.fields ?? {}}
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
