// Formatters of the core domain: escaping and encoding, JSON, text helpers (truncate, slugify,
// smartypants, format), numbers (round, mod, cycle, pluralize), structure (get, lookup, prop,
// key-by, count, iter) and apply (macros and partials). String work goes through ctx.kernels.
import type { Context } from '../../context.js';
import { valueFormatter, type Formatter, type FormatterTable, type Variable } from '../../types.js';
import { isTruthy } from '../../values.js';
import { argPaths, asPlainString, asString, descend, resolveInChain, toNumber } from '../core/coerce.js';

/** A formatter that maps the value's text through a string function. */
function text(fn: (ctx: Context, s: string) => string): Formatter {
  return valueFormatter((ctx, _args, v) => fn(ctx, asString(v)));
}

/** Like `text`, for encoders that throw on malformed input: the variable then prints nothing. */
function encoder(fn: (ctx: Context, s: string) => string): Formatter {
  return valueFormatter((ctx, _args, v) => {
    try {
      return fn(ctx, asString(v));
    } catch (e) {
      ctx.error(`Unexpected error when encoding a value: ${(e as Error)?.message ?? e}`);
      return '';
    }
  });
}

// JSON never escapes '/', and '<' only occurs inside string literals, so escaping every `</`
// of the whole text is the same as escaping it in each string (as the escapeJson kernel does).
const CLOSE_TAG = /<\//g;

function json(ctx: Context, v: unknown, pretty: boolean): string {
  if (v === undefined) return '';
  if (typeof v === 'string' && !pretty) return '"' + ctx.kernels.escapeJson(v) + '"';
  const t = pretty ? JSON.stringify(v, null, 2) : JSON.stringify(v);
  return t.indexOf('</') < 0 ? t : t.replace(CLOSE_TAG, '<\\/');
}

const TAG_RE = /<[^>]*>/g;
const SPACE_RE = /\s/g;
const HAS_SPACE_RE = /\s/;
// url-encode leaves A-Z a-z 0-9 * + - . / @ _ as they are and percent-encodes the rest as
// UTF-8; encodeURIComponent differs only on these characters.
const URL_FIX_RE = /[!'()~]|%2B|%2F|%40/g;
const URL_FIX: Record<string, string> = {
  '!': '%21',
  "'": '%27',
  '(': '%28',
  ')': '%29',
  '~': '%7E',
  '%2B': '+',
  '%2F': '/',
  '%40': '@',
};
const urlFix = (m: string) => URL_FIX[m];

// Smart quotes: an opening single quote follows a line start, '-', an em dash, '(', '[', '"' or
// the letter 's' (a quirk of the published engine); an opening double quote follows the start,
// white space, '-', an em dash, '/', '(', '[' or an opening single quote. `--` is an em dash.
const SQ_OPEN_RE = /(^|[-\u2014s(["])'/gm;
const SQ_RE = /'/g;
const DQ_OPEN_RE = /(^|[-\u2014/[(\u2018\s])"/g;
const DQ_RE = /"/g;
const DASH_RE = /--/g;

function smartypants(s: string): string {
  if (s.indexOf("'") >= 0) s = s.replace(SQ_OPEN_RE, '$1\u2018').replace(SQ_RE, '\u2019');
  if (s.indexOf('"') >= 0) s = s.replace(DQ_OPEN_RE, '$1\u201c').replace(DQ_RE, '\u201d');
  if (s.indexOf('--') >= 0) s = s.replace(DASH_RE, '\u2014');
  return s;
}

// format's placeholder scanner states.
const TEXT = 0;
const OPEN = 1; // just after '{'
const DIGITS = 2; // '{' then digits
const JUNK = 3; // inside a '{...' that is not a placeholder

/**
 * `{N}` (and `{}` for 0) take the N-th argument's value. Any other `{...}` is dropped up to its
 * '}', as is an unclosed one; inside such junk a new '{' starts over, but a '{' right after '{'
 * or after digits does not (the published engine's scanner).
 */
function format(ctx: Context, args: string[], vars: Variable[]): void {
  const s = asString(vars[0].value);
  let i = s.indexOf('{');
  if (i < 0) {
    vars[0].value = s;
    return;
  }
  const paths = argPaths(args);
  let out = s.slice(0, i);
  let state = TEXT;
  let num = 0;
  let last = i; // start of pending literal text when state is TEXT
  for (const n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    switch (state) {
      case TEXT:
        if (c === 123 /* { */) {
          out += s.slice(last, i);
          state = OPEN;
          num = 0;
        }
        break;
      case OPEN:
      case DIGITS:
        if (c >= 48 && c <= 57) {
          num = num * 10 + (c - 48);
          state = DIGITS;
        } else if (c === 125 /* } */) {
          if (num < paths.length) out += asPlainString(ctx.resolve(paths[num]));
          state = TEXT;
          last = i + 1;
        } else {
          state = JUNK;
        }
        break;
      default:
        if (c === 123) {
          state = OPEN;
          num = 0;
        } else if (c === 125) {
          state = TEXT;
          last = i + 1;
        }
    }
  }
  vars[0].value = state === TEXT && last < s.length ? out + s.slice(last) : out;
}

/**
 * Follows the keys given by the args' values (arrays spread into several keys); the args resolve
 * inside the chain frame (see resolveInChain).
 */
function get(ctx: Context, args: string[], vars: Variable[]): void {
  if (args.length === 0) return;
  const paths = argPaths(args);
  let v = vars[0].value;
  for (let i = 0; i < paths.length && v !== undefined; i++) {
    const k = resolveInChain(ctx, paths[i]);
    if (Array.isArray(k)) {
      for (let j = 0; j < k.length && v !== undefined; j++) v = getKey(v, k[j]);
    } else {
      v = getKey(v, k);
    }
  }
  vars[0].value = v;
}

/** get's key rules: arrays take integer numbers only, objects string, number or boolean keys. */
function getKey(node: unknown, key: unknown): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    return typeof key === 'number' && Number.isInteger(key) && key >= 0 ? node[key] : undefined;
  }
  let k: string;
  switch (typeof key) {
    case 'string':
      k = key;
      break;
    case 'number':
    case 'boolean':
      k = String(key);
      break;
    default:
      return undefined;
  }
  return Object.prototype.hasOwnProperty.call(node, k) ? (node as Record<string, unknown>)[k] : undefined;
}

interface ApplyArgs {
  /** The `@args` object: undefined without extra args, else the `k=v` pairs (values as strings). */
  args: Record<string, string> | undefined;
  /** A bare `private` arg: the macro sees only the node it is applied to (no outer frames). */
  isPrivate: boolean;
}

const applyArgsCache = new WeakMap<readonly string[], ApplyArgs>();

/** `apply NAME k=v ... [private]`; other args without '=' are ignored. */
function applyArgs(args: string[]): ApplyArgs {
  let r = applyArgsCache.get(args);
  if (r !== undefined) return r;
  r = { args: undefined, isPrivate: false };
  if (args.length > 1) {
    const obj: Record<string, string> = {};
    for (let i = 1; i < args.length; i++) {
      const a = args[i];
      const eq = a.indexOf('=');
      if (eq < 0) {
        if (a === 'private') r.isPrivate = true;
        continue;
      }
      const k = a.slice(0, eq);
      if (k !== '__proto__') obj[k] = a.slice(eq + 1);
    }
    // Shared by every render of this compiled call, hence frozen.
    r.args = Object.freeze(obj);
  }
  applyArgsCache.set(args, r);
  return r;
}

/** ctx.apply with the private-scope flag (a 4th parameter the executor's hook receives). */
type ApplyFn = (name: string, node: unknown, args: unknown, isPrivate?: boolean) => string;

function countOf(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v === null || typeof v !== 'object') return 0;
  if (Array.isArray(v)) return v.length;
  let n = 0;
  for (const _ in v) n++;
  return n;
}

export const formatters: FormatterTable = {
  apply(ctx, args, vars) {
    if (args.length === 0) {
      vars[0].value = '';
      return;
    }
    const a = applyArgs(args);
    vars[0].value = (ctx.apply as ApplyFn).call(ctx, args[0], vars[0].value, a.args, a.isPrivate);
  },

  count(_ctx, _args, vars) {
    vars[0].value = countOf(vars[0].value);
  },

  /** The n-th arg (1-based, wrapping) for the value n. */
  cycle(_ctx, args, vars) {
    const len = args.length;
    if (len === 0) {
      vars[0].value = undefined;
      return;
    }
    let i = (toNumber(vars[0].value) - 1) % len;
    if (i < 0) i += len;
    vars[0].value = args[i];
  },

  'encode-space': text((_ctx, s) => (HAS_SPACE_RE.test(s) ? s.replace(SPACE_RE, '&nbsp;') : s)),
  'encode-uri': encoder((ctx, s) => ctx.kernels.encodeUri(s)),
  'encode-uri-component': encoder((ctx, s) => ctx.kernels.encodeUriComponent(s)),
  format,
  get,
  // The escapes are the most frequent formatters of a page: written out rather than through
  // `text`, one call less per value.
  html: valueFormatter((ctx, _args, v) => ctx.kernels.escapeHtml(asString(v))),
  htmlattr: valueFormatter((ctx, _args, v) => ctx.kernels.escapeAttr(asString(v))),
  htmltag: valueFormatter((ctx, _args, v) => ctx.kernels.escapeAttr(asString(v))),

  /** The 1-based index of the innermost repeated section, as text ('' outside one). */
  iter(ctx, _args, vars) {
    const i = ctx.resolveName('@index');
    vars[0].value = i === undefined ? '' : String(i);
  },

  json(ctx, _args, vars) {
    vars[0].value = json(ctx, vars[0].value, false);
  },
  'json-pretty'(ctx, _args, vars) {
    vars[0].value = json(ctx, vars[0].value, true);
  },

  /** Array of objects to an object keyed by each element's value at the arg's path. */
  'key-by'(_ctx, args, vars) {
    const list = vars[0].value;
    const out: Record<string, unknown> = {};
    vars[0].value = out;
    if (!Array.isArray(list) || args.length === 0) return;
    const path = argPaths(args)[0];
    for (const el of list) {
      if (el === null || typeof el !== 'object') continue;
      const k = descend(el, path);
      if (k === undefined) continue;
      const key = String(k);
      if (key !== '__proto__') out[key] = el;
    }
  },

  /**
   * The arg's value (as text) is a dotted path, resolved like a variable (inside the chain frame,
   * see resolveInChain); the current value itself is not used.
   */
  lookup(ctx, args, vars) {
    // No key, or an empty one (`{x|lookup  k}` splits to '' and 'k'): an empty string.
    if (args.length === 0 || args[0] === '') {
      vars[0].value = '';
      return;
    }
    const key = asString(resolveInChain(ctx, argPaths(args)[0], vars[0]));
    vars[0].value = resolveInChain(ctx, key.split('.'), vars[0]);
  },

  mod(_ctx, args, vars) {
    const m = args.length ? parseInt(args[0], 10) : NaN;
    vars[0].value = toNumber(vars[0].value) % (m ? m : 2);
  },

  output(_ctx, args, vars) {
    vars[0].value = args.join(' ');
  },

  pluralize(_ctx, args, vars) {
    const n = args.length;
    vars[0].value = toNumber(vars[0].value) === 1 ? (n >= 2 ? args[0] : '') : n === 1 ? args[0] : n >= 2 ? args[1] : 's';
  },

  /** Descends the args' literal dotted keys. */
  prop(_ctx, args, vars) {
    if (args.length === 0) return;
    const paths = argPaths(args);
    let v = vars[0].value;
    for (let i = 0; i < paths.length && v !== undefined; i++) v = descend(v, paths[i]);
    vars[0].value = v;
  },

  raw(_ctx, _args, vars) {
    const v = vars[0].value;
    vars[0].value = v === undefined ? 'null' : JSON.stringify(v);
  },

  round(_ctx, _args, vars) {
    vars[0].value = Math.round(toNumber(vars[0].value));
  },

  // A false value (missing, null, '', 0, [], {}) passes through unchanged.
  safe(_ctx, _args, vars) {
    const v = vars[0].value;
    if (!isTruthy(v)) return;
    const s = asString(v);
    vars[0].value = s.indexOf('<') < 0 ? s : s.replace(TAG_RE, '');
  },
  slugify: text((ctx, s) => ctx.kernels.slugify(s)),
  smartypants: text((_ctx, s) => smartypants(s)),
  str: text((_ctx, s) => s),

  /** `truncate [LENGTH=100] [ELLIPSIS=...]`; a length that is not a positive integer leaves the text. */
  truncate(ctx, args, vars) {
    const max = args.length ? parseInt(args[0], 10) : 100;
    if (!(max > 0)) return;
    vars[0].value = ctx.kernels.truncate(asString(vars[0].value), max, args.length >= 2 ? args[1] : '...');
  },

  'url-encode': encoder((ctx, s) => ctx.kernels.encodeUriComponent(s).replace(URL_FIX_RE, urlFix)),
};
