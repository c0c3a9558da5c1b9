// Formatter arguments (`key:value` words) turned into @phensley/cldr option objects, following the
// published engine: unknown keys are ignored, numeric values are lenient integers.
import type {
  CurrencyFormatOptions,
  DateFormatOptions,
  DateIntervalFormatOptions,
  DecimalFormatOptions,
  NumberFormatOptions,
  RelativeTimeFormatOptions,
} from '@phensley/cldr';

const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even', 'truncate']);
const DECIMAL_STYLES = new Set(['decimal', 'short', 'long', 'scientific', 'percent', 'percent-scaled', 'permille', 'permille-scaled']);
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const FIELD_WIDTHS = new Set(['short', 'narrow', 'wide']);
const CONTEXTS = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);

/** Splits `key:value` at the first colon; a word without one is a key with an empty value. */
function split(arg: string): [string, string] {
  const i = arg.indexOf(':');
  return i < 0 ? [arg, ''] : [arg.slice(0, i), arg.slice(i + 1)];
}

/** A digit count: base-10 integer prefix clamped to 0-50 (NaN is 0). */
function digits(value: string): number {
  const n = parseInt(value, 10);
  return n > 0 ? (n < 50 ? n : 50) : 0;
}

/** Options shared by decimal, money and relative-time; true when the key was one of them. */
function numberOption(o: NumberFormatOptions, key: string, value: string): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      o.group = value === '' || value === 'true';
      return true;
    case 'no-group':
      o.group = false;
      return true;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      o.minimumIntegerDigits = digits(value);
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      o.maximumFractionDigits = digits(value);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      o.minimumFractionDigits = digits(value);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      o.maximumSignificantDigits = digits(value);
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      o.minimumSignificantDigits = digits(value);
      return true;
    case 'round':
    case 'rounding':
      if (ROUNDING.has(value)) o.round = value as NumberFormatOptions['round'];
      return true;
  }
  return false;
}

export function decimalOptions(args: string[]): DecimalFormatOptions {
  const o: DecimalFormatOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [key, value] = split(args[i]);
    if (key === 'style') {
      if (DECIMAL_STYLES.has(value)) o.style = value as DecimalFormatOptions['style'];
    } else {
      numberOption(o, key, value);
    }
  }
  return o;
}

export function currencyOptions(args: string[]): CurrencyFormatOptions {
  const o: CurrencyFormatOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [key, value] = split(args[i]);
    if (key === 'style') {
      if (CURRENCY_STYLES.has(value)) o.style = value as CurrencyFormatOptions['style'];
    } else {
      numberOption(o, key, value);
    }
  }
  return o;
}

/**
 * `datetime` arguments. A width (`short`...) alone sets both date and time; `date:`/`time:`
 * take a width, or a skeleton that is appended to the skeleton; any other bare word is a
 * skeleton fragment too, while `skeleton:X` replaces the skeleton.
 */
export function datetimeOptions(args: string[]): DateFormatOptions {
  const o: DateFormatOptions = {};
  let skeleton: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [key, value] = split(args[i]);
    if (key === 'date' || key === 'time') {
      if (value === '') o[key] = 'short';
      else if (WIDTHS.has(value)) o[key] = value as DateFormatOptions['date'];
      else skeleton = (skeleton ?? '') + value;
      continue;
    }
    if (value !== '') {
      switch (key) {
        case 'datetime':
          if (WIDTHS.has(value)) o.datetime = value as DateFormatOptions['datetime'];
          else skeleton = (skeleton ?? '') + value;
          break;
        case 'skeleton':
          skeleton = value;
          break;
        case 'wrap':
          if (WIDTHS.has(value)) o.wrap = value as DateFormatOptions['wrap'];
          break;
        case 'context':
          if (CONTEXTS.has(value)) o.context = value as DateFormatOptions['context'];
          break;
        case 'calendar':
          o.ca = value as DateFormatOptions['ca'];
          break;
      }
      continue;
    }
    if (WIDTHS.has(key)) o.datetime = key as DateFormatOptions['datetime'];
    else skeleton = (skeleton ?? '') + key;
  }
  if (skeleton !== undefined) o.skeleton = skeleton;
  return o;
}

/** `datetime-interval` arguments: a bare word is the skeleton; `date:`, `time:`, `context:`. */
export function intervalOptions(args: string[]): DateIntervalFormatOptions {
  const o: DateIntervalFormatOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [key, value] = split(args[i]);
    switch (key) {
      case 'skeleton':
      case 'date':
      case 'time':
        if (value !== '') o[key] = value;
        continue;
      case 'context':
        if (CONTEXTS.has(value)) o.context = value as DateIntervalFormatOptions['context'];
        continue;
    }
    if (value === '') o.skeleton = key;
  }
  return o;
}

export function relativeTimeOptions(args: string[]): RelativeTimeFormatOptions {
  const o: RelativeTimeFormatOptions = {};
  for (let i = 0; i < args.length; i++) {
    const [key, value] = split(args[i]);
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) o.context = value as RelativeTimeFormatOptions['context'];
        break;
      case 'width':
        if (FIELD_WIDTHS.has(value)) o.width = value as RelativeTimeFormatOptions['width'];
        break;
      case 'field':
        if (FIELDS.has(value)) o.field = value as RelativeTimeFormatOptions['field'];
        break;
      case 'allowWeeks':
      case 'dayOfWeek':
      case 'numericOnly':
      case 'alwaysNow':
        o[key] = value === 'true';
        break;
      default:
        numberOption(o, key, value);
    }
  }
  return o;
}
