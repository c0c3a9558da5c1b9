// The date domain: the strftime-style `date` formatter and `timesince`.
import { describe, expect, it } from 'vitest';
import { render } from '../../../../engine/node.js';
import { strftime } from '../../../../engine/ts/plugins/i18n/strftime.js';
import { timeSince } from '../../../../engine/ts/plugins/formatters/date.js';

// 2019-07-04T09:05:03.250Z: a Thursday, New York on daylight time.
const JULY = 1562231103250;
// 2023-01-01T05:30:00Z: a Sunday at 00:30 in New York.
const NEW_YEAR = 1672551000000;

const out = (tpl: string, json: unknown, opts = {}) => render(tpl, json, opts).output;

describe('strftime', () => {
  const ny = 'America/New_York';
  it('prints dates, times and names in English', () => {
    expect(strftime('%Y-%m-%d %H:%M:%S', JULY, ny)).toBe('2019-07-04 05:05:03');
    expect(strftime('%a %A %b %B %h', JULY, ny)).toBe('Thu Thursday Jul July Jul');
    expect(strftime('%c', JULY, ny)).toBe('Thu, Jul 4, 2019 5:05:03 AM EDT');
    expect(strftime('%D|%F|%x|%X|%r|%R|%T|%v', JULY, ny)).toBe(
      '07/04/19|2019-07-04|07/04/2019|05:05:03 AM|5:05:03 AM|05:05|05:05:03| 4-Jul-2019',
    );
  });
  it('pads with zeros or spaces as each code says', () => {
    expect(strftime('[%d][%e][%H][%k][%I][%l][%i][%j]', JULY, ny)).toBe('[04][ 4][05][ 5][05][ 5][5][185]');
    expect(strftime('[%H][%k][%I][%l][%i][%p][%P]', NEW_YEAR, ny)).toBe('[00][ 0][12][12][12][AM][am]');
  });
  it('numbers weeks from Sunday with January 1st in week 1, and by ISO 8601', () => {
    // Sunday Jan 1 2023 opens week 1; in ISO terms it closes week 52 of 2022.
    expect(strftime('%U %W %V %G %g %u %w', NEW_YEAR, ny)).toBe('01 01 52 2022 22 7 0');
    // Saturday Dec 31 2022 ends the last week of 2022, as the new week starts on Sunday Jan 1.
    expect(strftime('%U %V', NEW_YEAR - 86400000, ny)).toBe('53 52');
    // Tuesday Dec 31 2024 is in the week holding Jan 1 2025: week 1 of both schemes.
    expect(strftime('%U %V %G', 1735650000000, ny)).toBe('01 01 2025');
  });
  it('prints zone, offset, quarter, epoch seconds and nanoseconds', () => {
    expect(strftime('%Z %z %q %s %N', JULY, ny)).toBe('EDT -04:00 3 1562231103 250000000');
    expect(strftime('%Z %z', JULY, 'Asia/Kolkata')).toBe('IST +05:30');
    expect(strftime('%Z %H', JULY, 'Not/AZone')).toBe('UTC 09');
  });
  it('prints nothing for unknown codes and keeps a final %', () => {
    expect(strftime('a%Qb%%c%', JULY, ny)).toBe('ab%c%');
  });
  it('uses the Julian calendar before 1582 and local mean time before time zones', () => {
    // 0001-01-01T00:00Z is Monday Jan 3 in the Julian calendar, Sunday Jan 2 in New York LMT.
    expect(strftime('%a %b %e %Y %Z %z', -62135596800000, ny)).toBe('Sun Jan  2 1 LMT -04:56.03333333333336');
  });
  it('throws outside Jan 1 4713 BC to Dec 31 8652 AD', () => {
    expect(() => strftime('%Y', 253402300800000, ny)).toThrow(/Julian day/);
    expect(() => strftime('%Y', NaN, ny)).toThrow();
  });
});

describe('date formatter', () => {
  it('joins its arguments into one pattern and uses the site time zone', () => {
    expect(out('{t|date %Y %H}', { t: JULY })).toBe('2019 05');
    expect(out('{t|date:%Y:%H}', { t: JULY, website: { timeZone: 'Asia/Tokyo' } })).toBe('2019 18');
  });
  it('reads numbers leniently: strings, booleans, missing values', () => {
    expect(out('{t|date %s}', { t: '1562231103250' })).toBe('1562231103');
    expect(out('{t|date %N}', { t: '12abc' })).toBe('012000000');
    expect(out('{t|date %Y}', {})).toBe('1969');
  });
  it('prints nothing and reports an error for text that is not a number', () => {
    const r = render('[{t|date %Y}]', { t: 'soon' });
    expect(r.output).toBe('[]');
    expect(r.errors.length).toBe(1);
  });
  it('ignores the locale', () => {
    expect(out('{t|date %A %B}', { t: JULY }, { locale: 'de-DE' })).toBe('Thursday July');
    expect(out('{t|date %A %B}', { t: JULY }, { locale: null })).toBe('Thursday July');
  });
});

describe('timesince', () => {
  const min = 60000;
  const day = 86400000;
  it('rounds down to the largest unit', () => {
    expect(timeSince(0, 59999)).toBe('less than a minute ago');
    expect(timeSince(0, min)).toBe('about a minute ago');
    expect(timeSince(0, 59 * min + 59999)).toBe('about 59 minutes ago');
    expect(timeSince(0, 60 * min)).toBe('about an hour ago');
    expect(timeSince(0, 23 * 60 * min)).toBe('about 23 hours ago');
    expect(timeSince(0, day)).toBe('about a day ago');
    expect(timeSince(0, 7 * day)).toBe('about a week ago');
    expect(timeSince(0, 29 * day)).toBe('about 4 weeks ago');
    expect(timeSince(0, 30 * day)).toBe('about a month ago');
    expect(timeSince(0, 364 * day)).toBe('about 12 months ago');
    expect(timeSince(0, 365 * day)).toBe('about a year ago');
    expect(timeSince(0, 800 * day)).toBe('about 2 years ago');
  });
  it('treats the future as less than a minute ago', () => {
    expect(timeSince(10 * day, 0)).toBe('less than a minute ago');
  });
  it('wraps the text in a span carrying the timestamp', () => {
    const now = JULY + 3 * day;
    expect(out('{t|timesince}', { t: JULY }, { now })).toBe(`<span class="timesince" data-date="${JULY}">about 3 days ago</span>`);
    expect(out('{t|timesince}', { t: '12.5' }, { now: 12.5 + 2 * 60 * min })).toContain('data-date="12.5">about 2 hours ago');
  });
  it('says Invalid date. for text, and without locale data', () => {
    expect(out('{t|timesince}', { t: 'never' })).toBe('Invalid date.');
    expect(out('{t|timesince}', { t: JULY }, { locale: null })).toBe('Invalid date.');
  });
  it('clamps to the calendar range', () => {
    // Before 4713 BC counts from 4713 BC.
    expect(out('{t|timesince}', { t: -1e17 }, { now: 0 })).toContain('about 6686 years ago');
  });
});
