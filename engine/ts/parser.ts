// Stage 2: parses one `{...}` tag, read in place in the source, into the node it compiles to. A tag
// that is neither a valid instruction nor a variable reference is literal text; unknown formatters
// and predicates are syntax errors. Every rule below was matched to the published engine by fuzzing.
import { Op } from './types.js';
import type { FormatterCall, Node, OrNode, Path, TextNode } from './types.js';

/** Which formatter and predicate names exist (unknown ones are syntax errors). */
export interface NameTables {
  formatters: Record<string, unknown>;
  predicates: Record<string, unknown>;
}

/** `{.end}` and `{.alternates with}` only shape the block tree: they never become nodes. */
export const END = { op: -1 } as const;
export const ALTERNATES = { op: -2 } as const;

/**
 * What a tag parses to: a node, an `.or` branch, or a marker. Blocks and branches come with the
 * shared empty body NONE: the assembler gives each its body when it ends.
 */
export type Tag = Node | OrNode | typeof END | typeof ALTERNATES;

const LITERALS = new Map([
  ['newline', '\n'],
  ['space', ' '],
  ['tab', '\t'],
  ['meta-left', '{'],
  ['meta-right', '}'],
]);
const VAR_NAME = /^@[A-Za-z][A-Za-z0-9_-]*$/;
const MACRO_NAME = /^[A-Za-z0-9_.-]+$/;

const TAB = 9;
const CR = 13;
const SPACE = 32;
const AMP = 38;
const COMMA = 44;
const DOT = 46;
const QUESTION = 63;
const AT = 64;
const BAR = 124;

// ASCII character classes, as bit flags in a table: the parser tests one character at a time.
/** First character of a formatter or predicate name: A-Z a-z. */
const NAME_START = 4;
/** Later characters of a formatter or predicate name, and of `@variable` names: A-Z a-z 0-9 _ -. */
const NAME = 8;
// One entry per UTF-16 code unit (64 KB, zero above ASCII): no range test before the read, and
// V8 knows a char code is in bounds.
const CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) {
  const alpha = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  const digit = c >= 48 && c <= 57;
  const dash = c === 95 || c === 45;
  CLASS[c] = (alpha ? NAME_START : 0) | (alpha || digit || dash ? NAME : 0);
}

function is(c: number, cls: number): boolean {
  return (CLASS[c] & cls) !== 0;
}

/** White space as JavaScript's `\s` and `trim()` define it (the published engine uses both). */
export function isSpace(c: number): boolean {
  if (c < 128) return c === SPACE || (c >= TAB && c <= CR);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Line terminators, which a regex `.` does not match: predicate arguments stay on one line. */
function isLineBreak(c: number): boolean {
  return c === 10 || c === CR || c === 0x2028 || c === 0x2029;
}

function hasLineBreak(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isLineBreak(s.charCodeAt(i))) return true;
  return false;
}

/**
 * The empty list of every node that has none (arguments, formatters, the paths of `.if pred?`):
 * one frozen array rather than one per node, a third of a compile's lists. Nothing adds to a
 * node's lists after parsing, and frozen, nothing can.
 */
export const NONE: never[] = Object.freeze([]) as never[];

/** Where the last `readPath` stopped (its second result). */
let pathEnd = 0;

const DOLLAR = 36;

/**
 * The end of one path segment at `i` (`i` itself when none starts there), as the published
 * engine's pattern reads it: digits, `@` or `$` then a word, a word, or a lone `@`. A word is a
 * letter then letters, digits, `_` and `-`. Like a regex, it stops at the longest match and leaves
 * the rest to the caller (`1a` reads `1`, `@_x` reads `@`).
 */
function segmentEnd(s: string, i: number, to: number): number {
  if (i >= to) return i;
  const c = s.charCodeAt(i);
  if (c >= 48 && c <= 57) {
    let j = i + 1;
    while (j < to && isDigit(s.charCodeAt(j))) j++;
    return j;
  }
  let j = i;
  if (c === AT || c === DOLLAR) j++;
  if (j < to && is(s.charCodeAt(j), NAME_START)) {
    j++;
    while (j < to && is(s.charCodeAt(j), NAME)) j++;
    return j;
  }
  return c === AT ? i + 1 : i;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Reads a path `a.b.c` from `from`, stopping before the first character that cannot continue it
 * (that position goes to `pathEnd`); null when malformed (an empty or badly started segment).
 */
function readPath(s: string, from: number, to: number): Path | null {
  let i = segmentEnd(s, from, to);
  if (i === from) return null;
  // Most paths have one segment: a literal array holds it without spare capacity.
  const path = [s.slice(from, i)];
  while (i < to && s.charCodeAt(i) === DOT) {
    const segStart = i + 1;
    i = segmentEnd(s, segStart, to);
    if (i === segStart) return null;
    path.push(s.slice(segStart, i));
  }
  pathEnd = i;
  return path;
}

/** Parses `a.b.c` (`s` from `from` to `to`) into a path; null when not a valid reference. */
export function parsePath(s: string, from = 0, to = s.length): Path | null {
  const path = readPath(s, from, to);
  return path !== null && pathEnd === to ? path : null;
}

/**
 * Splits a predicate's raw arguments on their delimiter (the first character after the name);
 * `.p? ` has one empty argument. Null when they span lines: then the tag is no predicate call.
 */
function predicateArgs(s: string, from: number, to: number): string[] | null {
  if (from === to) return NONE;
  // Most predicates have one argument: its list is made for it, with no spare room.
  let args: string[] | null = null;
  const delimiter = s.charCodeAt(from);
  if (isLineBreak(delimiter)) return null;
  let argStart = from + 1;
  for (let i = argStart; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === delimiter) {
      if (args === null) args = [s.slice(argStart, i)];
      else args.push(s.slice(argStart, i));
      argStart = i + 1;
    } else if (isLineBreak(c)) {
      return null;
    }
  }
  if (args === null) return [s.slice(argStart, to)];
  args.push(s.slice(argStart, to));
  return args;
}

/**
 * Where the arguments start when `s` reads `name?` at `from`, else -1. The name must start right at
 * `from`: `{.or  equal? a}` is text.
 */
function predicateEnd(s: string, from: number, to: number): number {
  if (from >= to || !is(s.charCodeAt(from), NAME_START)) return -1;
  let i = from + 1;
  while (i < to && is(s.charCodeAt(i), NAME)) i++;
  return i < to && s.charCodeAt(i) === QUESTION ? i + 1 : -1;
}

/** Non-empty space-separated words, for the rare instructions (ctx, include, inject). */
function words(rest: string): string[] {
  return rest.split(' ').filter((x) => x !== '');
}

// Instruction keywords, recognised in place by their first letter.
const K_NONE = 0;
const K_END = 1;
const K_OR = 2;
const K_IF = 3;
const K_SECTION = 4;
const K_REPEATED = 5;
const K_ALTERNATES = 6;
const K_VAR = 7;
const K_BINDVAR = 8;
const K_CTX = 9;
const K_MACRO = 10;
const K_EVAL = 11;
const K_INCLUDE = 12;
const K_INJECT = 13;
/** The keywords by K_ constant. */
const KEYWORDS = [
  '',
  'end',
  'or',
  'if',
  'section',
  'repeated',
  'alternates',
  'var',
  'bindvar',
  'ctx',
  'macro',
  'eval',
  'include',
  'inject',
];

/** Whether the first word at `from` (it ends at ASCII white space or at `to`) is `w`. */
function isWord(s: string, from: number, to: number, w: string): boolean {
  const end = from + w.length;
  if (end > to) return false;
  if (end < to) {
    const c = s.charCodeAt(end);
    if (c !== SPACE && (c < TAB || c > CR)) return false;
  }
  // The first letter is already known to match. A loop measures faster than startsWith here.
  for (let i = 1; i < w.length; i++) if (s.charCodeAt(from + i) !== w.charCodeAt(i)) return false;
  return true;
}

/** The keywords by first letter (a character code below 128). */
const BY_LETTER: number[][] = [];
for (let k = K_END; k < KEYWORDS.length; k++) (BY_LETTER[KEYWORDS[k].charCodeAt(0)] ??= []).push(k);

/** The keyword that the first word at `from` is, or K_NONE. */
function keyword(s: string, from: number, to: number): number {
  const candidates = BY_LETTER[s.charCodeAt(from)];
  if (candidates !== undefined) {
    for (let i = 0; i < candidates.length; i++) {
      if (isWord(s, from, to, KEYWORDS[candidates[i]])) return candidates[i];
    }
  }
  return K_NONE;
}

/**
 * The known names of one table (formatters or predicates) looked up so far, by length: a name seen
 * again is found by comparing strings, without asking the table (`in` with a freshly sliced string
 * measures several times slower) or hashing it. Kept across compiles (see `namesOf`), so only known
 * names are kept: their number is bounded by the table's.
 */
class NameCache {
  /** By length, then by the last character (names end in a letter, a digit, `_`, `-` or `?`). */
  private readonly byLength: { name: string; known: boolean }[][][] = [];

  constructor(private readonly table: Record<string, unknown>) {}

  /** The name from `from` to `to`, and whether the table has it. */
  lookup(s: string, from: number, to: number): { name: string; known: boolean } {
    // Compared in place, char by char: no slice is made for a name seen before (slicing then
    // comparing strings measured twice as fast as startsWith; this beats both, and allocates
    // nothing). Names of one length often share their start (`is-...`, `item-...`): buckets by
    // last character leave about one name to compare.
    const n = to - from;
    const byLast = (this.byLength[n] ??= []);
    const bucket = (byLast[s.charCodeAt(to - 1) & 127] ??= []);
    for (let i = 0; i < bucket.length; i++) {
      const known = bucket[i].name;
      let j = 0;
      while (j < n && known.charCodeAt(j) === s.charCodeAt(from + j)) j++;
      if (j === n) return bucket[i];
    }
    const name = s.slice(from, to);
    // `in`, as the executor's table lookups see inherited names too.
    const entry = { name, known: name in this.table };
    if (entry.known) bucket.push(entry);
    return entry;
  }
}

/**
 * The name cache of each table. Tables are not changed once made (the engine's defaults are
 * constants; a custom table is merged once, by createEngine or on first use), so a cache stays valid
 * as long as its table.
 */
const nameCaches = new WeakMap<object, NameCache>();

function namesOf(table: Record<string, unknown>): NameCache {
  let cache = nameCaches.get(table);
  if (cache === undefined) nameCaches.set(table, (cache = new NameCache(table)));
  return cache;
}

/** Parses the tags of one source; made once per compile. */
export class Parser {
  /** The syntax error of the last tag parsed, or null. The returned node is still usable. */
  error: string | null = null;
  /**
   * The `op` of the node last returned (END.op, ALTERNATES.op for the markers). Callers switch on
   * this rather than reading it from nodes of a dozen shapes, a slow property read.
   */
  op: Tag['op'] = Op.TEXT;
  private readonly formatters: NameCache;
  private readonly predicates: NameCache;

  constructor(
    private readonly src: string,
    tables: NameTables,
  ) {
    this.formatters = namesOf(tables.formatters);
    this.predicates = namesOf(tables.predicates);
  }

  /** Parses the tag from `start` (its `{`) to `end` (after its `}`); sets `op` and `error`. */
  parse(start: number, end: number): Tag {
    this.error = null;
    const s = this.src;
    const from = start + 1;
    const to = end - 1;
    if (from === to || s.charCodeAt(from) !== DOT) {
      return this.varRef(from, to, Op.VARIABLE, '') ?? this.text(start, end);
    }
    // The keyword ends at the first ASCII white space (space, tab, newline...); some instructions
    // accept any of them after the keyword, others only a space.
    const wordStart = from + 1;
    const k = keyword(s, wordStart, to);
    const wordEnd = wordStart + KEYWORDS[k].length;
    const bare = wordEnd === to;
    const spaced = bare || s.charCodeAt(wordEnd) === SPACE;
    const rest = bare ? to : wordEnd + 1;
    switch (k) {
      case K_END:
        if (!bare) return this.text(start, end);
        this.op = END.op;
        return END;
      case K_OR: {
        if (bare) {
          this.op = Op.OR;
          return { op: Op.OR, pred: null, args: NONE, body: NONE, alt: null };
        }
        const nameEnd = predicateEnd(s, rest, to);
        const args = nameEnd < 0 ? null : predicateArgs(s, nameEnd, to);
        if (args === null) return this.text(start, end);
        this.op = Op.OR;
        return { op: Op.OR, pred: this.predicate(rest, nameEnd), args, body: NONE, alt: null };
      }
      case K_ALTERNATES:
        if (to - rest !== 4 || !s.startsWith('with', rest)) return this.text(start, end);
        this.op = ALTERNATES.op;
        return ALTERNATES;
      case K_SECTION: {
        let i = rest;
        while (i < to && isSpace(s.charCodeAt(i))) i++;
        const path = parsePath(s, i, to);
        if (path === null) return this.text(start, end);
        this.op = Op.SECTION;
        return { op: Op.SECTION, path, body: NONE, alt: null };
      }
      case K_REPEATED: {
        if (!spaced || to - rest < 8 || !s.startsWith('section ', rest)) return this.text(start, end);
        let i = rest + 8;
        while (i < to && s.charCodeAt(i) === SPACE) i++;
        const path = parsePath(s, i, to);
        if (path === null) return this.text(start, end);
        this.op = Op.REPEATED;
        return { op: Op.REPEATED, path, body: NONE, alternates: null, alt: null };
      }
      case K_IF:
        return this.parseIf(rest, to) ?? this.text(start, end);
      case K_VAR:
      case K_BINDVAR: {
        // `@name`, one space, then a variable reference on one line.
        if (!spaced || s.charCodeAt(rest) !== AT || !is(s.charCodeAt(rest + 1), NAME_START)) return this.text(start, end);
        let i = rest + 2;
        while (i < to && is(s.charCodeAt(i), NAME)) i++;
        if (s.charCodeAt(i) !== SPACE || i + 1 >= to || hasLineBreak(s, i + 1, to)) {
          return this.text(start, end);
        }
        const op = s.charCodeAt(wordStart) === 118 /* v */ ? Op.VAR : Op.BINDVAR;
        return this.varRef(i + 1, to, op, s.slice(rest, i)) ?? this.text(start, end);
      }
      case K_CTX: {
        const parts = words(s.slice(rest, to));
        if (parts.length < 2 || !VAR_NAME.test(parts[0])) return this.text(start, end);
        const bindings: [string, Path][] = [];
        for (let j = 1; j < parts.length; j++) {
          const kv = parts[j];
          const eq = kv.indexOf('=');
          if (eq <= 0) return this.text(start, end);
          const path = parsePath(kv, eq + 1);
          if (!path) return this.text(start, end);
          bindings.push([kv.slice(0, eq), path]);
        }
        this.op = Op.CTX;
        return { op: Op.CTX, name: parts[0], bindings };
      }
      case K_MACRO: {
        const name = s.slice(rest, to);
        if (!MACRO_NAME.test(name)) return this.text(start, end);
        this.op = Op.MACRO;
        return { op: Op.MACRO, name, body: NONE };
      }
      case K_EVAL:
        // Expressions may span lines; an empty one prints nothing. The assembler compiles it.
        if (bare) return this.text(start, end);
        this.op = Op.EVAL;
        return { op: Op.EVAL, expr: s.slice(rest, to), code: null, error: null };
      case K_INCLUDE: {
        // One space, then the name and options split on single spaces (so a second space makes
        // an empty name, which is then not found), as the published engine reads them.
        if (bare || !spaced) return this.text(start, end);
        const parts = s.slice(rest, to).split(' ');
        if (parts.length === 1 && parts[0] === '') return this.text(start, end);
        this.op = Op.INCLUDE;
        return { op: Op.INCLUDE, name: parts[0], args: parts.slice(1) };
      }
      case K_INJECT: {
        const parts = words(s.slice(rest, to));
        if (parts.length < 2 || !VAR_NAME.test(parts[0])) return this.text(start, end);
        this.op = Op.INJECT;
        return { op: Op.INJECT, name: parts[0], path: parts[1], args: parts.slice(2) };
      }
      default: {
        // `bare`, `spaced` and `rest` mean nothing here: there is no keyword.
        const nameEnd = predicateEnd(s, wordStart, to);
        const args = nameEnd < 0 ? null : predicateArgs(s, nameEnd, to);
        if (args !== null) {
          this.op = Op.PREDICATE;
          return { op: Op.PREDICATE, pred: this.predicate(wordStart, nameEnd), args, body: NONE, alt: null };
        }
        // Literal names have no `?`, so trying them second changes nothing. An own-property
        // lookup: `{.constructor}` is text, not Object.prototype's constructor.
        const literal = LITERALS.get(s.slice(wordStart, to));
        if (literal === undefined) return this.text(start, end);
        this.op = Op.TEXT;
        return { op: Op.TEXT, text: literal };
      }
    }
  }

  /** The tag kept as literal text. */
  private text(start: number, end: number): TextNode {
    this.op = Op.TEXT;
    return { op: Op.TEXT, text: this.src.slice(start, end) };
  }

  /** The predicate name from `from` to `to` (its `?` included); unknown names are reported. */
  private predicate(from: number, to: number): string {
    const { name, known } = this.predicates.lookup(this.src, from, to);
    if (!known) this.error = `Predicate '${name}' is unknown`;
    return name;
  }

  /**
   * Parses `a.b, c|f1 x y|f2` (variables, then formatters) into a variable node, or into a
   * `.var`/`.bindvar` node named `name`; null when invalid or when a formatter is unknown (then
   * `error` says which).
   */
  private varRef(from: number, to: number, op: typeof Op.VARIABLE | typeof Op.VAR | typeof Op.BINDVAR, name: string): Node | null {
    const s = this.src;
    // The variables: comma-separated, white space allowed around commas but not at either end.
    // Most tags have one: its list is made for it, with no spare room.
    let vars: Path[] | null = null;
    let i = from;
    for (;;) {
      const path = readPath(s, i, to);
      if (path === null) return null;
      if (vars === null) vars = [path];
      else vars.push(path);
      i = pathEnd;
      while (i < to && isSpace(s.charCodeAt(i))) i++;
      // The end of the tag reads as a `|` without formatters.
      const c = i < to ? s.charCodeAt(i) : BAR;
      if (c === COMMA) {
        i++;
        while (i < to && isSpace(s.charCodeAt(i))) i++;
      } else if (c === BAR && i === pathEnd) {
        break;
      } else {
        return null;
      }
    }
    // The formatters, each `|name` then arguments up to the next `|`. Names are checked left to
    // right, so an unknown formatter is reported even if a later one is malformed.
    let fmt: FormatterCall[] = NONE;
    while (i < to) {
      const nameStart = i + 1;
      if (nameStart === to || !is(s.charCodeAt(nameStart), NAME_START)) return null;
      i = nameStart + 1;
      while (i < to && is(s.charCodeAt(i), NAME)) i++;
      const { name: fname, known } = this.formatters.lookup(s, nameStart, i);
      if (!known) {
        this.error = `Formatter '${fname}' is unknown`;
        return null;
      }
      let args: string[] = NONE;
      if (i < to && s.charCodeAt(i) !== BAR) {
        const delimiter = s.charCodeAt(i);
        let argStart = ++i;
        for (; i < to; i++) {
          const c = s.charCodeAt(i);
          if (c === BAR) break;
          if (c === delimiter) {
            if (args === NONE) args = [s.slice(argStart, i)];
            else args.push(s.slice(argStart, i));
            argStart = i + 1;
          }
        }
        if (args === NONE) args = [s.slice(argStart, i)];
        else args.push(s.slice(argStart, i));
      }
      if (fmt === NONE) fmt = [{ name: fname, args }];
      else fmt.push({ name: fname, args });
    }
    this.op = op;
    return op === Op.VARIABLE ? { op, vars: vars!, fmt } : { op, name, vars: vars!, fmt };
  }

  /** `.if pred? args`, or `.if a && b || c` (paths and operators split on any white space). */
  private parseIf(from: number, to: number): Node | null {
    const s = this.src;
    const nameEnd = predicateEnd(s, from, to);
    const args = nameEnd < 0 ? null : predicateArgs(s, nameEnd, to);
    if (args !== null) {
      this.op = Op.IF;
      return { op: Op.IF, pred: this.predicate(from, nameEnd), args, paths: NONE, ops: NONE, body: NONE, alt: null };
    }
    let i = from;
    while (i < to && isSpace(s.charCodeAt(i))) i++;
    if (i === to) return null;
    const first = readPath(s, i, to);
    if (first === null) return null;
    i = pathEnd;
    // Most are `.if path`: its lists are made at their size, and it has no operators.
    if (i === to) {
      this.op = Op.IF;
      return { op: Op.IF, pred: null, args: NONE, paths: [first], ops: NONE, body: NONE, alt: null };
    }
    const paths: Path[] = [first];
    const ops: string[] = [];
    let wantPath = false;
    for (;;) {
      // Tokens are separated by white space.
      if (i < to && !isSpace(s.charCodeAt(i))) return null;
      while (i < to && isSpace(s.charCodeAt(i))) i++;
      if (i === to) break;
      if (wantPath) {
        const path = readPath(s, i, to);
        if (path === null) return null;
        paths.push(path);
        i = pathEnd;
      } else {
        const c = s.charCodeAt(i);
        if (i + 2 > to || (c !== AMP && c !== BAR) || s.charCodeAt(i + 1) !== c) return null;
        ops.push(c === AMP ? '&&' : '||');
        i += 2;
      }
      wantPath = !wantPath;
    }
    // Ending on an operator.
    if (wantPath) return null;
    this.op = Op.IF;
    return { op: Op.IF, pred: null, args: NONE, paths, ops, body: NONE, alt: null };
  }
}
