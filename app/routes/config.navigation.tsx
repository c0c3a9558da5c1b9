// /config/navigation: the main and secondary (footer) navigation. Each menu is one form of rows
// (title, a page of the site or a path/web address, depth); the row buttons (move up/down, indent,
// outdent, remove, add) post the rows and get them back changed, unsaved, so the editor works
// without JavaScript; Save validates and stores the menu (app/config/navigation.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FormError, Notice } from '../components/config/Field.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  applyRowIntent,
  MAX_DEPTH,
  MAX_LINKS,
  MENU_CHANGED,
  navigationEditor,
  normalizeRows,
  parseRowIntent,
  saveMenu,
  type NavRow,
} from '../config/navigation.server.js';
import { MENU_LABELS, MENU_NAMES, type MenuName } from '../catalog/menus.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { otherLanguages } from '../languages/translation-forms.server.js';
import { parseForm, readForm } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Navigation' }];

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'pages.read');
  const [editor, languages] = await Promise.all([navigationEditor(a.sql, a.site.id), otherLanguages(a.sql, a.site.id)]);
  const saved = new URL(args.request.url).searchParams.get('saved');
  return json(
    {
      ...editor,
      languages,
      menuNames: MENU_NAMES.map((name) => ({ name, label: MENU_LABELS[name] })),
      maxDepth: MAX_DEPTH,
      notice: saved && (MENU_NAMES as readonly string[]).includes(saved) ? `${MENU_LABELS[saved as MenuName]} saved.` : null,
      canWrite: a.can('pages.write'),
      canPublish: a.can('pages.publish'),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

const Schema = z.object({
  menu: z.enum(MENU_NAMES, { errorMap: () => ({ message: 'Choose a menu.' }) }),
  intent: z.string().default('save'),
  version: z.string().max(64).default(''),
  items: z
    .array(
      z.object({
        title: z.string().max(1000).default(''),
        target: z.string().max(200).default(''),
        url: z.string().max(4000).default(''),
        depth: z.string().max(2).default('0'),
      }),
    )
    .max(MAX_LINKS + 1, `A menu has at most ${MAX_LINKS} links.`)
    .default([]),
});

type Result = {
  menu: MenuName | null;
  rows: NavRow[];
  /** The stored menu's version the form carries on (the one it was opened at, or the newer one after a conflict). */
  version?: string;
  error: string | null;
  notice: string | null;
  fields: Record<string, string>;
};

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  const bad = (error: string): Result => ({ menu: null, rows: [], error, notice: null, fields: {} });
  if (!form) return json(bad('The form could not be read.'), 400);
  const parsed = parseForm(form, Schema);
  if (parsed.status !== 'success') return json(bad(UI_TEXT.invalidForm), 400);
  const { menu, items, version } = parsed.value;
  const intent = parseRowIntent(parsed.value.intent);
  if (!intent) return json(bad('Choose what to do.'), 400);
  const rows = normalizeRows(items.map((r) => ({ title: r.title, target: r.target, url: r.url, depth: Number(r.depth) || 0 })));
  if (intent.op !== 'save') {
    const changed = applyRowIntent(rows, intent);
    return json<Result>({
      menu,
      rows: changed,
      version,
      error: null,
      notice: 'Not saved yet: press Save to publish these changes.',
      fields: {},
    });
  }
  if (!a.can('pages.publish')) {
    return json<Result>(
      { menu, rows, error: 'Your role cannot change the navigation visitors see; an editor can.', notice: null, fields: {} },
      403,
    );
  }
  const saved = await saveMenu(a, menu, rows, version);
  if (!saved.ok && 'changed' in saved)
    return json<Result>({ menu, rows, version: saved.version, error: MENU_CHANGED, notice: null, fields: {} }, 409);
  if (!saved.ok && 'errors' in saved)
    return json<Result>({ menu, rows, version, error: UI_TEXT.invalidForm, notice: null, fields: saved.errors }, 400);
  return redirect(`/config/navigation?saved=${menu}`, 303);
}

export default function Navigation() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  return (
    <>
      <h1>Navigation</h1>
      <Notice message={d.notice} />
      {result && !result.menu ? <FormError message={result.error} /> : null}
      <p>
        Links can point at a page of the site or at a path or web address. A link can have links under it (one level). Pages hidden from the
        navigation are chosen on <Link to="/config/pages">each page</Link>.
      </p>
      {d.languages.length > 0 ? (
        <nav aria-label="Labels in other languages">
          <p>
            Labels in other languages:{' '}
            {d.languages.map((l, i) => (
              <span key={l.code}>
                {i > 0 ? ', ' : null}
                <Link to={`/config/navigation/translations/${l.code}`} lang={l.code}>
                  {l.name}
                </Link>
              </span>
            ))}
          </p>
        </nav>
      ) : null}
      {d.menuNames.map(({ name, label }) => {
        const mine = result?.menu === name ? result : null;
        const rows = mine ? mine.rows : d.menus[name as MenuName];
        return (
          <section className="card" key={name} aria-labelledby={`${name}-h`}>
            <h2 id={`${name}-h`}>{label}</h2>
            <Notice message={mine?.notice} />
            <FormError message={mine?.error} />
            <MenuForm
              menu={name}
              label={label}
              rows={rows}
              version={mine?.version ?? d.versions[name as MenuName]}
              errors={mine?.fields ?? {}}
              targets={d.targets}
              maxDepth={d.maxDepth}
              canWrite={d.canWrite}
              canPublish={d.canPublish}
            />
          </section>
        );
      })}
    </>
  );
}

function MenuForm({
  menu,
  label,
  rows,
  version,
  errors,
  targets,
  maxDepth,
  canWrite,
  canPublish,
}: {
  menu: string;
  label: string;
  rows: NavRow[];
  version: string;
  errors: Record<string, string>;
  targets: { id: string; title: string; urlId: string; kind: 'page' | 'store' }[];
  maxDepth: number;
  canWrite: boolean;
  canPublish: boolean;
}) {
  const save = (
    <button type="submit" name="intent" value="save" disabled={!canPublish}>
      Save {label.toLowerCase()}
    </button>
  );
  return (
    <Form method="post">
      <input type="hidden" name="menu" value={menu} />
      <input type="hidden" name="version" value={version} />
      {/* The first button of the form: Enter in a text box saves, it does not move a row. */}
      <div className="toolbar">{save}</div>
      {rows.length === 0 ? (
        <p className="empty">This menu has no links yet.</p>
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table className="data">
            <caption className="visually-hidden">Links of the {label.toLowerCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Link to</th>
                <th scope="col">Path or web address</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => {
                const n = i + 1;
                const name = r.title || `link ${n}`;
                const parent = r.depth > 0 ? [...rows.slice(0, i)].reverse().find((p) => p.depth < r.depth) : undefined;
                const err = (f: string) => errors[`items[${i}].${f}`];
                const fid = (f: string) => `${menu}-${i}-${f}`;
                const input = (f: 'title' | 'url', text: string, value: string) => (
                  <>
                    <label htmlFor={fid(f)} className="visually-hidden">
                      {text} of link {n}
                    </label>
                    <input
                      id={fid(f)}
                      size={f === 'title' ? 14 : 16}
                      name={`items[${i}].${f}`}
                      defaultValue={value}
                      aria-invalid={err(f) ? true : undefined}
                      aria-describedby={err(f) ? `${fid(f)}-error` : undefined}
                    />
                    {err(f) ? (
                      <span className="error" id={`${fid(f)}-error`}>
                        {err(f)}
                      </span>
                    ) : null}
                  </>
                );
                return (
                  <tr key={`${i}-${r.title}-${r.target}-${r.url}-${r.depth}`}>
                    <td style={{ paddingLeft: `${0.65 + r.depth * 1.75}rem` }}>
                      <input type="hidden" name={`items[${i}].depth`} value={r.depth} />
                      {parent ? <span className="hint">Under {parent.title || 'the link above'}: </span> : null}
                      {input('title', 'Title', r.title)}
                    </td>
                    <td>
                      <label htmlFor={fid('target')} className="visually-hidden">
                        Page of link {n}
                      </label>
                      <select
                        id={fid('target')}
                        style={{ maxWidth: '13rem' }}
                        name={`items[${i}].target`}
                        defaultValue={r.target}
                        aria-invalid={err('target') ? true : undefined}
                      >
                        <option value="">A path or web address</option>
                        {targets.map((t) => (
                          <option key={t.id} value={t.id}>
                            {t.title} (/{t.urlId}
                            {t.kind === 'store' ? ', store' : ''})
                          </option>
                        ))}
                      </select>
                      {err('target') ? <span className="error">{err('target')}</span> : null}
                    </td>
                    <td>{input('url', 'Path or web address', r.url)}</td>
                    <td>
                      <div className="row-actions" style={{ gap: '0.25rem' }}>
                        <RowButton op="up" i={i} label={`Move ${name} up`} text="Up" disabled={!canWrite || i === 0} />
                        <RowButton op="down" i={i} label={`Move ${name} down`} text="Down" disabled={!canWrite || i === rows.length - 1} />
                        <RowButton
                          op="indent"
                          i={i}
                          label={`Put ${name} under the link above`}
                          text="Indent"
                          disabled={!canWrite || i === 0 || r.depth >= maxDepth}
                        />
                        <RowButton
                          op="outdent"
                          i={i}
                          label={`Take ${name} out one level`}
                          text="Outdent"
                          disabled={!canWrite || r.depth === 0}
                        />
                        <RowButton op="remove" i={i} label={`Remove ${name}`} text="Remove" disabled={!canWrite} danger />
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="toolbar">
        <button type="submit" name="intent" value="add" className="secondary" disabled={!canWrite}>
          Add a link
        </button>
        {save}
      </div>
      {canPublish ? null : <p className="hint">Your role can arrange links here but not save them; an editor can.</p>}
    </Form>
  );
}

function RowButton({
  op,
  i,
  label,
  text,
  disabled,
  danger,
}: {
  op: string;
  i: number;
  label: string;
  text: string;
  disabled: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={`${op}:${i}`}
      className={danger ? 'danger' : 'secondary'}
      style={{ padding: '0.25rem 0.5rem' }}
      aria-label={label}
      disabled={disabled}
    >
      {text}
    </button>
  );
}
