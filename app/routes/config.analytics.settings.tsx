// /config/analytics/settings: how many days of analytics records the site keeps, its cookie
// policy and the visitor-metrics beta (listing visits as events), and how many records it stored today against its daily quota (issue 28). Reading needs analytics.read; saving needs settings.write (the form is disabled without
// it, and the action refuses). A failed save shows the messages and keeps what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { saveAnalyticsSettings } from '../analytics/settings-save.server.js';
import { usageToday } from '../analytics/ingest-limits.server.js';
import { AnalyticsSettings, readAnalyticsSettings, readVisitorMetrics, RETENTION_DAYS } from '../analytics/settings.server.js';
import { AnalyticsTabs } from '../components/config/analytics/AnalyticsChrome.js';
import { z } from 'zod';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { useCan } from '../components/config/layout-data.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
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
  const s = await readAnalyticsSettings(a.sql, a.site.id);
  return json(
    {
      values: {
        retentionDays: String(s.retentionDays),
        cookiePolicy: s.cookiePolicy,
        visitorMetrics: (await readVisitorMetrics(a.sql, a.site.id)) ? 'on' : '',
      } as Record<string, string>,
      limits: RETENTION_DAYS,
      usage: await usageToday(a.sql, a.site.id),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), { status: 400 });
  const submission = parseForm(form, SettingsForm);
  if (submission.status !== 'success') {
    return json(replyTo(submission, form, { formError: 'Check the settings marked below.' }), { status: 400 });
  }
  await saveAnalyticsSettings(a, submission.value);
  return redirect('/config/analytics/settings?saved=1', { status: 303 });
}

export default function AnalyticsSettingsScreen() {
  const { values, limits, usage } = useLoaderData<typeof loader>();
  const result = readReply(useActionData<typeof action>());
  const [search] = useSearchParams();
  const canWrite = useCan('settings.write');
  // An unticked box is not posted: after a refused save it shows as it was sent.
  const shown = result ? { ...values, visitorMetrics: '', ...result.typed } : values;
  const errors = result?.errors ?? {};
  return (
    <>
      <h1>Analytics settings</h1>
      <AnalyticsTabs current="/config/analytics/settings" />
      <Notice message={search.get('saved') && !result ? 'Analytics settings saved.' : null} />
      <FormError message={result?.formError} />
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
      <Form method="post" key={JSON.stringify(values)}>
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
