// /config/forms/<id>: the form builder, one tab per SPEC 2 area (build, storage, advanced, captcha,
// disclaimer; ?tab= picks one, so the tabs are links without JavaScript). Each change is its own
// post (runBuilderAction); the signing secret of the webhook never leaves the server unasked.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { FormBuilder } from '../components/config/FormBuilder.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { runBuilderAction } from '../forms/builder-actions.server.js';
import { BUILDER_TEXT, tabOf, type BuilderResult } from '../forms/form-builder.js';
import { formById, FormError, FORM_TEXT, submissionCount } from '../forms/forms.server.js';
import { builderStamps } from '../forms/form-versions.server.js';
import { withConflict } from '../edits/versions.server.js';
import { listMailingLists } from '../forms/mailing-list.server.js';
import { recentDeliveries } from '../forms/webhook.server.js';
import { readForm, refusedReply } from '../utils/form.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.form.name}: form` : 'Form' }];

const SAVED: Record<string, string> = {
  created: 'Form created. Add its fields below.',
  build: 'Saved.',
  'field-added': 'Field added. Edit it below.',
  field: 'Field saved.',
  moved: 'Field moved.',
  removed: 'Field removed.',
  list: 'Mailing list connected.',
  'list-off': 'Mailing list disconnected.',
  'list-created': 'Mailing list created. Choose it below to connect it.',
  email: 'Notification email saved.',
  'webhook-off': 'Automation disconnected.',
  resent: 'Delivery queued again.',
  advanced: 'Saved.',
  captcha: 'Saved.',
  disclaimer: 'Saved.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'forms.read');
  const id = args.params.id ?? '';
  const form = await formById(a.sql, a.site.id, id);
  if (!form) throw json({ error: FORM_TEXT.notFound }, { status: 404 });
  const url = new URL(args.request.url);
  const lists = await listMailingLists(a.sql, a.site.id);
  const { webhook, ...settings } = form.settings;
  const list = lists.find((l) => l.id === settings.mailingListId) ?? null;
  return json(
    {
      form: { id: form.id, name: form.name, fields: form.fields, settings, problem: form.problem },
      webhook: webhook ? { url: webhook.url, enabled: webhook.enabled } : null,
      tab: tabOf(url.searchParams.get('tab')),
      editing: url.searchParams.get('field'),
      chosenList: url.searchParams.get('list'),
      notice: SAVED[url.searchParams.get('saved') ?? ''] ?? null,
      // "Delete form…" asks first, on the page itself (?delete=1), so it works without JavaScript.
      confirmDelete: url.searchParams.get('delete') === '1',
      submissions: await submissionCount(a.sql, form.id),
      lists,
      listStatus: list ? BUILDER_TEXT.connected : BUILDER_TEXT.disconnected,
      listName: list?.name ?? null,
      automation: webhook?.enabled ? BUILDER_TEXT.automations(1) : BUILDER_TEXT.awaiting,
      deliveries: await recentDeliveries(a.sql, form.id),
      canWrite: a.can('forms.write'),
      // The version each tab's form (and each field's editor) is drawn at (issue 28).
      stamps: builderStamps(a.site.id, form),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'forms.write');
  const form = await readForm(args.request);
  if (!form) return json<BuilderResult>(withConflict(refusedReply()), 400);
  try {
    const out = await runBuilderAction(a, args.params.id ?? '', form);
    if ('redirect' in out) return redirect(out.redirect, 303);
    return json<BuilderResult>(out.result, { status: out.status, headers: { 'Cache-Control': 'no-store' } });
  } catch (e) {
    if (e instanceof FormError && e.status === 404) throw json({ error: e.message }, { status: 404 });
    throw e;
  }
}

export default function FormBuilderScreen() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as BuilderResult | undefined;
  return <FormBuilder data={d} result={result ?? null} />;
}
