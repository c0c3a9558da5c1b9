// The screen of one blog post or event (/config/blog/<id>, /config/events/<id>): its form, a link to
// it on the site, and deletion after a confirmation step (?delete=confirm, so it works without
// JavaScript). The two routes differ only in the words, given here as `words`.
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { EntryKind } from '../../config/collections.server.js';
import type { entryEditAction, entryEditLoader } from '../../config/entry-routes.server.js';
import { stampOfTyped } from '../../edits/versions.js';
import { ConflictNotice } from './ConflictNotice.js';
import { ENTRY_FORM_ID, EntryEditor } from './EntryEditor.js';
import { FormError, Notice } from './Field.js';
import { readReply } from './reply.js';

export interface EntryWords {
  /** The list screen and its name: /config/blog, "Blog". */
  list: string;
  listLabel: string;
  /** One entry: "post", "event". */
  noun: string;
}

export function EntryEditScreen({ kind, words }: { kind: EntryKind; words: EntryWords }) {
  const d = useLoaderData<typeof entryEditLoader>();
  const reply = useActionData<typeof entryEditAction>();
  const failed = readReply(reply);
  const typed = failed?.typed?.intent === 'save' ? failed.typed : null;
  const { list, listLabel, noun } = words;
  return (
    <>
      <p>
        <Link to={list}>{listLabel}</Link>
      </p>
      <h1>{d.isNew ? `New ${noun}` : `Edit ${d.title}`}</h1>
      {d.path ? (
        <p>
          <a href={d.path} target="_blank" rel="noreferrer">
            View {d.path}
          </a>
        </p>
      ) : null}
      <Notice message={d.notice} />
      <FormError message={failed?.formError} />
      <ConflictNotice conflict={reply?.conflict} formId={ENTRY_FORM_ID} reloadTo={`${list}/${encodeURIComponent(d.id)}`} />
      {d.confirmDelete && d.canDelete ? (
        <section className="card" aria-labelledby="delete-h">
          <h2 id="delete-h">{`Delete ${d.title}?`}</h2>
          <p>This can&apos;t be undone.</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="danger">
              Delete {noun}
            </button>
            <Link to={`${list}/${encodeURIComponent(d.id)}`} className="button secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <EntryEditor
        kind={kind}
        values={typed ? { ...d.values, ...typed } : d.values}
        errors={failed?.errors ?? {}}
        timeZone={d.timeZone}
        canWrite={d.canWrite}
        canPublish={d.canPublish}
        submitLabel={d.isNew ? `Create ${noun}` : `Save ${noun}`}
        // A form drawn again after a refused save keeps the version it was first drawn at.
        stamp={typed ? stampOfTyped(typed) : d.stamp}
      />
      {d.canDelete && !d.confirmDelete ? (
        <p>
          <Link to="?delete=confirm" className="button secondary">
            Delete this {noun}…
          </Link>
        </p>
      ) : null}
    </>
  );
}
