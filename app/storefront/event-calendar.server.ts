// /{events}/{event}/calendar.ics: an event's calendar file, for the event page's "Add to calendar" link
// (the Google Calendar link comes from the engine's google-calendar-url formatter). Anything that
// is not a visible event answers 404.
import type { AppLoadContext } from '@remix-run/node';
import { loadSite, resolvePath } from '../catalog/catalog.server.js';
import { baseUrlFor } from '../utils/base-url.server.js';
import { eventIcs } from './ics.js';
import { requestSite } from './site.server.js';
import { guardPage } from './access-page.server.js';

const notFound = () =>
  new Response('There is no such event.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/** The calendar file of the event at /{collection}/{item}. */
export async function eventCalendar(request: Request, collection: string, item: string, context?: AppLoadContext): Promise<Response> {
  const site = await loadSite((await requestSite(request, context)).id);
  const r = await resolvePath(site.website.id, `/${encodeURIComponent(collection)}/${encodeURIComponent(item)}`);
  if (r.kind !== 'entry') return notFound();
  // An event of a locked or member-only collection (app/access) is for those who may see its page.
  const guard = await guardPage(request, site, new URL(request.url), r);
  if (guard.kind === 'replace') return notFound();
  const e = r.item;
  const { startDate, endDate } = e;
  if (startDate === null || endDate === null) return notFound();
  const origin = baseUrlFor(site.website.baseUrl);
  const body = eventIcs(
    {
      id: e.id,
      title: e.title,
      startDate,
      endDate,
      location: e.location,
      description: e.excerpt
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
      url: origin + e.fullUrl,
      updatedAt: e.updatedAt,
    },
    new URL(origin).host || 'localhost',
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${e.urlId}.ics"`,
      'Cache-Control': guard.restricted ? 'private, no-store' : 'public, max-age=300',
    },
  });
}
