// The form builder's frame: the form's name, its five tabs (react-aria Tabs whose tabs are links
// to ?tab=, so they work without JavaScript too), the notice of the last save, and the tab's panel.
import { Form, Link, useHref, useNavigate } from '@remix-run/react';
import { RouterProvider, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { BUILDER_TABS, builderFormId, stampKey, TAB_LABELS, type BuilderResult, type BuilderTab } from '../../forms/form-builder.js';
import { ConflictNotice } from './ConflictNotice.js';
import { readBuilderPost, type BuilderData } from './form-builder-parts.js';
import { FormError, Notice } from './Field.js';
import { FormBuildTab } from './FormBuildTab.js';
import { AdvancedTab, CaptchaTab, DisclaimerTab } from './FormSettingsTabs.js';
import { FormStorageTab } from './FormStorageTab.js';

export function FormBuilder({ data, result: answer }: { data: BuilderData; result: BuilderResult | null }) {
  const navigate = useNavigate();
  const result = readBuilderPost(answer);
  // After a post, the tab it came from (a plain post may come without ?tab=).
  const tab = result ? result.tab : data.tab;
  const forTab = result;
  const conflictForm = builderFormId(stampKey(result?.intent ?? '', result?.failed?.typed?.fieldId));
  const panel: Record<BuilderTab, JSX.Element> = {
    build: <FormBuildTab data={data} result={forTab} />,
    storage: <FormStorageTab data={data} result={forTab} />,
    advanced: <AdvancedTab data={data} result={forTab} />,
    captcha: <CaptchaTab data={data} result={forTab} />,
    disclaimer: <DisclaimerTab data={data} result={forTab} />,
  };
  return (
    <>
      <p>
        <Link to="/config/forms">Back to forms</Link> · <Link to={`/config/forms/${data.form.id}/submissions`}>Submissions</Link>
      </p>
      <h1>{data.form.name}</h1>
      {data.form.problem ? <FormError message="Part of this form's saved settings could not be read; saving a tab replaces them." /> : null}
      <Notice message={result ? null : data.notice} />
      <FormError message={result?.failed?.formError} />
      {result?.conflict ? (
        <>
          <ConflictNotice
            conflict={result.conflict}
            formId={conflictForm}
            reloadTo={`/config/forms/${encodeURIComponent(data.form.id)}?tab=${result.tab}`}
          />
          {/* The forms' Save buttons carry the intent; "Apply only my changes" sends it from here. */}
          <input type="hidden" form={conflictForm} name="intent" value={result.intent} />
        </>
      ) : null}
      {data.canWrite ? null : <p className="hint">Your role can look at forms but not change them.</p>}
      <RouterProvider navigate={(to) => navigate(to, { preventScrollReset: true })} useHref={useHref}>
        <Tabs selectedKey={tab}>
          <TabList aria-label="Form settings" className="form-tabs">
            {BUILDER_TABS.map((t) => (
              <Tab key={t} id={t} href={`?tab=${t}`}>
                {TAB_LABELS[t]}
              </Tab>
            ))}
          </TabList>
          <TabPanel id={tab} className="card">
            {panel[tab]}
          </TabPanel>
        </Tabs>
      </RouterProvider>
      {data.canWrite ? <DeleteForm data={data} tab={tab} /> : null}
    </>
  );
}

/** "Delete form…" links to a confirmation on this page; the button there deletes it. */
function DeleteForm({ data, tab }: { data: BuilderData; tab: BuilderTab }) {
  const n = data.submissions;
  return (
    <section aria-labelledby="delete-form-h" className="card">
      <h2 id="delete-form-h">Delete form</h2>
      {data.confirmDelete ? (
        <Form method="post" action={`?tab=${tab}`}>
          <p>{`Delete ${data.form.name} and its ${n === 1 ? '1 submission' : `${n} submissions`}? This can't be undone. Pages that show it will say the form has not been configured yet.`}</p>
          <button type="submit" name="intent" value="delete-form" className="danger">
            {`Delete ${data.form.name}`}
          </button>{' '}
          <Link to={`?tab=${tab}`}>Cancel</Link>
        </Form>
      ) : (
        <p>
          <Link to={`?tab=${tab}&delete=1#delete-form-h`}>Delete this form…</Link>
        </p>
      )}
    </section>
  );
}
