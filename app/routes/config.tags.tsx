// /config/tags: the tag and category manager (SPEC 2): every tag (or category, ?type=category) on the
// site's items with how many use it, a filter, and add, edit, merge and remove. Merge and remove go
// through a step that says what will change; everything works with JavaScript off.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { SubmissionResult } from '@conform-to/react';
import type { ColumnDef } from '@tanstack/react-table';
import { z } from 'zod';
import { DataTable } from '../components/config/DataTable.js';
import { Field, FormError, Notice } from '../components/config/Field.js';
import { useCan } from '../components/config/layout-data.js';
import { readReply, type RefusedPost } from '../components/config/reply.js';
import { ownerPageHeaders } from '../config/http.js';
import { ownerAccess } from '../config/route-access.server.js';
import {
  mergeQuestion,
  plural,
  removeQuestion,
  TAG_MAX_LENGTH,
  TAG_TEXT,
  TAG_TYPES,
  tagTypeOf,
  titleOf,
  type TagType,
} from '../config/tag-rules.js';
import {
  addTag,
  listTags,
  mergeTags,
  pendingChange,
  removeTags,
  renameTag,
  siteItems,
  TagError,
  type TagRow,
} from '../config/tags.server.js';
import { parseForm, readFormValues, refusedReply, replyTo } from '../utils/form.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const headers = ownerPageHeaders;

const SAVED = ['add', 'rename', 'merge', 'remove'] as const;
type Saved = (typeof SAVED)[number];

function noticeOf(t: TagType, saved: Saved, name: string): string {
  const T = titleOf(t);
  if (saved === 'add') return `${T} “${name}” added.`;
  if (saved === 'rename') return `${T} renamed to “${name}”.`;
  if (saved === 'merge') return `${titleOf(t, true)} merged into “${name}”.`;
  return name ? `${T} “${name}” removed.` : `${titleOf(t, true)} removed.`;
}

function listPath(t: TagType, params: Record<string, string | number | undefined> = {}): string {
  const sp = new URLSearchParams({ type: t });
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') sp.set(k, String(v));
  return `/config/tags?${sp.toString()}`;
}

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'products.read');
  const url = new URL(args.request.url);
  const t = tagTypeOf(url.searchParams.get('type'));
  const q = (url.searchParams.get('q') ?? '').slice(0, 200);
  const pageParam = Number(url.searchParams.get('page'));
  const page = Number.isInteger(pageParam) && pageParam >= 1 && pageParam <= 100_000 ? pageParam : 1;
  const list = await listTags(a.sql, a.site.id, t, { q, page });
  const items = a.can('products.write') ? await siteItems(a.sql, a.site.id) : [];
  const saved = url.searchParams.get('saved');
  const notice = (SAVED as readonly string[]).includes(saved ?? '')
    ? noticeOf(t, saved as Saved, (url.searchParams.get('name') ?? '').slice(0, 60))
    : null;
  return json({ t, q, list, items, notice, maxLength: TAG_MAX_LENGTH[t] }, { headers: { 'Cache-Control': 'no-store' } });
}

// A list of checkboxes posts its name once per ticked box: none, one (a string) or several.
const names = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.string().max(200)).max(2000));
const common = { type: z.string().optional().transform(tagTypeOf), q: z.string().default('') };
const Schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), ...common, name: z.string().default(''), itemIds: names }),
  z.object({ intent: z.literal('edit'), ...common, selected: names }),
  z.object({ intent: z.literal('rename'), ...common, selected: names, newName: z.string().default('') }),
  z.object({ intent: z.literal('merge'), ...common, selected: names }),
  z.object({
    intent: z.literal('confirm-merge'),
    ...common,
    selected: names,
    survivor: z.string().default(''),
    newName: z.string().default(''),
  }),
  z.object({ intent: z.literal('remove'), ...common, selected: names }),
  z.object({ intent: z.literal('confirm-remove'), ...common, selected: names }),
]);

/** The step shown above the list before a rename, merge or removal is done. */
type Panel = { kind: 'edit'; names: string[] } | { kind: 'merge' | 'remove'; names: string[]; question: string };

export async function action(args: ActionFunctionArgs) {
  const a = await ownerAccess(args, 'products.write');
  const form = await readFormValues(args.request);
  // A step (edit, merge, remove) answers the panel to show; a refusal Conform's reply, with the step
  // it came from so what was typed there stays.
  const step = (panel: Panel) => json({ panel });
  const refuse = (reply: SubmissionResult<string[]>, panel: Panel | null = null) => json({ ...reply, panel }, { status: 400 });
  if (!form) return refuse(refusedReply());
  const submission = parseForm(form, Schema);
  if (submission.status !== 'success') return refuse(replyTo(submission, form, { formError: UI_TEXT.invalidForm }));
  const v = submission.value;
  const t = v.type;
  const done = (saved: Saved, name: string) => redirect(listPath(t, { q: v.q, saved, name }), 303);
  // The step to show again when a confirmed change is refused, so what was typed there stays.
  let retry: Panel | null = null;
  try {
    switch (v.intent) {
      case 'add': {
        const r = await addTag(a, t, v.name, v.itemIds);
        return done('add', r.name);
      }
      case 'edit':
      case 'rename': {
        if (v.selected.length > 1) throw new TagError(TAG_TEXT.oneAtATime(t));
        if (v.selected.length === 0) throw new TagError(TAG_TEXT.chooseOne(t));
        if (v.intent === 'edit') return step({ kind: 'edit', names: v.selected });
        retry = { kind: 'edit', names: v.selected };
        const r = await renameTag(a, t, v.selected, v.newName);
        return done('rename', r.to);
      }
      case 'merge':
      case 'confirm-merge': {
        if (new Set(v.selected).size < 2) throw new TagError(TAG_TEXT.chooseTwo(t));
        const p = await pendingChange(a, t, v.selected);
        if (p.names.length < 2) throw new TagError(TAG_TEXT.gone(t));
        const panel: Panel = { kind: 'merge', names: p.names, question: mergeQuestion(t, p.names, p.items) };
        if (v.intent === 'merge') return step(panel);
        retry = panel;
        const r = await mergeTags(a, t, p.names, v.survivor, v.newName);
        return done('merge', r.into);
      }
      case 'remove':
      case 'confirm-remove': {
        if (v.selected.length === 0) throw new TagError(TAG_TEXT.chooseSome(t));
        if (v.intent === 'remove') {
          const p = await pendingChange(a, t, v.selected);
          return step({ kind: 'remove', names: p.names, question: removeQuestion(t, p.names, p.items) });
        }
        const r = await removeTags(a, t, v.selected);
        return done('remove', r.names.length === 1 ? r.names[0] : '');
      }
    }
  } catch (e) {
    if (e instanceof TagError) {
      const fieldErrors = e.field ? { [e.field]: e.message } : {};
      return refuse(replyTo(submission, form, { formError: e.message, fieldErrors }), retry);
    }
    throw e;
  }
}

function Hidden({ t, q, selected }: { t: TagType; q: string; selected?: string[] }) {
  return (
    <>
      <input type="hidden" name="type" value={t} />
      <input type="hidden" name="q" value={q} />
      {(selected ?? []).map((n) => (
        <input key={n} type="hidden" name="selected" value={n} />
      ))}
    </>
  );
}

function Step({ panel, t, q, failed }: { panel: Panel; t: TagType; q: string; failed: RefusedPost | null }) {
  const cancel = (
    <Link to={listPath(t, { q })} className="button secondary">
      Cancel
    </Link>
  );
  if (panel.kind === 'edit') {
    const clash = failed?.errors.newName === TAG_TEXT.exists(t);
    return (
      <section className="card" aria-labelledby="step-h">
        <h2 id="step-h">
          Edit the {t} “{panel.names[0]}”
        </h2>
        <Form method="post">
          <input type="hidden" name="intent" value="rename" />
          <Hidden t={t} q={q} selected={panel.names} />
          <Field
            name="newName"
            label="New name"
            defaultValue={failed ? (failed.typed?.newName ?? '') : panel.names[0]}
            error={failed?.errors.newName}
            hint={`At most ${TAG_MAX_LENGTH[t]} characters.`}
          />
          {clash ? <p>To combine the two, select both in the list and choose Merge.</p> : null}
          <div className="row-actions">
            <button type="submit">Save</button>
            {cancel}
          </div>
        </Form>
      </section>
    );
  }
  if (panel.kind === 'merge') {
    const kept = failed?.typed?.survivor || panel.names[0];
    return (
      <section className="card" aria-labelledby="step-h">
        <h2 id="step-h">Merge {plural(t)}</h2>
        <p>{panel.question}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="confirm-merge" />
          <Hidden t={t} q={q} selected={panel.names} />
          <fieldset>
            <legend>The {t} to keep</legend>
            {panel.names.map((n, i) => (
              <div key={n}>
                <input type="radio" id={`survivor-${i}`} name="survivor" value={n} defaultChecked={n === kept} />{' '}
                <label htmlFor={`survivor-${i}`}>{n}</label>
              </div>
            ))}
            {failed?.errors.survivor ? <span className="error">{failed.errors.survivor}</span> : null}
          </fieldset>
          <Field
            name="newName"
            label={`Or a new name for the merged ${t}`}
            defaultValue={failed?.typed?.newName ?? ''}
            error={failed?.errors.newName}
            hint="Leave empty to keep the name chosen above."
          />
          <div className="row-actions">
            <button type="submit">Merge</button>
            {cancel}
          </div>
        </Form>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="step-h">
      <h2 id="step-h">Remove {panel.names.length === 1 ? t : plural(t)}</h2>
      <p>{panel.question}</p>
      <Form method="post">
        <input type="hidden" name="intent" value="confirm-remove" />
        <Hidden t={t} q={q} selected={panel.names} />
        <div className="row-actions">
          <button type="submit" className="danger">
            Remove
          </button>
          {cancel}
        </div>
      </Form>
    </section>
  );
}

export default function Tags() {
  const { t, q, list, items, notice, maxLength } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const canWrite = useCan('products.write');
  const panel = reply?.panel ?? null;
  const failed = reply && 'status' in reply ? readReply(reply) : null;
  const adding = failed?.typed?.intent === 'add';
  const checkedItems = new Set(adding ? (failed?.lists.itemIds ?? []) : []);
  // A refusal outside a step keeps the rows that were ticked.
  const ticked = new Set(failed && !panel ? (failed.lists.selected ?? []) : []);
  const T = titleOf(t);
  const Ts = titleOf(t, true);

  const columns: ColumnDef<TagRow, unknown>[] = [
    ...(canWrite
      ? [
          {
            id: 'select',
            header: () => <span className="visually-hidden">Select</span>,
            cell: ({ row }: { row: { original: TagRow; index: number } }) => (
              <>
                <input
                  type="checkbox"
                  id={`sel-${row.index}`}
                  name="selected"
                  value={row.original.name}
                  defaultChecked={ticked.has(row.original.name)}
                />
                <label htmlFor={`sel-${row.index}`} className="visually-hidden">
                  Select {row.original.name}
                </label>
              </>
            ),
          } satisfies ColumnDef<TagRow, unknown>,
        ]
      : []),
    { id: 'name', header: T, cell: ({ row }) => row.original.name },
    { id: 'count', header: 'Items', cell: ({ row }) => row.original.count },
  ];

  return (
    <>
      <h1>Categories and tags</h1>
      <nav aria-label="Tags or categories">
        <ul className="row-actions" style={{ listStyle: 'none', padding: 0 }}>
          {TAG_TYPES.map((k) => (
            <li key={k}>
              <Link to={listPath(k)} aria-current={k === t ? 'page' : undefined} className={k === t ? 'button' : 'button secondary'}>
                {titleOf(k, true)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Notice message={notice} />
      <FormError message={failed?.formError} />
      {panel ? <Step panel={panel} t={t} q={q} failed={failed} /> : null}

      <h2>{Ts}</h2>
      <Form method="get" className="toolbar" role="search">
        <input type="hidden" name="type" value={t} />
        <Field name="q" type="search" label={`Filter ${plural(t)}`} defaultValue={q} />
        <button type="submit" className="secondary">
          Filter
        </button>
        {q ? <Link to={listPath(t)}>Clear filter</Link> : null}
      </Form>
      {list.total === 0 ? (
        <p className="empty">{q ? `No ${plural(t)} match “${q}”.` : `No item has a ${t} yet.${canWrite ? ` Add one below.` : ''}`}</p>
      ) : (
        <Form method="post">
          <Hidden t={t} q={q} />
          {canWrite ? (
            <div className="toolbar" role="group" aria-label={`With the selected ${plural(t)}`}>
              <button type="submit" name="intent" value="edit" className="secondary">
                Edit
              </button>
              <button type="submit" name="intent" value="merge" className="secondary">
                Merge
              </button>
              <button type="submit" name="intent" value="remove" className="danger">
                Remove
              </button>
            </div>
          ) : null}
          <DataTable
            rows={list.rows}
            columns={columns}
            caption={`${Ts} and the number of items using each`}
            empty={`No ${plural(t)} on this page.`}
            rowKey={(r) => r.name}
          />
          <p>
            {list.total} {list.total === 1 ? t : plural(t)}
            {q ? ` matching “${q}”` : ''}.
          </p>
        </Form>
      )}
      {list.pages > 1 ? (
        <nav aria-label="Pages" className="row-actions">
          {list.page > 1 ? <Link to={listPath(t, { q, page: list.page - 1 })}>Previous page</Link> : null}
          <span>
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? <Link to={listPath(t, { q, page: list.page + 1 })}>Next page</Link> : null}
        </nav>
      ) : null}

      {canWrite ? (
        <section className="card" aria-labelledby="add-h">
          <h2 id="add-h">Add a {t}</h2>
          <Form method="post">
            <input type="hidden" name="intent" value="add" />
            <Hidden t={t} q={q} />
            <Field
              name="name"
              label={`New ${t}`}
              defaultValue={adding ? failed?.typed?.name : ''}
              error={adding ? failed?.errors.name : null}
              hint={`At most ${maxLength} characters.`}
            />
            <fieldset aria-describedby={adding && failed?.errors.itemIds ? 'f-itemIds-error' : undefined}>
              <legend>Items to add it to</legend>
              {items.length === 0 ? (
                <p className="empty">This site has no items yet.</p>
              ) : (
                <div style={{ maxHeight: '18rem', overflow: 'auto' }}>
                  {items.map((it, i) => (
                    <div key={it.id}>
                      <input type="checkbox" id={`item-${i}`} name="itemIds" value={it.id} defaultChecked={checkedItems.has(it.id)} />{' '}
                      <label htmlFor={`item-${i}`}>
                        {it.title} <span className="badge">{it.collection}</span>
                      </label>
                    </div>
                  ))}
                </div>
              )}
              {adding && failed?.errors.itemIds ? (
                <span className="error" id="f-itemIds-error">
                  {failed?.errors.itemIds}
                </span>
              ) : null}
            </fieldset>
            <button type="submit">Add {t}</button>
          </Form>
        </section>
      ) : null}
    </>
  );
}
