// /config/sites/new: an owner whose role somewhere allows site.create (ADR 0010) makes a site from a
// starting theme (the store, or a journal without a shop), a few an hour; they become its
// administrator and start editing it.
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ownerSessionStorage } from '../auth/owner-session.server.js';
import { Field, FormError } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { createOwnedSite, CreateSiteInput, requireSiteCreator, spendSiteCreation, themeChoices } from '../config/sites.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import stylesheet from '../styles/config.css?url';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers: HeadersFunction = ownerPageHeaders;
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];
export const meta: MetaFunction = () => [{ title: 'Create a site' }, { name: 'robots', content: 'noindex' }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSiteCreator(request);
  return json({ themes: themeChoices() });
}

export async function action({ request }: ActionFunctionArgs) {
  const { sql, owner, session } = await requireSiteCreator(request);
  const form = await readForm(request);
  if (!form) return json(refusedReply(UI_TEXT.invalidForm), { status: 400 });
  const submission = parseForm(form, CreateSiteInput);
  if (submission.status !== 'success') return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm }), { status: 400 });
  const spent = await spendSiteCreation(sql, owner);
  if (!spent.ok) {
    return json(replyTo(submission, form, { formError: spent.message }), {
      status: 429,
      headers: { 'Retry-After': String(spent.retryAfterS) },
    });
  }
  const site = await createOwnedSite(sql, owner, submission.value);
  session.set('siteId', site.websiteId);
  return redirect('/config/site?created=1', {
    status: 303,
    headers: { 'Set-Cookie': await ownerSessionStorage(sql).commitSession(session) },
  });
}

export default function NewSite() {
  const { themes } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  const chosen = failed?.typed?.theme ?? themes[0]?.id;
  return (
    <div className="config-app">
      <main className="sign-in card">
        <h1>Create a site</h1>
        <FormError message={failed?.formError} />
        <Form method="post">
          <Field
            name="name"
            label="Site name"
            required
            maxLength={80}
            defaultValue={failed?.typed?.name ?? ''}
            error={failed?.errors.name}
          />
          <fieldset aria-describedby={failed?.errors.theme ? 'theme-error' : undefined}>
            <legend>Starting theme</legend>
            {themes.map((t) => (
              <div key={t.id} className="field">
                <label>
                  <input type="radio" name="theme" value={t.id} defaultChecked={t.id === chosen} /> {t.name}
                </label>
                <span className="hint">{t.description}</span>
              </div>
            ))}
            {failed?.errors.theme ? (
              <span className="error" id="theme-error">
                {failed.errors.theme}
              </span>
            ) : null}
          </fieldset>
          <button type="submit">Create site</button> <Link to="/config">Cancel</Link>
        </Form>
      </main>
    </div>
  );
}
