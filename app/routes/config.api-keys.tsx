// /config/api-keys: keys for the owner JSON endpoints. Create one with a name and scopes (the key is
// shown once, on the page that answers the post), see every key with who made it and when it was last
// used, revoke one. Administrators and website managers only (apikeys.manage).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { Field, FormError, Notice, SelectField } from '../components/config/Field.js';
import { readReply } from '../components/config/reply.js';
import { API_SCOPES, ApiKeyError, createApiKey, listApiKeys, revokeApiKey, type KeyState } from '../config/api-keys.server.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

const STATES: { value: KeyState; label: string }[] = [
  { value: 'all', label: 'All keys' },
  { value: 'active', label: 'Active' },
  { value: 'revoked', label: 'Revoked' },
];

/** A scope's checkbox name: dots would make the form parser nest it. */
const scopeField = (scope: string) => `scope_${scope.replace('.', '_')}`;

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'apikeys.manage');
  const url = new URL(args.request.url);
  const state = (STATES.find((s) => s.value === url.searchParams.get('state'))?.value ?? 'all') as KeyState;
  const q = url.searchParams.get('q') ?? '';
  const after = url.searchParams.get('after');
  const { keys, next } = await listApiKeys(a.sql, a.site.id, { state, query: q, after });
  return json({ keys, next, state, q, paged: Boolean(after), scopes: [...API_SCOPES] }, { headers: { 'Cache-Control': 'no-store' } });
}

const Schema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create'),
    name: z
      .string()
      .default('')
      .transform((v) => v.trim())
      .pipe(z.string().min(1, 'Enter a name for the key.').max(80, 'A key name is at most 80 characters.')),
  }),
  z.object({ intent: z.literal('revoke'), id: z.string().min(1) }),
]);

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'apikeys.manage');
  const form = await readForm(args.request);
  if (!form) return json(refusedReply(), 400);
  const submission = parseForm(form, Schema);
  const scopes = API_SCOPES.filter((s) => form.get(scopeField(s)) === 'on');
  // The scopes are checkboxes named one by one, so "at least one" is checked here, beside the schema's errors.
  const noScope = form.get('intent') === 'create' && scopes.length === 0;
  if (submission.status !== 'success' || noScope) {
    const fieldErrors: Record<string, string> = noScope ? { scopes: 'Choose at least one scope.' } : {};
    return json(replyTo(submission, form, { formError: UI_TEXT.invalidForm, fieldErrors }), 400);
  }
  const v = submission.value;
  if (v.intent === 'create') {
    const created = await createApiKey(a, v.name, scopes);
    // The only answer that holds the key: kept by no cache, sent to no other page.
    return json(
      { notice: `API key ${v.name} created.`, created: { name: v.name, key: created.key } },
      { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' } },
    );
  }
  try {
    const name = await revokeApiKey(a, v.id);
    return json({ notice: `API key ${name} revoked.`, created: null });
  } catch (e) {
    // The key is gone (or revoked already): nothing of the form to check.
    if (e instanceof ApiKeyError) return json(refusedReply(e.message, form), e.status);
    throw e;
  }
}

const when = (iso: string) => `${new Date(iso).toLocaleString('en-US', { timeZone: 'UTC' })} UTC`;

export default function ApiKeys() {
  const { keys, next, state, q, paged, scopes } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // A post either answered its notice (and a new key) or was refused (Conform's reply).
  const done = result && 'notice' in result ? result : null;
  const failed = readReply(result && !('notice' in result) ? result : null);
  const t = failed?.typed ?? {};
  const creating = t.intent === 'create';
  const scopesError = creating ? failed?.errors.scopes : null;
  const created = done?.created ?? null;
  const filtered = q !== '' || state !== 'all';
  return (
    <>
      <h1>API keys</h1>
      <p>
        Programs use a key to call this site&apos;s owner API, sending it as <code>Authorization: Bearer &lt;key&gt;</code>. A key can do
        only what its scopes allow.
      </p>
      <Notice message={done?.notice} />
      <FormError message={failed?.formError} />
      {created ? (
        <section className="card" aria-labelledby="new-key-h">
          <h2 id="new-key-h">Your new key: {created.name}</h2>
          <p>
            <strong>Copy it now. It will not be shown again.</strong> Only a fingerprint of it is kept, so it cannot be recovered: if it is
            lost, revoke it and create another.
          </p>
          <label htmlFor="new-key">API key</label> <input id="new-key" readOnly size={50} value={created.key} />
        </section>
      ) : null}

      <section className="card" aria-labelledby="create-h">
        <h2 id="create-h">Create a key</h2>
        <Form method="post">
          <input type="hidden" name="intent" value="create" />
          <Field
            name="name"
            label="Name"
            hint="What uses it, such as Inventory sync."
            required
            maxLength={80}
            defaultValue={creating ? t.name : ''}
            error={creating ? failed?.errors.name : null}
          />
          <fieldset aria-describedby={scopesError ? 'scopes-error' : undefined}>
            <legend>Scopes</legend>
            {scopes.map((s) => (
              <div className="field" key={s}>
                <label htmlFor={`f-${scopeField(s)}`}>
                  <input
                    type="checkbox"
                    id={`f-${scopeField(s)}`}
                    name={scopeField(s)}
                    defaultChecked={creating ? t[scopeField(s)] === 'on' : false}
                  />{' '}
                  {s}
                </label>
              </div>
            ))}
            {scopesError ? (
              <span className="error" id="scopes-error">
                {scopesError}
              </span>
            ) : null}
          </fieldset>
          <button type="submit">Create key</button>
        </Form>
      </section>

      <h2>Keys</h2>
      <Form method="get" className="toolbar" role="search" aria-label="Filter keys">
        <Field name="q" label="Search" type="search" defaultValue={q} placeholder="Name or prefix" />
        <SelectField name="state" label="Show" options={STATES} defaultValue={state} />
        <button type="submit" className="secondary">
          Filter
        </button>
      </Form>
      {keys.length === 0 ? (
        <p className="empty">{filtered || paged ? 'No keys match.' : 'No API keys yet. Create one above.'}</p>
      ) : (
        <table className="data">
          <caption className="visually-hidden">API keys of this site</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Created by</th>
              <th scope="col">Last used</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} data-key-prefix={k.prefix}>
                <th scope="row">{k.name}</th>
                <td>
                  <code>{k.prefix}…</code>
                </td>
                <td>{k.scopes.join(', ')}</td>
                <td>
                  <time dateTime={k.createdAt}>{when(k.createdAt)}</time>
                </td>
                <td data-created-by>
                  {k.createdBy ?? 'A deleted account'}
                  {k.makerIsMember ? null : (
                    <>
                      {' '}
                      <span className="badge warn">No longer a member: the key does not work</span>
                    </>
                  )}
                </td>
                <td data-last-used>{k.lastUsedAt ? <time dateTime={k.lastUsedAt}>{when(k.lastUsedAt)}</time> : 'Never'}</td>
                <td>
                  {k.revokedAt ? (
                    <span className="badge warn">
                      Revoked <time dateTime={k.revokedAt}>{when(k.revokedAt)}</time>
                    </span>
                  ) : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="id" value={k.id} />
                      <button type="submit" className="danger">
                        Revoke {k.name}
                      </button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next ? (
        <p>
          <Link to={`?${new URLSearchParams({ q, state, after: next }).toString()}`}>Load More</Link>
        </p>
      ) : null}
    </>
  );
}
