// An event as an iCalendar file (RFC 5545) for the event page's "Add to calendar" link: one VEVENT
// with UTC times (SPEC 9's calendar date format), text escaped and lines folded at 75 octets.
import type { EventLocation } from '../catalog/collections.server.js';

export interface IcsEvent {
  id: string;
  title: string;
  /** ISO instants. */
  startDate: string;
  endDate: string;
  location: EventLocation;
  /** Plain text (the excerpt without its tags). */
  description: string;
  /** Absolute URL of the event page. */
  url: string;
  updatedAt: string;
}

/** yyyyMMddTHHmmssZ in UTC. */
export function icsDate(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \n. */
export function icsText(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const UTF8 = new TextEncoder();

/** Lines longer than 75 octets continue on the next line after a space (never splitting a character). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  for (const ch of line) {
    const n = UTF8.encode(ch).length;
    if (bytes + n > (out.length === 0 ? 75 : 74)) {
      out.push(cur);
      cur = '';
      bytes = 0;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n ');
}

export function eventIcs(e: IcsEvent, host: string): string {
  const where = [e.location.addressTitle, e.location.addressLine1, e.location.addressLine2, e.location.addressCountry]
    .filter(Boolean)
    .join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//storefront//events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${e.id}@${host}`,
    `DTSTAMP:${icsDate(e.updatedAt)}`,
    `DTSTART:${icsDate(e.startDate)}`,
    `DTEND:${icsDate(e.endDate)}`,
    `SUMMARY:${icsText(e.title)}`,
    ...(where ? [`LOCATION:${icsText(where)}`] : []),
    ...(e.location.mapLat !== undefined && e.location.mapLng !== undefined ? [`GEO:${e.location.mapLat};${e.location.mapLng}`] : []),
    ...(e.description ? [`DESCRIPTION:${icsText(e.description)}`] : []),
    `URL:${e.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
