// /{events}/{event}/calendar.ics: an event's iCalendar file (app/storefront/event-calendar.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { eventCalendar } from '../storefront/event-calendar.server.js';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return eventCalendar(request, params.collection ?? '', params.item ?? '', context);
}
