// /config/events/<id> (and /config/events/new): a event's form, and its deletion after a confirmation step
// (app/components/config/EntryEditScreen.tsx draws it; app/config/entry-routes.server.ts does the work).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EntryEditScreen } from '../components/config/EntryEditScreen.js';
import { entryEditAction, entryEditLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data && !data.isNew ? `Edit ${data.title}` : 'New event' }];

export const loader = (args: LoaderFunctionArgs) => entryEditLoader(args, 'events');
export const action = (args: ActionFunctionArgs) => entryEditAction(args, 'events');

export default function EditEvent() {
  return <EntryEditScreen kind="events" words={{ list: '/config/events', listLabel: 'Events', noun: 'event' }} />;
}
