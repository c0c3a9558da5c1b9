// /config/analytics/settings: how many days of analytics records the site keeps, its cookie
// policy and the visitor-metrics beta (listing visits as events), and how many records it stored today against its daily quota (issue 28). Reading needs analytics.read; saving needs settings.write (the form is disabled without
// it, and the action refuses). A failed save shows the messages and keeps what was typed; the form
// carries the version it was drawn at, so a save over another owner's change is a 409 conflict (issue 28).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { analyticsFormValues, analyticsVersioned, saveAnalyticsSettings } from '../analytics/settings-save.server.js';
import { usageToday } from '../analytics/ingest-limits.server.js';
import { AnalyticsSettings, RETENTION_DAYS } from '../analytics/settings.server.js';
import { AnalyticsTabs } from '../components/config/analytics/AnalyticsChrome.js';
import { z } from 'zod';
import { ConflictNotice, StampFields } from '../components/config/ConflictNotice.js';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict } from '../edits/versions.server.js';
import { stampOfTyped } from '../edits/versions.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Analytics settings' }];

/** The screen's form: the analytics settings and the beta flag's checkbox ("on" when ticked). */
const SettingsForm = AnalyticsSettings.extend({
  visitorMetrics: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
});

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'analytics.read');
  const values = await analyticsFormValues(a.sql, a.site.id);
  if (!values) throw new Response('No such site', { status: 404 });
  return json(
    {
      values,
      // The version the form is drawn at: a save over settings changed since is a conflict.
      stamp: stampFor(analyticsVersioned(a.site.id), values),
      limits: RETENTION_DAYS,
      usage: await usageToday(a.sql, a.site.id),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), { status: 400 });
  const versioned = analyticsVersioned(a.site.id);
  // "Apply only my changes" saves the settings as they are now with only the owner's fields on top.
  const checked = await checkedSave(a.sql, form, versioned);
  if (checked.kind === 'missing') throw new Response('No such site', { status: 404 });
  const submission = parseForm(checked.post, SettingsForm);
  // A refused post shows the form as the owner sent it (`form`), not the merged post that was checked.
  if (submission.status !== 'success') {
    return json(withConflict(replyTo(submission, form, { formError: 'Check the settings marked below.' })), { status: 400 });
  }
  try {
    await saveAnalyticsSettings(a, submission.value, checked.guard);
  } catch (e) {
    if (!(e instanceof VersionConflict)) throw e;
    const conflict = await conflictFor(a.sql, form, versioned);
    if (!conflict) throw e;
    return json(withConflict(replyTo(submission, form), conflict), { status: 409 });
  }
  return redirect('/config/analytics/settings?saved=1', { status: 303 });
}

export default function AnalyticsSettingsScreen() {
  const { values, stamp, limits, usage } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const result = readReply(reply);
  const [search] = useSearchParams();
  const canWrite = useCan('settings.write');
  // An unticked box is not posted: after a refused save it shows as it was sent.
  const shown = result ? { ...values, visitorMetrics: '', ...result.typed } : values;
  const errors = result?.errors ?? {};
  // A form drawn again after a refused save keeps the version it was first drawn at.
  const drawnAt = (result?.typed ? stampOfTyped(result.typed) : null) ?? stamp;
  return (
    <>
      <h1>Analytics settings</h1>
      <AnalyticsTabs current="/config/analytics/settings" />
      <Notice message={search.get('saved') && !result ? 'Analytics settings saved.' : null} />
      <FormError message={result?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId="analytics-settings-form" reloadTo="/config/analytics/settings" />
      <section aria-labelledby="usage-title">
        <h2 id="usage-title">Records today</h2>
        <p data-testid="analytics-usage">
          {usage.rows.toLocaleString('en-US')} of {usage.quota.toLocaleString('en-US')} records stored today ({usage.day}, UTC).
        </p>
        <p className="hint">
          {usage.rows >= usage.quota
            ? 'The daily limit is reached: no more visits, page-speed records or errors are stored until midnight UTC.'
            : 'Visits, page-speed records and errors together; once the daily limit is reached, no more are stored until midnight UTC.'}
        </p>
      </section>
      {!canWrite ? <p className="hint">Your role may look at these settings but not change them.</p> : null}
      {/* Remounted by a save that changed the settings, not by a refused post: its fields keep what
          was typed (with JavaScript, also while it was on its way). */}
      <Form method="post" id="analytics-settings-form" key={drawnAt.version}>
        <StampFields stamp={drawnAt} />
        <fieldset disabled={!canWrite}>
          <legend className="visually-hidden">Analytics settings</legend>
          <Field
            name="retentionDays"
            label="Keep records for (days)"
            hint={`Older visits, page-speed records and errors are deleted. Between ${limits.min} and ${limits.max} days.`}
            inputMode="numeric"
            defaultValue={shown.retentionDays ?? ''}
            error={errors.retentionDays}
          />
          <SelectField
            name="cookiePolicy"
            label="Cookie policy"
            hint="Restrictive: no analytics cookies are set, and those already set are cleared; visitors are then counted without telling them apart."
            options={[
              { value: 'allow', label: 'Allow analytics cookies' },
              { value: 'restrictive', label: 'Restrictive' },
            ]}
            defaultValue={shown.cookiePolicy}
            error={errors.cookiePolicy}
          />
          <div className="field">
            <label htmlFor="f-visitorMetrics">
              <input
                type="checkbox"
                id="f-visitorMetrics"
                name="visitorMetrics"
                defaultChecked={shown.visitorMetrics === 'on'}
                aria-describedby="f-visitorMetrics-hint"
              />{' '}
              Count visits to product listings (visitor metrics beta)
            </label>
            <span className="hint" id="f-visitorMetrics-hint">
              Records a listing-view event, with the products shown, for each visit to a shop page.
            </span>
          </div>
          <button type="submit">Save analytics settings</button>
        </fieldset>
      </Form>
    </>
  );
}
