// /config/navigation: the main and secondary (footer) navigation. Each menu is one form of rows
// (title, a page of the site or a path/web address, depth); without JavaScript the row buttons (move
// up/down, indent, outdent, remove, add) post the rows and get them back changed, unsaved; with it
// they change the rows in the browser at once. Save validates and stores the menu
// (app/config/navigation.server.ts).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { FormError, Notice } from '../components/config/Field.js';
import { readReply, type RefusedPost } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import {
  applyRowIntent,
  MAX_DEPTH,
  MAX_LINKS,
  normalizeRows,
  parseRowIntent,
  type NavRow,
  type RowIntent,
} from '../config/navigation-rows.js';
import { MENU_CHANGED, navigationEditor, saveMenu } from '../config/navigation.server.js';
import { MENU_LABELS, MENU_NAMES, type MenuName } from '../catalog/menus.server.js';
import { ownerAccess } from '../config/route-access.server.js';
import { otherLanguages } from '../languages/translation-forms.server.js';
import { parseForm, readForm, redrawReply, refusedReply, replyTo } from '../utils/form.server.js';
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
  drawn: z.string().max(64).default(''),
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

const NOT_SAVED = 'Not saved yet: press Save to publish these changes.';

/**
 * The menu's form as a reply draws it again: its rows (as changed or cleaned on the server, which
 * is what the screen shows, so not the post itself) and hidden fields. `version` is left out when
 * the form should carry the stored menu's version as loaded.
 */
function menuForm(menu: MenuName, rows: NavRow[], hidden: { version?: string; drawn: string }): URLSearchParams {
  const form = new URLSearchParams({ menu, drawn: hidden.drawn });
  if (hidden.version !== undefined) form.set('version', hidden.version);
  rows.forEach((r, i) => {
    form.set(`items[${i}].title`, r.title);
    form.set(`items[${i}].target`, r.target);
    form.set(`items[${i}].url`, r.url);
    form.set(`items[${i}].depth`, String(r.depth));
  });
  return form;
}

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'pages.write');
  const form = await readForm(args.request);
  // A post that names no menu (or nothing to do) is answered above both menus, with no form kept.
  if (!form) return json(refusedReply(), 400);
  const parsed = parseForm(form, Schema);
  if (parsed.status !== 'success') return json(refusedReply(UI_TEXT.invalidForm), 400);
  const { menu, items, version, drawn } = parsed.value;
  const intent = parseRowIntent(parsed.value.intent);
  if (!intent) return json(refusedReply('Choose what to do.'), 400);
  const rows = normalizeRows(items.map((r) => ({ title: r.title, target: r.target, url: r.url, depth: Number(r.depth) || 0 })));
  // A row button without JavaScript: the rows come back changed, unsaved (no error: see NOT_SAVED).
  if (intent.op !== 'save') return json(redrawReply(menuForm(menu, applyRowIntent(rows, intent), { version, drawn })));
  if (!a.can('pages.publish')) {
    return json(refusedReply('Your role cannot change the navigation visitors see; an editor can.', menuForm(menu, rows, { drawn })), 403);
  }
  const saved = await saveMenu(a, menu, rows, version);
  // The form carries on at the newer version: saving again replaces the other change, knowingly.
  if (!saved.ok && 'changed' in saved)
    return json(replyTo(parsed, menuForm(menu, rows, { version: saved.version, drawn }), { formError: MENU_CHANGED }), 409);
  if (!saved.ok && 'errors' in saved)
    return json(
      replyTo(parsed, menuForm(menu, rows, { version, drawn }), { formError: UI_TEXT.invalidForm, fieldErrors: saved.errors }),
      400,
    );
  return redirect(`/config/navigation?saved=${menu}`, 303);
}

/** A menu's refused or redrawn post as the screen draws it: the rows, hidden fields and messages. */
interface Posted {
  menu: string;
  rows: NavRow[];
  version: string | undefined;
  drawn: string;
  error: string | null;
  notice: string | null;
  fields: Record<string, string>;
}

/** The menu a reply carries (null: none, as loaded, or a post refused above both menus). */
function postedMenu(failed: RefusedPost | null): Posted | null {
  const typed = failed?.typed;
  if (!failed || !typed?.menu) return null;
  const rows: NavRow[] = [];
  for (let i = 0; `items[${i}].depth` in typed; i++) {
    const f = (name: string) => typed[`items[${i}].${name}`] ?? '';
    rows.push({ title: f('title'), target: f('target'), url: f('url'), depth: Number(f('depth')) || 0 });
  }
  const refused = failed.formError !== null || Object.keys(failed.errors).length > 0;
  return {
    menu: typed.menu,
    rows,
    version: typed.version,
    drawn: typed.drawn ?? '',
    error: failed.formError,
    notice: refused ? null : NOT_SAVED,
    fields: failed.errors,
  };
}

export default function Navigation() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // Read once per reply: a menu form tells a new refused save by its errors object changing.
  const failed = useMemo(() => readReply(reply), [reply]);
  const posted = useMemo(() => postedMenu(failed), [failed]);
  return (
    <>
      <h1>Navigation</h1>
      <Notice message={d.notice} />
      {failed && !posted ? <FormError message={failed.formError} /> : null}
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
        const mine = posted?.menu === name ? posted : null;
        // The menu as stored, or as a refused post carried it. The form is drawn afresh only for
        // another stored version (after a save); a refused post's answer (a conflict's newer version
        // included) keeps it mounted, so what was typed while it was on its way stays.
        const drawn = mine?.drawn || d.versions[name as MenuName];
        return (
          <section className="card" key={name} aria-labelledby={`${name}-h`}>
            <h2 id={`${name}-h`}>{label}</h2>
            <Notice message={mine?.notice} />
            <FormError message={mine?.error} />
            <MenuForm
              key={`${name}@${drawn}`}
              menu={name}
              label={label}
              rows={mine ? mine.rows : d.menus[name as MenuName]}
              version={mine?.version ?? d.versions[name as MenuName]}
              drawn={drawn}
              errors={mine?.fields}
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

/** A row of the form: a link, with an id of its own in this form so its inputs move with it. */
type Row = NavRow & { id: number };
type RowOp = Exclude<RowIntent['op'], 'add' | 'save'>;
/** The button that keeps the focus when a move disables the one pressed (a row moved to the top). */
const OTHER_OP: Record<RowOp, RowOp | null> = { up: 'down', down: 'up', indent: 'outdent', outdent: 'indent', remove: null };
const NO_ERRORS: Record<string, string> = {};

function MenuForm({
  menu,
  label,
  rows: drawnRows,
  version,
  drawn,
  errors: postedErrors,
  targets,
  maxDepth,
  canWrite,
  canPublish,
}: {
  menu: string;
  label: string;
  rows: NavRow[];
  version: string;
  drawn: string;
  /** A refused save's errors, by the field names of the rows it posted. */
  errors: Record<string, string> | undefined;
  targets: { id: string; title: string; urlId: string; kind: 'page' | 'store' }[];
  maxDepth: number;
  canWrite: boolean;
  canPublish: boolean;
}) {
  // The rows shown, each with an id for this form (their order when drawn: the same on the server
  // and in the browser). With JavaScript the row buttons change these at once, with no post whose
  // answer could draw the rows again over what is typed; the inputs keep their own values.
  const [rows, setRows] = useState<Row[]>(() => drawnRows.map((r, i) => ({ ...r, id: i })));
  const nextId = useRef(drawnRows.length);
  const [changed, setChanged] = useState(false);
  // A refused save's errors belong to the rows it posted: kept by row id, they follow a moved row.
  const [errorsOf, setErrorsOf] = useState({ posted: postedErrors, byRow: rowErrors(postedErrors, rows) });
  if (errorsOf.posted !== postedErrors) setErrorsOf({ posted: postedErrors, byRow: rowErrors(postedErrors, rows) });
  // Where the focus goes once the rows are drawn after a change.
  const focusTo = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = focusTo.current;
    focusTo.current = null;
    const el = (ids ?? [])
      .map((id) => document.getElementById(id) as HTMLInputElement | HTMLButtonElement | null)
      .find((e) => e && !e.disabled);
    el?.focus();
  });

  const fid = (id: number, f: string) => `${menu}-${id}-${f}`;
  const addId = `${menu}-add`;
  const change = (intent: RowIntent, focus: string[]) => {
    const added = intent.op === 'add' ? { title: '', target: '', url: '', depth: 0, id: nextId.current++ } : undefined;
    setRows(applyRowIntent(rows, intent, added));
    setChanged(true);
    focusTo.current = added ? [fid(added.id, 'title')] : focus;
  };
  const rowButton = (op: RowOp, i: number) => {
    const id = rows[i].id;
    if (op !== 'remove') return change({ op, index: i }, [fid(id, op), ...(OTHER_OP[op] ? [fid(id, OTHER_OP[op])] : []), fid(id, 'title')]);
    // A removed row's place goes to the next row, else the one above, else Add a link.
    const rest = applyRowIntent(rows, { op, index: i });
    const near = rest[Math.min(i, rest.length - 1)];
    change({ op, index: i }, [...(near ? [fid(near.id, 'title')] : []), addId]);
  };
  const typed = (id: number, f: 'title' | 'target' | 'url', value: string) =>
    // What is typed stays in the input; the title is also named by the row's buttons and its children.
    setRows((all) => all.map((r) => (r.id === id ? { ...r, [f]: value } : r)));

  const save = (
    <button type="submit" name="intent" value="save" disabled={!canPublish}>
      Save {label.toLowerCase()}
    </button>
  );
  return (
    <Form method="post">
      <input type="hidden" name="menu" value={menu} />
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="drawn" value={drawn} />
      {/* The first button of the form: Enter in a text box saves, it does not move a row. */}
      <div className="toolbar">{save}</div>
      <Notice message={changed ? NOT_SAVED : null} />
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
                const err = (f: string) => errorsOf.byRow[r.id]?.[f];
                const input = (f: 'title' | 'url', text: string, value: string) => (
                  <>
                    <label htmlFor={fid(r.id, f)} className="visually-hidden">
                      {text} of link {n}
                    </label>
                    <input
                      id={fid(r.id, f)}
                      size={f === 'title' ? 14 : 16}
                      name={`items[${i}].${f}`}
                      defaultValue={value}
                      onChange={(e) => typed(r.id, f, e.target.value)}
                      aria-invalid={err(f) ? true : undefined}
                      aria-describedby={err(f) ? `${fid(r.id, f)}-error` : undefined}
                    />
                    {err(f) ? (
                      <span className="error" id={`${fid(r.id, f)}-error`}>
                        {err(f)}
                      </span>
                    ) : null}
                  </>
                );
                const button = (op: RowOp, rowLabel: string, text: string, disabled: boolean) => (
                  <RowButton
                    id={fid(r.id, op)}
                    op={op}
                    i={i}
                    label={rowLabel}
                    text={text}
                    disabled={!canWrite || disabled}
                    onPress={() => rowButton(op, i)}
                  />
                );
                return (
                  // Keyed by the row's own id, not its text or place: its inputs (and what is typed
                  // in them) move with it, and a refused save's answer draws none of them again.
                  <tr key={r.id}>
                    <td style={{ paddingLeft: `${0.65 + r.depth * 1.75}rem` }}>
                      <input type="hidden" name={`items[${i}].depth`} value={r.depth} />
                      {parent ? <span className="hint">Under {parent.title || 'the link above'}: </span> : null}
                      {input('title', 'Title', r.title)}
                    </td>
                    <td>
                      <label htmlFor={fid(r.id, 'target')} className="visually-hidden">
                        Page of link {n}
                      </label>
                      <select
                        id={fid(r.id, 'target')}
                        style={{ maxWidth: '13rem' }}
                        name={`items[${i}].target`}
                        defaultValue={r.target}
                        onChange={(e) => typed(r.id, 'target', e.target.value)}
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
                        {button('up', `Move ${name} up`, 'Up', i === 0)}
                        {button('down', `Move ${name} down`, 'Down', i === rows.length - 1)}
                        {button('indent', `Put ${name} under the link above`, 'Indent', i === 0 || r.depth >= maxDepth)}
                        {button('outdent', `Take ${name} out one level`, 'Outdent', r.depth === 0)}
                        {button('remove', `Remove ${name}`, 'Remove', false)}
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
        <button
          id={addId}
          type="submit"
          name="intent"
          value="add"
          className="secondary"
          disabled={!canWrite || rows.length >= MAX_LINKS}
          // With JavaScript no post: the row is added at once (the post is the no-JS path).
          onClick={(e) => {
            e.preventDefault();
            change({ op: 'add' }, []);
          }}
        >
          Add a link
        </button>
        {save}
      </div>
      {canPublish ? null : <p className="hint">Your role can arrange links here but not save them; an editor can.</p>}
    </Form>
  );
}

/** A refused save's errors (`items[2].title`) by the id of the row posted in that place. */
function rowErrors(errors: Record<string, string> | undefined, rows: Row[]): Record<number, Record<string, string>> {
  const out: Record<number, Record<string, string>> = {};
  for (const [field, text] of Object.entries(errors ?? NO_ERRORS)) {
    const m = /^items\[(\d+)\]\.(\w+)$/.exec(field);
    const row = m ? rows[Number(m[1])] : undefined;
    if (row && m) out[row.id] = { ...out[row.id], [m[2]]: text };
  }
  return out;
}

function RowButton({
  id,
  op,
  i,
  label,
  text,
  disabled,
  onPress,
}: {
  id: string;
  op: RowOp;
  i: number;
  label: string;
  text: string;
  disabled: boolean;
  onPress: () => void;
}) {
  return (
    <button
      id={id}
      type="submit"
      name="intent"
      value={`${op}:${i}`}
      className={op === 'remove' ? 'danger' : 'secondary'}
      style={{ padding: '0.25rem 0.5rem' }}
      aria-label={label}
      disabled={disabled}
      // With JavaScript no post: the rows change at once (the post is the no-JS path).
      onClick={(e) => {
        e.preventDefault();
        onPress();
      }}
    >
      {text}
    </button>
  );
}
