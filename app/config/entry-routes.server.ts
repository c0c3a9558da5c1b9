// The loaders and actions of /config/blog and /config/events (the same screens for two kinds of
// entry): `pages.read` opens them, `pages.write` saves, Conform + zod parse the form, and a failed
// save answers with the spec's texts and what was typed (never a 500).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { parseForm, readForm, refusedReply, replyTo } from '../utils/form.server.js';
import {
  deleteEntry,
  entryDetail,
  EntryError,
  EventForm,
  KIND_TEXT,
  listEntries,
  PostForm,
  saveEntry,
  type EntryDetail,
  type EntryKind,
} from './collections.server.js';
import { siteTimeZone } from './site-time.server.js';
import { ownerAccess } from './route-access.server.js';
import { checkedSave, conflictFor, stampFor, VersionConflict, withConflict, type Versioned } from '../edits/versions.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

const NO_STORE = { headers: { 'Cache-Control': 'no-store' } };

export async function entryListLoader(args: LoaderFunctionArgs, kind: EntryKind) {
  const a = await ownerAccess(args, 'pages.read');
  const url = new URL(args.request.url);
  const list = await listEntries(a.sql, a.site.id, kind, Number(url.searchParams.get('page') ?? '1'));
  const one = KIND_TEXT[kind].one;
  const notice = url.searchParams.has('deleted') ? `${one === 'post' ? 'Post' : 'Event'} deleted.` : null;
  return json({ ...list, canWrite: a.can('pages.write'), notice }, NO_STORE);
}

/** The form's values: what was typed after a failed post, else the entry's (or a new one's). */
function formValues(kind: EntryKind, e: EntryDetail | null, canPublish: boolean): Record<string, string> {
  const base = {
    title: e?.title ?? '',
    urlId: e?.urlId ?? '',
    excerpt: e?.excerpt ?? '',
    body: e?.body ?? '',
    status: e ? (e.published ? 'published' : 'draft') : canPublish ? 'published' : 'draft',
  };
  if (kind === 'blog') {
    return {
      ...base,
      author: e?.author ?? '',
      publishedAt: e?.publishedAt ?? '',
      tags: e?.tags.join(', ') ?? '',
      categories: e?.categories.join(', ') ?? '',
      comments: e ? (e.commentsOpen ? 'open' : 'closed') : 'open',
    };
  }
  return {
    ...base,
    start: e?.start ?? '',
    end: e?.end ?? '',
    addressTitle: e?.location.addressTitle ?? '',
    addressLine1: e?.location.addressLine1 ?? '',
    addressLine2: e?.location.addressLine2 ?? '',
    addressCountry: e?.location.addressCountry ?? '',
  };
}

const ENTRY_LABELS: Record<string, string> = {
  title: 'Title',
  urlId: 'URL slug',
  excerpt: 'Excerpt',
  body: 'Body',
  status: 'Status',
  author: 'Author',
  publishedAt: 'Date',
  tags: 'Tags',
  categories: 'Categories',
  comments: 'Comments',
  start: 'Starts',
  end: 'Ends',
  addressTitle: 'Place',
  addressLine1: 'Address',
  addressLine2: 'Address line 2',
  addressCountry: 'Country',
};

/** Entry `id` as a versioned record (issue 28): its version is its form's fields. */
function entryVersioned(websiteId: string, kind: EntryKind, id: string): Versioned<EntryDetail> {
  return {
    thing: KIND_TEXT[kind].one,
    websiteId,
    load: (db) => entryDetail(db, websiteId, kind, id),
    // The status of a saved entry is its own, whatever the role: canPublish does not change the fields.
    fields: (e) => new URLSearchParams({ intent: 'save', ...formValues(kind, e, true) }),
    label: (f) => ENTRY_LABELS[f] ?? f,
    audit: (e) => ({ ids: [e.id], targets: [e.path] }),
  };
}

const SAVED: Record<string, string> = { created: 'created', '1': 'saved' };

export async function entryEditLoader(args: LoaderFunctionArgs, kind: EntryKind) {
  const a = await ownerAccess(args, 'pages.read');
  const id = args.params.id ?? '';
  const url = new URL(args.request.url);
  const isNew = id === 'new';
  const entry = isNew ? null : await entryDetail(a.sql, a.site.id, kind, id);
  if (!isNew && !entry) throw json({ error: 'There is no such entry on this site.' }, { status: 404 });
  const canPublish = a.can('pages.publish');
  const one = KIND_TEXT[kind].one;
  const saved = SAVED[url.searchParams.get('saved') ?? ''];
  return json(
    {
      isNew,
      id,
      path: entry?.published ? entry.path : null,
      title: entry?.title ?? '',
      values: formValues(kind, entry, canPublish),
      // The version the form is drawn at (issue 28): a save over an entry changed since is a conflict.
      stamp: entry ? stampFor(entryVersioned(a.site.id, kind, entry.id), entry) : null,
      timeZone: entry?.timeZone ?? (await siteTimeZone(a.sql, a.site.id)),
      // Without pages.publish: drafts only, and only drafts never published may be deleted (ADR 0010).
      canWrite: a.can('pages.write') && (canPublish || !entry?.published),
      canPublish,
      canDelete: !isNew && a.can('pages.write') && (canPublish || !entry?.wasLive),
      confirmDelete: url.searchParams.get('delete') === 'confirm',
      notice: saved ? `${one === 'post' ? 'Post' : 'Event'} ${saved}.` : null,
    },
    NO_STORE,
  );
}

export async function entryEditAction(args: ActionFunctionArgs, kind: EntryKind) {
  const a = await ownerAccess(args, 'pages.write');
  const id = args.params.id ?? '';
  const screen = KIND_TEXT[kind].screen;
  const form = await readForm(args.request);
  if (!form) return json(withConflict(refusedReply()), 400);
  try {
    if (form.get('intent') === 'delete') {
      if (id === 'new') throw new EntryError(404, 'There is no such entry on this site.');
      await deleteEntry(a, kind, id);
      return redirect(`${screen}?deleted=1`, 303);
    }
    const versioned = id === 'new' ? null : entryVersioned(a.site.id, kind, id);
    const checked = versioned ? await checkedSave(a.sql, form, versioned) : null;
    if (checked?.kind === 'missing') throw new EntryError(404, 'There is no such entry on this site.');
    const submission = parseForm(checked?.post ?? form, kind === 'blog' ? PostForm : EventForm);
    if (submission.status !== 'success') return json(withConflict(replyTo(submission, form, { formError: UI_TEXT.invalidForm })), 400);
    try {
      const saved = await saveEntry(a, kind, id === 'new' ? null : id, submission.value, checked?.guard);
      return redirect(`${screen}/${encodeURIComponent(saved.id)}?saved=${saved.created ? 'created' : '1'}`, 303);
    } catch (e) {
      if (!(e instanceof VersionConflict) || !versioned) throw e;
      const conflict = await conflictFor(a.sql, form, versioned);
      if (!conflict) throw new EntryError(404, 'There is no such entry on this site.');
      return json(withConflict(replyTo(submission, form), conflict), 409);
    }
  } catch (e) {
    if (!(e instanceof EntryError)) throw e;
    if (e.status === 404) throw json({ error: e.message }, { status: 404 });
    const error = e.status === 400 && e.field ? UI_TEXT.invalidForm : e.message;
    // Refused after the fields were checked (a slug taken) or without checking them (a delete).
    return json(withConflict(refusedReply(error, form, e.field ? { [e.field]: e.message } : {})), e.status === 403 ? 403 : 400);
  }
}
