// /config/access: the site-wide password (every page shows the lock screen until it is given) and
// the member areas (free, or paid through a subscription product sold by the checkout in test
// mode). Read with settings.read, changed with settings.write. Plain forms, one per action.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import type { Submission } from '@conform-to/react';
import type { ColumnDef } from '@tanstack/react-table';
import { DataTable } from '../components/config/DataTable.js';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  AccessError,
  AreaForm,
  deleteArea,
  listAreas,
  saveArea,
  setSiteLock,
  siteLocked,
  SiteLockForm,
  siteLockVersioned,
  subscriptionProducts,
  type AreaRow,
} from '../config/page-access.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { readReply } from '../components/config/reply.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Access and member areas' }];

const NOTICES: Record<string, string> = {
  locked: 'The site now asks for its password.',
  unlocked: 'The site is open to everyone again.',
  area: 'Member area saved.',
  deleted: 'Member area deleted.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'settings.read');
  const url = new URL(args.request.url);
  const notice = Object.keys(NOTICES).find((k) => url.searchParams.has(k));
  const lock = siteLockVersioned(a.site.id);
  const [locked, areas, products, lockNow] = await Promise.all([
    siteLocked(a.sql, a.site.id),
    listAreas(a.sql, a.site.id),
    subscriptionProducts(a.sql, a.site.id),
    lock.load(a.sql),
  ]);
  // The version the site password's forms are drawn at (issue 28): a save over a password someone
  // set, changed or removed since is a conflict.
  const lockStamp = lockNow ? stampFor(lock, lockNow) : null;
  return json(
    { locked, areas, products, lockStamp, canWrite: a.can('settings.write'), notice: notice ? NOTICES[notice] : null },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  // A refused form comes back as typed, except the password: it is never sent back to the page.
  const kept = new URLSearchParams([...form].filter(([k]) => k !== 'password'));
  const intent = form.get('intent');
  // The check of the post, once made: a refusal after it answers with its reply.
  let submission: Submission<unknown> | null = null;
  try {
    if (intent === 'lock-site' || intent === 'unlock-site') {
      const versioned = siteLockVersioned(a.site.id);
      const checked = await checkedSave(a.sql, form, versioned);
      if (checked.kind === 'missing') throw json({ error: 'Not found.' }, { status: 404 });
      // "Apply only my changes" rebuilds the post from the record: the button's form says which one.
      checked.post.set('intent', intent);
      const parsed = parseForm(checked.post, SiteLockForm);
      submission = parsed;
      if (parsed.status !== 'success') return json(withConflict(replyTo(parsed, kept, { formError: UI_TEXT.invalidForm })), 400);
      try {
        await setSiteLock(a, intent === 'lock-site' ? (parsed.value.password ?? '') : null, checked.guard);
      } catch (e) {
        if (!(e instanceof VersionConflict)) throw e;
        const conflict = await conflictFor(a.sql, form, versioned);
        return json(withConflict(replyTo(parsed, kept), conflict), 409);
      }
      return redirect(`/config/access?${intent === 'lock-site' ? 'locked' : 'unlocked'}=1`, 303);
    }
    if (intent === 'save-area') {
      const parsed = parseForm(form, AreaForm);
      submission = parsed;
      if (parsed.status !== 'success') return json(withConflict(replyTo(parsed, kept, { formError: UI_TEXT.invalidForm })), 400);
      await saveArea(a, parsed.value);
      return redirect('/config/access?area=1', 303);
    }
    if (intent === 'delete-area') {
      await deleteArea(a, form.get('id') ?? '');
      return redirect('/config/access?deleted=1', 303);
    }
    return json(withConflict(refusedReply('Choose what to do.', kept)), 400);
  } catch (e) {
    if (!(e instanceof AccessError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const formError = e.field ? UI_TEXT.invalidForm : e.message;
    const fieldErrors = e.field ? { [e.field]: e.message } : {};
    const reply = submission ? replyTo(submission, kept, { formError, fieldErrors }) : refusedReply(formError, kept, fieldErrors);
    return json(withConflict(reply), 400);
  }
}

export default function AccessSettings() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const failed = readReply(reply);
  const t = failed?.typed ?? {};
  const lockTyped = t.intent === 'lock-site';
  const lockRefused = t.intent === 'lock-site' || t.intent === 'unlock-site';
  // A form drawn again after a refused save keeps the version it was first drawn at.
  const lockStamp = lockRefused ? stampOfTyped(t) : d.lockStamp;
  const areaTyped = t.intent === 'save-area' && !t.id;
  const products = [{ value: '', label: 'Free (signed-in site users join with one click)' }, ...d.products];
  const columns: ColumnDef<AreaRow, unknown>[] = [
    { header: 'Name', cell: ({ row }) => row.original.name },
    {
      header: 'Price',
      cell: ({ row }) => (row.original.paid ? `Paid: ${row.original.productTitle ?? 'no product left'}` : 'Free'),
    },
    { header: 'Pages', cell: ({ row }) => row.original.pages },
    { header: 'Members', cell: ({ row }) => row.original.members },
  ];
  if (d.canWrite) {
    columns.push({
      header: 'Actions',
      cell: ({ row }) => (
        <Form method="post">
          <input type="hidden" name="intent" value="delete-area" />
          <input type="hidden" name="id" value={row.original.id} />
          <button type="submit" className="secondary" aria-label={`Delete ${row.original.name}`}>
            Delete
          </button>
        </Form>
      ),
    });
  }
  return (
    <>
      <h1>Access and member areas</h1>
      <Notice message={d.notice} />
      <FormError message={failed?.formError} />
      <section className="card" aria-labelledby="site-lock-h">
        <h2 id="site-lock-h">Site password</h2>
        <p>
          {d.locked
            ? 'Visitors see the lock screen on every page until they enter the site password.'
            : 'The site is open to everyone. With a password, visitors see the lock screen on every page until they enter it.'}
        </p>
        <ConflictNotice
          conflict={reply?.conflict}
          formId={t.intent === 'unlock-site' ? 'site-unlock-form' : 'site-lock-form'}
          reloadTo="/config/access"
        />
        <Form method="post" id="site-lock-form">
          <StampFields stamp={lockStamp} />
          <input type="hidden" name="intent" value="lock-site" />
          <Field
            name="password"
            id="site-password"
            label={d.locked ? 'New site password' : 'Site password'}
            type="password"
            autoComplete="new-password"
            maxLength={256}
            disabled={!d.canWrite}
            error={lockTyped ? failed?.errors.password : null}
            hint="4 to 256 characters."
          />
          <button type="submit" disabled={!d.canWrite}>
            {d.locked ? 'Change site password' : 'Lock the site'}
          </button>
        </Form>
        {d.locked ? (
          <Form method="post" id="site-unlock-form">
            <StampFields stamp={lockStamp} />
            <input type="hidden" name="intent" value="unlock-site" />
            <button type="submit" className="secondary" disabled={!d.canWrite}>
              Remove the site password
            </button>
          </Form>
        ) : null}
      </section>
      <section aria-labelledby="areas-h">
        <h2 id="areas-h">Member areas</h2>
        <DataTable rows={d.areas} columns={columns} caption="Member areas of this site" empty="No member areas yet." rowKey={(r) => r.id} />
        {d.canWrite ? (
          <Form method="post" className="card">
            <h3>Add a member area</h3>
            <input type="hidden" name="intent" value="save-area" />
            <Field
              name="name"
              id="area-name"
              label="Name"
              maxLength={100}
              required
              defaultValue={areaTyped ? t.name : ''}
              error={areaTyped ? failed?.errors.name : null}
            />
            <SelectField
              name="itemId"
              id="area-item"
              label="Price"
              options={products}
              defaultValue={areaTyped ? t.itemId : ''}
              error={areaTyped ? failed?.errors.itemId : null}
              hint="A paid area is sold by one of the shop's subscription products, at its price and billing period."
            />
            <button type="submit">Add member area</button>
          </Form>
        ) : null}
      </section>
    </>
  );
}
