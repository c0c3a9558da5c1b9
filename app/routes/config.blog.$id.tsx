// /config/blog/<id> (and /config/blog/new): a post's form, and its deletion after a confirmation step (a
// page of its own, ?delete=confirm, so it works without JavaScript). app/config/entry-routes.server.ts
// does the work.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { EntryEditor } from '../components/config/EntryEditor.js';
import { FormError, Notice } from '../components/config/Field.js';
import { entryEditAction, entryEditLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && !data.isNew ? `Edit ${data.title}` : 'New post' }];

export const loader = (args: LoaderFunctionArgs) => entryEditLoader(args, 'blog');
export const action = (args: ActionFunctionArgs) => entryEditAction(args, 'blog');

export default function EditPost() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const typed = failed?.typed.intent === 'save' ? failed.typed : null;
  return (
    <>
      <p>
        <Link to="/config/blog">Blog</Link>
      </p>
      <h1>{d.isNew ? 'New post' : `Edit ${d.title}`}</h1>
      {d.path ? (
        <p>
          <a href={d.path} target="_blank" rel="noreferrer">
            View {d.path}
          </a>
        </p>
      ) : null}
      <Notice message={d.notice} />
      <FormError message={failed?.error} />
      {d.confirmDelete && d.canDelete ? (
        <section className="card" aria-labelledby="delete-h">
          <h2 id="delete-h">{`Delete ${d.title}?`}</h2>
          <p>This can&apos;t be undone.</p>
          <Form method="post" className="row-actions">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="danger">
              Delete post
            </button>
            <Link to={`/config/blog/${encodeURIComponent(d.id)}`} className="button secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <EntryEditor
        kind="blog"
        values={typed ? { ...d.values, ...typed } : d.values}
        errors={failed?.fields ?? {}}
        timeZone={d.timeZone}
        canWrite={d.canWrite}
        canPublish={d.canPublish}
        submitLabel={d.isNew ? 'Create post' : 'Save post'}
      />
      {d.canDelete && !d.confirmDelete ? (
        <p>
          <Link to="?delete=confirm" className="button secondary">
            Delete this post…
          </Link>
        </p>
      ) : null}
    </>
  );
}
