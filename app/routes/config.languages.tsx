// /config/languages (issue 16): the site's languages, one the default (served at the bare URLs,
// the others under /<code>/), and the translation service: connect it with an API key (checked by
// the service, shown afterwards only by its last 4 characters), translate what is missing in a
// language (a job; its progress shows here), disconnect. settings.read opens it, settings.write
// saves; a refused form keeps what was typed, except an API key.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { TranslationServiceError } from '../languages/deepl.server.js';
import { LANGUAGE_NAMES } from '../languages/languages.js';
import { latestRuns, startTranslation, type TranslationRun } from '../languages/machine-translation.server.js';
import { deleteConnection, parseLanguages, readMultilingualSettings, writeLanguages } from '../languages/settings.server.js';
import { connectService, parseConnection, PROVIDERS } from '../languages/translation-service.server.js';
import { readFormValues, refusedReply } from '../utils/form.server.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Languages' }];

const NOTICES: Record<string, string> = {
  saved: 'Languages saved.',
  disconnected: 'The translation service is disconnected.',
  connected: 'The translation service is connected.',
  translating: 'Translating what is missing: the progress shows below.',
};

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'settings.read');
  const [settings, runs] = await Promise.all([readMultilingualSettings(a.sql, a.site.id), latestRuns(a.sql, a.site.id)]);
  const notice = NOTICES[new URL(args.request.url).searchParams.get('done') ?? ''] ?? null;
  return json(
    {
      settings,
      runs,
      providers: PROVIDERS.map((p) => ({ value: p, label: p })),
      choices: Object.entries(LANGUAGE_NAMES).map(([code, name]) => ({ code, name })),
      notice,
      canWrite: a.can('settings.write'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'settings.write');
  // Every ticked language box comes as its own `lang` value: all of them are kept.
  const form = await readFormValues(args.request);
  if (!form) return json(refusedReply(), 400);
  // The checks are the languages API's own (parseConnection, parseLanguages), so a refusal is
  // Conform's reply made from their message; the form comes back as typed, except an API key.
  const kept = new URLSearchParams([...form].filter(([k]) => k !== 'apiKey'));
  const refuse = (message: string, field?: string | null) => json(refusedReply(message, kept, field ? { [field]: message } : {}), 400);
  const intent = form.get('intent');
  if (intent === 'disconnect') {
    await deleteConnection(a);
    return redirect('/config/languages?done=disconnected', 303);
  }
  if (intent === 'connect') {
    const input = parseConnection({ provider: form.get('provider') ?? '', apiKey: form.get('apiKey') ?? '' });
    if (!input.ok) return refuse(input.error, input.field);
    try {
      await connectService(a, input.value);
    } catch (e) {
      if (!(e instanceof TranslationServiceError)) throw e;
      return refuse(e.message, 'apiKey');
    }
    return redirect('/config/languages?done=connected', 303);
  }
  if (intent === 'translate') {
    const started = await startTranslation(a, form.get('language') ?? '');
    if (!started.ok) return refuse(started.error);
    return redirect('/config/languages?done=translating', 303);
  }
  const def = form.get('default') ?? '';
  const checked = form.getAll('lang');
  // The default language is offered whether or not its box is ticked.
  const codes = [def, ...checked.filter((c) => c !== def)];
  const parsed = parseLanguages({ languages: codes.map((code) => ({ code, isDefault: code === def })) });
  if (!parsed.ok) return refuse(parsed.error);
  await writeLanguages(a, parsed.value);
  return redirect('/config/languages?done=saved', 303);
}

function RunStatus({ run }: { run: TranslationRun | undefined }) {
  if (!run) return null;
  const at = <time dateTime={run.updatedAt}>{run.updatedAt.slice(0, 16).replace('T', ' ')} UTC</time>;
  switch (run.state) {
    case 'queued':
    case 'running':
      return (
        <p data-run={run.state} role="status">
          Translating: {run.done} of {run.total} fields done.{run.error ? ` ${run.error}` : ''} <Link to="/config/languages">Refresh</Link>
        </p>
      );
    case 'done':
      return (
        <p data-run="done">
          Last run: {run.done} of {run.total} fields translated, {at}.
        </p>
      );
    default:
      return (
        <p data-run="failed" className="error">
          The last run stopped after {run.done} of {run.total} fields ({at}): {run.error}
        </p>
      );
  }
}

export default function Languages() {
  const { settings, runs, providers, choices, notice, canWrite } = useLoaderData<typeof loader>();
  const failed = readReply(useActionData<typeof action>());
  // Which form the refused post came from: its intent (the languages form when it names none of the others).
  const intent = failed?.typed?.intent;
  const elsewhere = intent === 'connect' || intent === 'translate';
  const current = settings.languages.find((l) => l.isDefault)?.code ?? 'en';
  const typedLanguages = failed?.typed && !elsewhere ? failed.typed : null;
  const def = typedLanguages?.default ?? current;
  // A refused post ticks again every box it ticked (the reply keeps each value of a repeated name).
  const on = new Set(typedLanguages ? (failed?.lists.lang ?? []) : settings.languages.map((l) => l.code));
  const others = settings.languages.filter((l) => !l.isDefault);
  const conn = settings.connection;
  const connectFailed = intent === 'connect' ? failed : null;
  return (
    <>
      <h1>Languages</h1>
      <Notice message={failed ? null : notice} />
      <FormError message={elsewhere ? null : failed?.formError} />
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
        {conn ? (
          <Form method="post">
            <p data-connection="connected">
              Connected to {conn.provider}
              {conn.keyLast4 ? ` with the API key ending in ${conn.keyLast4}` : ''} since{' '}
              <time dateTime={conn.connectedAt}>{conn.connectedAt.slice(0, 10)}</time>.
            </p>
            <button type="submit" name="intent" value="disconnect" className="secondary" disabled={!canWrite}>
              Disconnect
            </button>
          </Form>
        ) : (
          <p data-connection="none">No translation service is connected: translations are written on each page and product.</p>
        )}
        <Form method="post" aria-labelledby="connect-h">
          <h3 id="connect-h">{conn ? 'Connect with another key' : 'Connect a translation service'}</h3>
          <FormError message={connectFailed?.formError} />
          <fieldset disabled={!canWrite}>
            <SelectField
              name="provider"
              label="Service"
              options={providers}
              defaultValue={connectFailed?.typed?.provider ?? conn?.provider}
              error={connectFailed?.errors.provider}
            />
            <Field
              name="apiKey"
              label="API key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={200}
              hint="From your DeepL account (Account, API keys). It is checked with DeepL, kept encrypted, and never shown again."
              error={connectFailed?.errors.apiKey}
            />
            <button type="submit" name="intent" value="connect">
              Connect
            </button>
          </fieldset>
        </Form>
        {conn && others.length > 0 ? (
          <>
            <h3>Translate what is missing</h3>
            <p className="hint">
              Fills every page and product field that has no translation yet. Fields you translated yourself are never changed; machine
              translations are marked in the translation editors.
            </p>
            {others.map((l) => (
              <Form method="post" key={l.code} aria-label={`Translate what is missing in ${l.name}`} data-language={l.code}>
                <input type="hidden" name="language" value={l.code} />
                <FormError message={intent === 'translate' && failed?.typed?.language === l.code ? failed.formError : null} />
                <RunStatus run={runs[l.code]} />
                <button
                  type="submit"
                  name="intent"
                  value="translate"
                  disabled={!canWrite || runs[l.code]?.state === 'queued' || runs[l.code]?.state === 'running'}
                >
                  Translate what is missing in <span lang={l.code}>{l.name}</span>
                </button>
              </Form>
            ))}
          </>
        ) : null}
      </section>
    </>
  );
}
