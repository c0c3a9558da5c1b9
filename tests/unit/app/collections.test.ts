// Pure pieces of blogs and events (issue 13): the .ics file (RFC 5545 escaping, folding, UTC
// dates), the listing filter read from the query, the shape templates read, and the owner form's
// tag lists.
import { describe, expect, it } from 'vitest';
import { eventIcs, foldLine, icsDate, icsText } from '../../../app/storefront/ics.js';
import { filterJson, parseFilter, shapeEntry } from '../../../app/storefront/collection-context.js';
import { parseTerms } from '../../../app/config/collections.server.js';
import type { Entry } from '../../../app/catalog/catalog.server.js';

describe('the iCalendar file', () => {
  it('writes UTC dates and escapes text', () => {
    expect(icsDate('2027-01-16T14:00:00.000Z')).toBe('20270116T140000Z');
    expect(icsText('a, b; c\\d\nnext')).toBe('a\\, b\\; c\\\\d\\nnext');
  });

  it('folds lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n ');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(new TextEncoder().encode(p).length).toBeLessThanOrEqual(75);
    expect(parts.join('')).toBe(line);
  });

  it('is one VEVENT with CRLF line ends, leaving out what the event does not have', () => {
    const ics = eventIcs(
      {
        id: 'e1',
        title: 'Kiln, opening',
        startDate: '2027-01-16T14:00:00Z',
        endDate: '2027-01-16T18:00:00Z',
        location: {},
        description: '',
        url: 'https://shop.example/events/kiln',
        updatedAt: '2026-01-01T00:00:00Z',
      },
      'shop.example',
    );
    expect(ics.split('\r\n').slice(0, 2)).toEqual(['BEGIN:VCALENDAR', 'VERSION:2.0']);
    expect(ics).toContain('UID:e1@shop.example\r\n');
    expect(ics).toContain('SUMMARY:Kiln\\, opening\r\n');
    expect(ics).not.toContain('LOCATION');
    expect(ics).not.toContain('DESCRIPTION');
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });
});

describe('blog listings and entries', () => {
  it('reads ?tag= and ?category=, cutting values past the spec’s lengths', () => {
    expect(parseFilter(new URLSearchParams('tag=Glazes'))).toEqual({ tag: 'Glazes' });
    expect(parseFilter(new URLSearchParams(`category=${'c'.repeat(40)}`)).category).toHaveLength(26);
    expect(parseFilter(new URLSearchParams('page=2'))).toEqual({});
    expect(filterJson({ category: 'Dyeing' })).toEqual({ key: 'category', label: 'Category', value: 'Dyeing' });
    expect(filterJson({})).toBeNull();
  });

  const entry: Entry = {
    id: 'i1',
    collectionId: 'c1',
    urlId: 'kiln',
    title: 'Kiln',
    fullUrl: '/events/kiln',
    excerpt: '',
    body: '',
    recordType: 12,
    assetUrl: null,
    originalSize: null,
    tags: ['Wood ash'],
    categories: [],
    authorName: '',
    publishedAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    commentState: 2,
    publicCommentCount: 0,
    startDate: '2027-01-16T14:00:00.000Z',
    endDate: '2027-01-16T18:00:00.000Z',
    location: { addressTitle: 'Studio', addressLine1: '14 Wharf Lane' },
  };

  it('shapes an event with epoch dates, its calendar file, a map link and tag filter links', () => {
    const e = shapeEntry(entry, '/events');
    expect(e.startDate).toBe(Date.UTC(2027, 0, 16, 14));
    expect(e.endDate).toBe(Date.UTC(2027, 0, 16, 18));
    expect(e.icsUrl).toBe('/events/kiln/calendar.ics');
    expect(e.mapUrl).toBe('https://www.google.com/maps/search/?api=1&query=Studio%2C%2014%20Wharf%20Lane');
    expect(e.tagLinks).toEqual([{ name: 'Wood ash', url: '/events?tag=Wood+ash' }]);
    expect(e.commentsOpen).toBe(false);
    expect(e.author).toBeNull();
  });

  it('leaves event fields off a post', () => {
    const p = shapeEntry({ ...entry, startDate: null, endDate: null, commentState: 1, authorName: 'Maren' }, '/journal');
    expect(p).not.toHaveProperty('startDate');
    expect(p).not.toHaveProperty('icsUrl');
    expect(p.commentsOpen).toBe(true);
    expect(p.author).toEqual({ displayName: 'Maren' });
  });

  it('reads a typed list of tags: trimmed, each once, in order', () => {
    expect(parseTerms(' Kiln,  Wood   ash , Kiln,,')).toEqual(['Kiln', 'Wood ash']);
    expect(parseTerms('')).toEqual([]);
  });
});
