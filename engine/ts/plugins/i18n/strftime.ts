// strftime-style formatting of an epoch in a time zone (the `date` formatter), with English names
// whatever the locale. Offsets and abbreviations come from @phensley/timezone's history; dates
// before the Gregorian cutover (1582) go through @phensley/cldr's calendar, Julian there, as the
// published engine's do.
import { GregorianDate } from '@phensley/cldr';
import { TZ } from '@phensley/timezone';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAYS_SHORT = DAYS.map((d) => d.slice(0, 3));
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_SHORT = MONTHS.map((m) => m.slice(0, 3));

/** Julian day range that dates are supported in (Jan 1 4713 BC to Dec 31 8652 AD). */
const JD_MIN = 0;
const JD_MAX = 4881503;
const JD_UNIX_EPOCH = 2440588;
const DAY_MS = 86400000;

/** Thrown for timestamps the date formatter cannot represent; the message is the error text. */
export class DateRangeError extends Error {}

function pad(n: number, width: number, fill: string): string {
  let s = String(n);
  while (s.length < width) s = fill + s;
  return s;
}

const pad2 = (n: number) => (n < 10 && n >= 0 ? '0' + n : pad(n, 2, '0'));
const space2 = (n: number) => (n < 10 && n >= 0 ? ' ' + n : String(n));

/** The broken-down time that the % codes read. */
interface Fields {
  epoch: number;
  year: number;
  month: number; // 1-12
  day: number;
  weekday: number; // 0 = Sunday
  yearDay: number;
  hour: number;
  minute: number;
  second: number;
  week: number;
  isoWeek: number;
  isoYear: number;
  offset: number; // ms east of UTC
  abbr: string;
}

function fields(epoch: number, zone: string): Fields {
  if (!Number.isFinite(epoch)) throw new DateRangeError(`Invalid timestamp ${epoch}`);
  const info = TZ.fromUTC(zone, epoch) ?? TZ.utcZone();
  const local = epoch + info.offset;
  const jd = Math.floor(local / DAY_MS) + JD_UNIX_EPOCH;
  if (jd < JD_MIN || jd > JD_MAX) {
    throw new DateRangeError(
      `Julian day ${jd} is outside the supported range of this library: ` + 'Mon Jan  1 4713 B.C. to Fri Dec 31 8652 A.D.',
    );
  }
  return local >= GREGORIAN_CUTOVER
    ? gregorianFields(epoch, local, info.offset, info.abbr)
    : hybridFields(epoch, info.zoneid, info.offset, info.abbr);
}

/** Oct 15 1582, the first Gregorian day; earlier dates are Julian calendar dates. */
const GREGORIAN_CUTOVER = -12219292800000;

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1-12). */
function daysFromCivil(y: number, m: number, d: number): number {
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Fields by plain arithmetic, for dates since the Gregorian cutover (the common case). */
function gregorianFields(epoch: number, local: number, offset: number, abbr: string): Fields {
  const days = Math.floor(local / DAY_MS);
  const msInDay = local - days * DAY_MS;
  // Civil date from a day count (H. Hinnant's algorithm).
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  const weekday = (((days + 4) % 7) + 7) % 7;
  const jan1 = daysFromCivil(year, 1, 1);
  const yearDay = days - jan1 + 1;
  // Weeks start on Sunday and week 1 holds January 1st, so the last days of December can
  // belong to week 1 of the next year.
  const weekStart = days - weekday;
  let week: number;
  if (weekStart + 6 >= daysFromCivil(year + 1, 1, 1)) week = 1;
  else week = Math.floor((days - (jan1 - ((((jan1 + 4) % 7) + 7) % 7))) / 7) + 1;
  // ISO 8601: weeks start on Monday and belong to the year of their Thursday.
  const thursday = days - ((weekday + 6) % 7) + 3;
  let isoYear = year;
  if (thursday < jan1) isoYear = year - 1;
  else if (thursday >= daysFromCivil(year + 1, 1, 1)) isoYear = year + 1;
  const isoWeek = Math.floor((thursday - daysFromCivil(isoYear, 1, 1)) / 7) + 1;
  return {
    epoch,
    year,
    month,
    day,
    weekday,
    yearDay,
    hour: Math.floor(msInDay / 3600000),
    minute: Math.floor(msInDay / 60000) % 60,
    second: Math.floor(msInDay / 1000) % 60,
    week,
    isoWeek,
    isoYear,
    offset,
    abbr,
  };
}

/** Fields from @phensley/cldr, whose calendar is Julian before the cutover as the engine's is. */
function hybridFields(epoch: number, zone: string, offset: number, abbr: string): Fields {
  // First day Sunday, minimal days 1: the week numbering the published engine uses.
  const d = GregorianDate.fromUnixEpoch(epoch, zone, 1, 1);
  return {
    epoch,
    year: d.year(),
    month: d.month(),
    day: d.dayOfMonth(),
    weekday: d.dayOfWeek() - 1,
    yearDay: d.dayOfYear(),
    hour: d.hourOfDay(),
    minute: d.minute(),
    second: d.second(),
    week: d.weekOfYear(),
    isoWeek: d.weekOfYearISO(),
    isoYear: d.yearOfWeekOfYearISO(),
    offset,
    abbr,
  };
}

const hour12 = (f: Fields) => (f.hour % 12 === 0 ? 12 : f.hour % 12);
const ampm = (f: Fields) => (f.hour < 12 ? 'AM' : 'PM');
const hms = (f: Fields) => `${pad2(f.hour)}:${pad2(f.minute)}:${pad2(f.second)}`;

/** `+05:30`; the minutes keep any fraction (historical local mean time offsets). */
function zoneOffset(offset: number): string {
  const minutes = Math.abs(offset) / 60000;
  return (offset < 0 ? '-' : '+') + pad2(Math.floor(minutes / 60)) + ':' + pad2(minutes % 60);
}

function code(c: string, f: Fields): string {
  switch (c) {
    case 'a':
      return DAYS_SHORT[f.weekday];
    case 'A':
      return DAYS[f.weekday];
    case 'b':
    case 'h':
      return MONTHS_SHORT[f.month - 1];
    case 'B':
      return MONTHS[f.month - 1];
    case 'c':
      return (
        `${DAYS_SHORT[f.weekday]}, ${MONTHS_SHORT[f.month - 1]} ${f.day}, ${f.year} ` +
        `${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${ampm(f)} ${f.abbr}`
      );
    case 'C':
      return pad2(Math.floor(f.year / 100));
    case 'd':
      return pad2(f.day);
    case 'D':
      return `${pad2(f.month)}/${pad2(f.day)}/${pad2(f.year % 100)}`;
    case 'e':
      return space2(f.day);
    case 'F':
      return `${f.year}-${pad2(f.month)}-${pad2(f.day)}`;
    case 'g':
      return pad2(f.isoYear % 100);
    case 'G':
      return pad(f.isoYear, 4, '0');
    case 'H':
      return pad2(f.hour);
    case 'i':
      return String(hour12(f));
    case 'I':
      return pad2(hour12(f));
    case 'j':
      return pad(f.yearDay, 3, '0');
    case 'k':
      return space2(f.hour);
    case 'l':
      return space2(hour12(f));
    case 'm':
      return pad2(f.month);
    case 'M':
      return pad2(f.minute);
    case 'n':
      return '\n';
    case 'N':
      return pad((((f.epoch % 1000) + 1000) % 1000) * 1e6, 9, '0');
    case 'p':
      return ampm(f);
    case 'P':
      return f.hour < 12 ? 'am' : 'pm';
    case 'q':
      return String(Math.floor((f.month - 1) / 3) + 1);
    case 'r':
      return `${hour12(f)}:${pad2(f.minute)}:${pad2(f.second)} ${ampm(f)}`;
    case 'R':
      return `${pad2(f.hour)}:${pad2(f.minute)}`;
    // Seconds truncated to a 32-bit integer, as the published engine prints them.
    case 's':
      return String((f.epoch / 1000) | 0);
    case 'S':
      return pad2(f.second);
    case 't':
      return '\t';
    case 'T':
      return hms(f);
    case 'u':
      return String(f.weekday === 0 ? 7 : f.weekday);
    case 'U':
    case 'W':
      return pad2(f.week);
    case 'V':
      return pad2(f.isoWeek);
    case 'v':
      return `${space2(f.day)}-${MONTHS_SHORT[f.month - 1]}-${f.year}`;
    case 'w':
      return String(f.weekday);
    case 'x':
      return `${pad2(f.month)}/${pad2(f.day)}/${f.year}`;
    case 'X':
      return `${pad2(hour12(f))}:${pad2(f.minute)}:${pad2(f.second)} ${ampm(f)}`;
    case 'y':
      return pad2(f.year % 100);
    case 'Y':
      return String(f.year);
    case 'z':
      return zoneOffset(f.offset);
    case 'Z':
      return f.abbr;
    case '%':
      return '%';
    default:
      return '';
  }
}

/**
 * Formats `epoch` (ms) in `zone` with a strftime pattern. An unknown code prints nothing; a `%`
 * at the very end prints itself. Throws DateRangeError outside the supported dates.
 */
export function strftime(pattern: string, epoch: number, zone: string): string {
  const f = fields(epoch, zone);
  let out = '';
  let start = 0;
  const n = pattern.length;
  for (let i = 0; i < n; i++) {
    if (pattern.charCodeAt(i) !== 37 /* % */ || i === n - 1) continue;
    if (i > start) out += pattern.slice(start, i);
    out += code(pattern[i + 1], f);
    i++;
    start = i + 1;
  }
  if (start < n) out += pattern.slice(start);
  return out;
}
