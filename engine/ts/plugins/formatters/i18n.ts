// Formatters of the i18n domain: localized dates, intervals, relative times, numbers, money and
// ICU-style messages, all through the render's @phensley/cldr instance. Without locale data
// (locale null) they print nothing, as the published engine does.
import type { MessageNamedArgs } from '@phensley/cldr';
import type { Context } from '../../context.js';
import { NOT_IMPLEMENTED, valueFormatter, type Formatter, type FormatterTable, type Variable } from '../../types.js';
import { asNumber } from '../i18n/convert.js';
import { formatDatetime, formatDecimal, formatInterval, formatMoney, formatRelative } from '../i18n/format.js';
import { formatMessage } from '../i18n/message.js';

/** Runs `fn` on the first variable, or empties it without locale data. */
function localized(fn: (ctx: Context, args: string[], vars: Variable[]) => string): Formatter {
  return (ctx: Context, args: string[], vars: Variable[]): void => {
    vars[0].value = ctx.cldr === undefined ? '' : fn(ctx, args, vars);
  };
}

/** `localized` for a formatter of the first value alone. */
function localizedValue(fn: (ctx: Context, args: string[], value: unknown) => string): Formatter {
  return valueFormatter((ctx, args, v) => (ctx.cldr === undefined ? '' : fn(ctx, args, v)));
}

const datetime = localizedValue((ctx, args, v) => formatDatetime(ctx.cldr!, v, args, ctx.timeZone));

/** `{start, end|datetime-interval skeleton}`: needs two variables. */
const datetimeInterval = localized((ctx, args, vars) =>
  vars.length < 2 ? '' : formatInterval(ctx.cldr!, vars[0].value, vars[1].value, args, ctx.timeZone),
);

const decimal = localizedValue((ctx, args, v) => formatDecimal(ctx.cldr!, v, args));

const money = localizedValue((ctx, args, v) => formatMoney(ctx.cldr!, v, args));

/** `{t|relative-time}` is relative to the render's clock; `{a, b|relative-time}` is b seen from a. */
const relativeTime = localized((ctx, args, vars) => {
  let start: number;
  let end: number;
  if (vars.length > 1) {
    start = asNumber(vars[0].value);
    end = asNumber(vars[1].value);
  } else {
    start = ctx.now;
    end = asNumber(vars[0].value);
  }
  return Number.isNaN(start) || Number.isNaN(end) ? '' : formatRelative(ctx.cldr!, start, end, args);
});

/**
 * `{msg|message a b name=c.d}`: the value is the message; each argument names a value in the
 * context and fills the next positional slot, `name=` (or `name:`) also makes it a named one.
 */
const message = localizedValue((ctx, args, v) => {
  const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  // With no arguments the published engine still passes one, empty (missing) argument.
  if (args.length === 0) return formatMessage(ctx.cldr!, ctx.timeZone, text, NO_ARGS, {}, '');
  const spec = messageArgs(args);
  const n = spec.paths.length;
  const positional: unknown[] = new Array(n);
  const named: MessageNamedArgs = {};
  // Messages whose arguments are all plain values are memoized under this key.
  let key: string | null = spec.key;
  for (let i = 0; i < n; i++) {
    // A missing value is passed as null: undefined means an argument that was not passed.
    const value = ctx.resolve(spec.paths[i]) ?? null;
    positional[i] = value;
    const name = spec.names[i];
    if (name !== null) named[name] = value;
    if (key !== null) {
      const t = typeof value;
      if (t === 'string') key = `${key}\u0002s${(value as string).length}:${value}`;
      else key = t === 'number' || t === 'boolean' || value === null ? `${key}\u0002${t[0]}${value}` : null;
    }
  }
  return formatMessage(ctx.cldr!, ctx.timeZone, text, positional, named, key);
});

const NO_ARGS = [null];

interface MessageArgs {
  paths: string[][];
  /** The named-argument name of each, or null. */
  names: (string | null)[];
  key: string;
}

const messageArgSpecs = new WeakMap<string[], MessageArgs>();

/** The parsed argument list of a message call, once per compiled argument array. */
function messageArgs(args: string[]): MessageArgs {
  let spec = messageArgSpecs.get(args);
  if (spec === undefined) {
    spec = { paths: [], names: [], key: args.join('\u0001') };
    for (const arg of args) {
      const sep = namedSeparator(arg);
      const path = sep < 0 ? arg : arg.slice(sep + 1);
      spec.paths.push(path === '@' ? ['@'] : path.split('.'));
      spec.names.push(sep > 0 ? arg.slice(0, sep) : null);
    }
    messageArgSpecs.set(args, spec);
  }
  return spec;
}

/** Index of the first `=` or `:` in a message argument, -1 when it is plain. */
function namedSeparator(arg: string): number {
  for (let i = 0; i < arg.length; i++) {
    const c = arg.charCodeAt(i);
    if (c === 61 /* = */ || c === 58 /* : */) return i;
  }
  return -1;
}

export const formatters: FormatterTable = {
  datetime,
  'datetime-interval': datetimeInterval,
  decimal,
  message,
  money,
  // The legacy name of message.
  plural: message,
  'relative-time': relativeTime,
  datetimefield: NOT_IMPLEMENTED,
  'i18n-money-format': NOT_IMPLEMENTED,
  'money-format': NOT_IMPLEMENTED,
  'money-string': NOT_IMPLEMENTED,
  moneyFormat: NOT_IMPLEMENTED,
  unit: NOT_IMPLEMENTED,
};
