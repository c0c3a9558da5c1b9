// /config/events: the site's events, newest first, with status and a "New event" button
// (app/config/entry-routes.server.ts does the work).
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { EntryList } from '../components/config/EntryList.js';
import { entryListLoader } from '../config/entry-routes.server.js';
import { ownerPageHeaders } from '../config/http.js';

export const headers = ownerPageHeaders;
export const meta: MetaFunction = () => [{ title: 'Events' }];

export const loader = (args: LoaderFunctionArgs) => entryListLoader(args, 'events');

export default function EventsList() {
  return (
    <EntryList heading="Events" screen="/config/events" newLabel="New event" whenLabel="Starts" empty="This site has no events yet." />
  );
}
