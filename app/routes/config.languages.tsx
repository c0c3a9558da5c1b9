// /config/languages (issue 16): the site's languages, one the default (served at the bare URLs,
// the others under /<code>/), and the translation service connection with its Disconnect button.
// settings.read opens it, settings.write saves; a refused save keeps the choices made.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormError, Notice } from '../components/config/Field.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { LANGUAGE_NAMES } from '../languages/languages.js';
import { deleteConnection, parseLanguages, readMultilingualSettings, writeLanguages } from '../languages/settings.server.js';
import { readForm } from '../utils/form.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Languages' }];

const NOTICES: Record<string, string> = { saved: 'Languages saved.', disconnected: 'The translation service is disconnected.' };

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'settings.read');
  const settings = await readMultilingualSettings(a.sql, a.site.id);
  const notice = NOTICES[new URL(args.request.url).searchParams.get('done') ?? ''] ?? null;
  return json(
    {
      settings,
      choices: Object.entries(LANGUAGE_NAMES).map(([code, name]) => ({ code, name })),
      notice,
      canWrite: a.can('settings.write'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  const form = await readForm(args.request);
  if (!form) return json({ error: 'The form could not be read.', typed: null }, { status: 400 });
  if (form.get('intent') === 'disconnect') {
    await deleteConnection(a);
    return redirect('/config/languages?done=disconnected', 303);
  }
  const def = form.get('default') ?? '';
  const checked = form.getAll('lang');
  // The default language is offered whether or not its box is ticked.
  const codes = [def, ...checked.filter((c) => c !== def)];
  const parsed = parseLanguages({ languages: codes.map((code) => ({ code, isDefault: code === def })) });
  if (!parsed.ok) return json({ error: parsed.error, typed: { default: def, langs: checked } }, { status: 400 });
  await writeLanguages(a, parsed.value);
  return redirect('/config/languages?done=saved', 303);
}

export default function Languages() {
  const { settings, choices, notice, canWrite } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const current = settings.languages.find((l) => l.isDefault)?.code ?? 'en';
  const def = failed?.typed?.default ?? current;
  const on = new Set(failed?.typed?.langs ?? settings.languages.map((l) => l.code));
  return (
    <>
      <h1>Languages</h1>
      <Notice message={failed ? null : notice} />
      <FormError message={failed?.error} />
      <Form method="post" className="card" aria-labelledby="languages-h">
        <h2 id="languages-h">Languages of the site</h2>
        <p className="hint">
          The default language is at the site&apos;s usual addresses; each other language is under its own prefix, such as /fr/. A page or
          product shows its default-language text wherever it has no translation.
        </p>
        <fieldset disabled={!canWrite}>
          <div className="field">
            <label htmlFor="f-default">Default language</label>
            <select id="f-default" name="default" defaultValue={def}>
              {choices.map((c) => (
                <option key={c.code} value={c.code} lang={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <fieldset>
            <legend>Languages offered</legend>
            {choices.map((c) => (
              <div className="field checkbox" key={c.code}>
                <label htmlFor={`f-lang-${c.code}`}>
                  <input id={`f-lang-${c.code}`} type="checkbox" name="lang" value={c.code} defaultChecked={on.has(c.code)} />{' '}
                  <span lang={c.code}>{c.name}</span> ({c.code})
                </label>
              </div>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="save">
            Save languages
          </button>
        </fieldset>
      </Form>
      {settings.languages.some((l) => !l.isDefault) ? (
        <section className="card" aria-labelledby="nav-labels-h">
          <h2 id="nav-labels-h">Navigation labels</h2>
          <p className="hint">Pages and products are translated on their own screens; the menus&apos; labels here.</p>
          <ul>
            {settings.languages
              .filter((l) => !l.isDefault)
              .map((l) => (
                <li key={l.code}>
                  <Link to={`/config/navigation/translations/${l.code}`}>
                    Navigation in <span lang={l.code}>{l.name}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="connection-h">
        <h2 id="connection-h">Translation service</h2>
        {settings.connection ? (
          <Form method="post">
            <p data-connection="connected">
              Connected to {settings.connection.provider} since{' '}
              <time dateTime={settings.connection.connectedAt}>{settings.connection.connectedAt.slice(0, 10)}</time>.
            </p>
            <button type="submit" name="intent" value="disconnect" className="secondary" disabled={!canWrite}>
              Disconnect
            </button>
          </Form>
        ) : (
          <p data-connection="none">No translation service is connected: translations are written on each page and product.</p>
        )}
      </section>
    </>
  );
}
