// /config/pages/<id>/access: who may see a page (issue 16): everyone, anyone with its password
// (lock screen), signed-in site users, or the members of a member area. Read with pages.read;
// saved with pages.publish (it decides who sees the page, as publishing does). A plain form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { ErrorText, Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { ownerPageHeaders } from '../config/http.js';
import { pageDetail, PAGE_TEXT } from '../config/pages.server.js';
import {
  ACCESS_KINDS,
  AccessError,
  KIND_LABELS,
  listAreas,
  pageAccessDetail,
  PageAccessForm,
  pageAccessVersioned,
  savePageAccess,
} from '../config/page-access.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Access to ${data.page.title}` : 'Page access' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const page = await pageDetail(a.sql, a.site.id, args.params.pageId ?? '');
  const access = page ? await pageAccessDetail(a.sql, a.site.id, page.id) : null;
  if (!page || !access) throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
  const areas = await listAreas(a.sql, a.site.id);
  // The version the form is drawn at (issue 28): a save over a rule changed since is a conflict.
  const versioned = pageAccessVersioned(a.site.id, page.id);
  const record = await versioned.load(a.sql);
  const stamp = record ? stampFor(versioned, record) : null;
  return json(
    {
      page: { id: page.id, title: page.title, urlId: page.urlId },
      access,
      kinds: ACCESS_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
      areas: areas.map((x) => ({ value: x.id, label: x.paid ? `${x.name} (paid)` : `${x.name} (free)` })),
      canPublish: a.can('pages.publish'),
      stamp,
      saved: new URL(args.request.url).searchParams.has('saved'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.publish');
  const id = args.params.pageId ?? '';
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  // What was typed comes back, never the password.
  const kept = new URLSearchParams([...form].filter(([k]) => k !== 'password'));
  // Only pages are edited here (the rule of a listing or blog is set the same way by the API of the rules).
  if (!(await pageDetail(a.sql, a.site.id, id))) throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
  const versioned = pageAccessVersioned(a.site.id, id);
  // "Apply only my changes" saves the rule as it is now with only the owner's fields on top.
  const checked = await checkedSave(a.sql, form, versioned);
  if (checked.kind === 'missing') throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
  const submission = parseForm(checked.post, PageAccessForm);
  if (submission.status !== 'success') return json(withConflict(replyTo(submission, kept, { formError: UI_TEXT.invalidForm })), 400);
  try {
    await savePageAccess(a, id, submission.value, checked.guard);
  } catch (e) {
    if (e instanceof VersionConflict) {
      const conflict = await conflictFor(a.sql, form, versioned);
      if (!conflict) throw json({ error: PAGE_TEXT.notFound }, { status: 404 });
      return json(withConflict(replyTo(submission, kept), conflict), 409);
    }
    if (!(e instanceof AccessError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const fieldErrors = e.field ? { [e.field]: e.message } : {};
    return json(withConflict(replyTo(submission, kept, { formError: UI_TEXT.invalidForm, fieldErrors })), 400);
  }
  return redirect(`/config/pages/${encodeURIComponent(id)}/access?saved=1`, 303);
}

export default function PageAccess() {
  const { page, access, kinds, areas, canPublish, saved, stamp } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const kind = failed?.typed?.kind ?? access.kind;
  const kindError = failed?.errors.kind;
  return (
    <>
      <p>
        <Link to={`/config/pages/${encodeURIComponent(page.id)}`}>{page.title}</Link>
      </p>
      <h1>{`Who can see ${page.title}`}</h1>
      <Notice message={saved ? 'Access saved.' : null} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId="access-form" reloadTo={`/config/pages/${encodeURIComponent(page.id)}/access`} />
      <Form method="post" className="card" id="access-form">
        {/* A form drawn again after a refused save keeps the version it was first drawn at. */}
        <StampFields stamp={failed ? stampOfTyped(failed.typed) : stamp} />
        <fieldset aria-describedby={kindError ? 'kind-error' : undefined}>
          <legend>Visitors who can see /{page.urlId}</legend>
          {kinds.map((k) => (
            <div className="field checkbox" key={k.value}>
              <label htmlFor={`kind-${k.value}`}>
                <input
                  type="radio"
                  id={`kind-${k.value}`}
                  name="kind"
                  value={k.value}
                  defaultChecked={kind === k.value}
                  disabled={!canPublish}
                />{' '}
                {k.label}
              </label>
            </div>
          ))}
          <ErrorText fid="kind" error={kindError} />
        </fieldset>
        <Field
          name="password"
          label="Page password"
          type="password"
          autoComplete="new-password"
          maxLength={256}
          disabled={!canPublish}
          error={failed?.errors.password}
          hint={
            access.kind === 'password' && access.hasPassword
              ? 'For "Anyone with the password". Leave empty to keep the current password; a new one closes the page again for everyone.'
              : 'For "Anyone with the password": 4 to 256 characters.'
          }
        />
        <SelectField
          name="areaId"
          label="Member area"
          options={[{ value: '', label: 'Choose a member area' }, ...areas]}
          defaultValue={failed?.typed?.areaId ?? access.areaId}
          disabled={!canPublish}
          error={failed?.errors.areaId}
          hint={
            <>
              For &quot;Members of a member area&quot;. <Link to="/config/access">Manage member areas</Link>
            </>
          }
        />
        <button type="submit" disabled={!canPublish}>
          Save access
        </button>
      </Form>
    </>
  );
}
