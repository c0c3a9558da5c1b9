// /config/events/<id> (and /config/events/new): a event's form, and its deletion after a confirmation step (a
// page of its own, ?delete=confirm, so it works without JavaScript). app/config/entry-routes.server.ts
// does the work.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { EntryEditor } from '../components/config/EntryEditor.js';
import { FormError, Notice } from '../components/config/Field.js';
import { entryEditAction, entryEditLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && !data.isNew ? `Edit ${data.title}` : 'New event' }];

export const loader = (args: LoaderFunctionArgs) => entryEditLoader(args, 'events');
export const action = (args: ActionFunctionArgs) => entryEditAction(args, 'events');

export default function EditEvent() {
  const d = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const typed = failed?.typed.intent === 'save' ? failed.typed : null;
  return (
    <>
      <p>
        <Link to="/config/events">Events</Link>
      </p>
      <h1>{d.isNew ? 'New event' : `Edit ${d.title}`}</h1>
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
              Delete event
            </button>
            <Link to={`/config/events/${encodeURIComponent(d.id)}`} className="button secondary">
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
      <EntryEditor
        kind="events"
        values={typed ? { ...d.values, ...typed } : d.values}
        errors={failed?.fields ?? {}}
        timeZone={d.timeZone}
        canWrite={d.canWrite}
        canPublish={d.canPublish}
        submitLabel={d.isNew ? 'Create event' : 'Save event'}
      />
      {d.canDelete && !d.confirmDelete ? (
        <p>
          <Link to="?delete=confirm" className="button secondary">
            Delete this event…
          </Link>
        </p>
      ) : null}
    </>
  );
}
