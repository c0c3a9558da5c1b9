// Stage 2: parses the inside of one `{...}` tag into an instruction. A tag that is not a valid
// instruction or variable reference is literal text; unknown formatters and predicates are
// syntax errors.
import type { FormatterCall, Path } from './types.js';

export type Instruction =
  | { t: 'text'; text: string }
  | { t: 'variable'; vars: Path[]; fmt: FormatterCall[] }
  | { t: 'section'; path: Path }
  | { t: 'repeated'; path: Path }
  | { t: 'predicate'; pred: string; args: string[] }
  | { t: 'or'; pred: string | null; args: string[] }
  | { t: 'alternates' }
  | { t: 'end' }
  | { t: 'if'; pred: string | null; args: string[]; paths: Path[]; ops: string[] }
  | { t: 'var' | 'bindvar'; name: string; vars: Path[]; fmt: FormatterCall[] }
  | { t: 'ctx'; name: string; bindings: [string, Path][] }
  | { t: 'macro'; name: string }
  | { t: 'eval'; expr: string }
  | { t: 'include'; name: string; args: string[] }
  | { t: 'inject'; name: string; path: string; args: string[] };

export interface ParseResult {
  instr: Instruction;
  /** A syntax error found while parsing (the instruction is still usable). */
  error?: string;
}

/** Which formatter and predicate names exist (unknown ones are syntax errors). */
export interface NameTables {
  formatters: Record<string, unknown>;
  predicates: Record<string, unknown>;
}

const SEGMENT = /^[A-Za-z0-9@][A-Za-z0-9_@-]*$/;
const FORMATTER_NAME = /^[A-Za-z][A-Za-z0-9_-]*/;
const PREDICATE = /^([A-Za-z][A-Za-z0-9_-]*\?)(.*)$/;
const VAR_NAME = /^@[A-Za-z0-9_-]+$/;
const MACRO_NAME = /^[A-Za-z0-9_.-]+$/;
const LITERALS: Record<string, string> = {
  newline: '\n',
  space: ' ',
  tab: '\t',
  'meta-left': '{',
  'meta-right': '}',
};

/** Parses `a.b.c` into a path; null when not a valid reference. */
export function parsePath(s: string): Path | null {
  if (s === '@') return ['@'];
  const parts = s.split('.');
  for (const p of parts) if (!SEGMENT.test(p)) return null;
  return parts;
}

/** Splits raw arguments on a delimiter (the first character after a name); `x|f ` has one empty arg. */
function splitArgs(rest: string): string[] {
  if (rest.length === 0) return [];
  return rest.slice(1).split(rest[0]);
}

interface VarRef { vars: Path[]; fmt: FormatterCall[]; error?: string }

/** Parses `a.b, c|f1 x y|f2` (a variable reference with formatters); null when invalid. */
export function parseVarRef(s: string, tables: NameTables): VarRef | null {
  const pipe = s.indexOf('|');
  const head = pipe < 0 ? s : s.slice(0, pipe);
  if (head.length === 0 || head.trim() !== head) return null;
  const vars: Path[] = [];
  for (const part of head.split(',')) {
    const p = parsePath(part.trim());
    if (!p) return null;
    vars.push(p);
  }
  const fmt: FormatterCall[] = [];
  let error: string | undefined;
  if (pipe >= 0) {
    for (const seg of s.slice(pipe + 1).split('|')) {
      const m = FORMATTER_NAME.exec(seg);
      if (!m) return null;
      const name = m[0];
      if (!(name in tables.formatters)) {
        return { vars, fmt, error: `Formatter '${name}' is unknown` };
      }
      fmt.push({ name, args: splitArgs(seg.slice(name.length)) });
    }
  }
  return { vars, fmt, error };
}

const TEXT = (text: string): ParseResult => ({ instr: { t: 'text', text } });

/** Parses the content of a tag (without its braces); `raw` is the whole tag for text fallback. */
export function parseTag(inner: string, raw: string, tables: NameTables): ParseResult {
  if (inner.charCodeAt(0) !== 46 /* . */) {
    const ref = parseVarRef(inner, tables);
    if (!ref) return TEXT(raw);
    if (ref.error) return { instr: { t: 'text', text: raw }, error: ref.error };
    return { instr: { t: 'variable', vars: ref.vars, fmt: ref.fmt } };
  }
  const body = inner.slice(1);
  // The keyword ends at the first white space (space, tab, newline...); some instructions
  // accept any of them after the keyword, others only a space.
  let sp = -1;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) {
      sp = i;
      break;
    }
  }
  const word = sp < 0 ? body : body.slice(0, sp);
  const rest = sp < 0 ? '' : body.slice(sp + 1);
  const spaced = sp < 0 || body.charCodeAt(sp) === 32;
  switch (word) {
    case 'end':
      return sp < 0 ? { instr: { t: 'end' } } : TEXT(raw);
    case 'or': {
      if (sp < 0) return { instr: { t: 'or', pred: null, args: [] } };
      const m = PREDICATE.exec(rest);
      if (!m) return TEXT(raw);
      const error = m[1] in tables.predicates ? undefined : `Predicate '${m[1]}' is unknown`;
      return { instr: { t: 'or', pred: m[1], args: splitArgs(m[2]) }, error };
    }
    case 'alternates':
      return rest === 'with' ? { instr: { t: 'alternates' } } : TEXT(raw);
    case 'section': {
      const p = parsePath(rest.replace(/^\s+/, ''));
      return p ? { instr: { t: 'section', path: p } } : TEXT(raw);
    }
    case 'repeated': {
      if (!spaced || !rest.startsWith('section ')) return TEXT(raw);
      const p = parsePath(rest.slice(8).replace(/^ +/, ''));
      return p ? { instr: { t: 'repeated', path: p } } : TEXT(raw);
    }
    case 'if':
      return parseIf(rest, raw, tables);
    case 'var':
    case 'bindvar': {
      if (!spaced) return TEXT(raw);
      const m = /^(@[A-Za-z0-9_-]+) (.+)$/.exec(rest);
      if (!m) return TEXT(raw);
      const ref = parseVarRef(m[2], tables);
      if (!ref) return TEXT(raw);
      if (ref.error) return { instr: { t: 'text', text: raw }, error: ref.error };
      return { instr: { t: word, name: m[1], vars: ref.vars, fmt: ref.fmt } };
    }
    case 'ctx': {
      const parts = rest.split(' ').filter((x) => x !== '');
      if (parts.length < 2 || !VAR_NAME.test(parts[0])) return TEXT(raw);
      const bindings: [string, Path][] = [];
      for (const kv of parts.slice(1)) {
        const eq = kv.indexOf('=');
        if (eq <= 0) return TEXT(raw);
        const p = parsePath(kv.slice(eq + 1));
        if (!p) return TEXT(raw);
        bindings.push([kv.slice(0, eq), p]);
      }
      return { instr: { t: 'ctx', name: parts[0], bindings } };
    }
    case 'macro':
      return MACRO_NAME.test(rest) ? { instr: { t: 'macro', name: rest } } : TEXT(raw);
    case 'eval':
      // Expressions may span lines; an empty one prints nothing.
      return sp < 0 ? TEXT(raw) : { instr: { t: 'eval', expr: rest } };
    case 'include': {
      const parts = rest.split(' ').filter((x) => x !== '');
      if (parts.length === 0 || !MACRO_NAME.test(parts[0])) return TEXT(raw);
      return { instr: { t: 'include', name: parts[0], args: parts.slice(1) } };
    }
    case 'inject': {
      const parts = rest.split(' ').filter((x) => x !== '');
      if (parts.length < 2 || !VAR_NAME.test(parts[0])) return TEXT(raw);
      return { instr: { t: 'inject', name: parts[0], path: parts[1], args: parts.slice(2) } };
    }
    default: {
      if (sp < 0 && word in LITERALS) return TEXT(LITERALS[word]);
      const m = PREDICATE.exec(body);
      if (!m) return TEXT(raw);
      const error = m[1] in tables.predicates ? undefined : `Predicate '${m[1]}' is unknown`;
      return { instr: { t: 'predicate', pred: m[1], args: splitArgs(m[2]) }, error };
    }
  }
}

function parseIf(rest: string, raw: string, tables: NameTables): ParseResult {
  const m = PREDICATE.exec(rest);
  if (m) {
    const error = m[1] in tables.predicates ? undefined : `Predicate '${m[1]}' is unknown`;
    return { instr: { t: 'if', pred: m[1], args: splitArgs(m[2]), paths: [], ops: [] }, error };
  }
  const tokens = rest.split(/\s+/).filter((x) => x !== '');
  if (tokens.length === 0 || tokens.length % 2 === 0) return TEXT(raw);
  const paths: Path[] = [];
  const ops: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (i % 2 === 1) {
      if (tokens[i] !== '&&' && tokens[i] !== '||') return TEXT(raw);
      ops.push(tokens[i]);
    } else {
      const p = parsePath(tokens[i]);
      if (!p) return TEXT(raw);
      paths.push(p);
    }
  }
  return { instr: { t: 'if', pred: null, args: [], paths, ops } };
}
