// Compiler of the expression language: a lexer and a shunting-yard pass from source to one RPN
// program per `;`-separated expression.
import {
  FUNCTION_NAMES,
  FUNCTIONS,
  I_ASSIGN,
  I_BINARY,
  I_CALL,
  I_LIT,
  I_MARK,
  I_NUM,
  I_REF,
  I_UNARY,
  KEYWORDS,
  O,
  OPERATORS,
  OP_NAMES,
  OP_START,
  PREC,
  RIGHT_ASSOC,
  type Compiled,
  type Instr,
} from './defs.js';

// Token kinds produced by the lexer, consumed by the shunting-yard pass.
const T_VALUE = 0; // instr: LIT / NUM / REF
const T_FUNC = 1;
const T_OP = 2;
const T_LPAREN = 3;
const T_RPAREN = 4;
const T_COMMA = 5;
const T_SEMI = 6;

interface Token {
  k: number;
  v: unknown;
}

class ExprError {
  constructor(readonly message: string) {}
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
const isNameChar = (c: number) => isLetter(c) || isDigit(c) || c === 95 /* _ */ || c === 45; /* - */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;

function unexpected(s: string, i: number): ExprError {
  const c = s.charCodeAt(i);
  const what = c === 12 ? 'form feed' : c < 32 ? 'control character' : 'character';
  return new ExprError(`Unexpected ${what} at ${i}: ${JSON.stringify(s[i])}`);
}

/** Length of a name (`$`? letter name-char*) at i, or 0. */
function nameAt(s: string, i: number, dollar = true): number {
  let j = i;
  if (dollar && s.charCodeAt(j) === 36 /* $ */) j++;
  if (!isLetter(s.charCodeAt(j))) return 0;
  j++;
  while (j < s.length && isNameChar(s.charCodeAt(j))) j++;
  return j - i;
}

/** Length of a path segment at i: `@`, `@name`, `name` or digits (digits only after a dot). */
function segmentAt(s: string, i: number, digits: boolean): number {
  if (digits && isDigit(s.charCodeAt(i))) {
    let j = i + 1;
    while (isDigit(s.charCodeAt(j))) j++;
    return j - i;
  }
  if (s.charCodeAt(i) === 64 /* @ */) return 1 + nameAt(s, i + 1, false);
  return nameAt(s, i);
}

function lex(s: string, maxTokens: number): Token[] {
  const tokens: Token[] = [];
  const n = s.length;
  let i = 0;
  const push = (k: number, v: unknown) => {
    if (maxTokens > 0 && tokens.length >= maxTokens) {
      throw new ExprError(`Expression exceeds the maximum number of allowed tokens: ${maxTokens}`);
    }
    tokens.push({ k, v });
  };
  while (i < n) {
    const c = s.charCodeAt(i);
    if (isSpace(c)) {
      i++;
      continue;
    }
    if (isDigit(c)) {
      i = lexNumber(s, i, push);
      continue;
    }
    if (c === 34 || c === 39) {
      i = lexString(s, i, push);
      continue;
    }
    if (isLetter(c) || c === 64 /* @ */ || (c === 36 /* $ */ && isLetter(s.charCodeAt(i + 1)))) {
      i = lexName(s, i, push);
      continue;
    }
    switch (c) {
      case 40:
        push(T_LPAREN, null);
        i++;
        continue;
      case 41:
        push(T_RPAREN, null);
        i++;
        continue;
      case 44:
        push(T_COMMA, null);
        i++;
        continue;
      case 59:
        push(T_SEMI, null);
        i++;
        continue;
    }
    if (OP_START.has(c)) {
      for (const [text, op] of OPERATORS) {
        if (s.startsWith(text, i)) {
          push(T_OP, op);
          i += text.length;
          break;
        }
      }
      continue;
    }
    throw unexpected(s, i);
  }
  return tokens;
}

function lexNumber(s: string, i: number, push: (k: number, v: unknown) => void): number {
  const start = i;
  const x = s.charCodeAt(i + 1);
  if (s.charCodeAt(i) === 48 && (x === 120 || x === 88)) {
    i += 2;
    const h = i;
    while (isHex(s.charCodeAt(i))) i++;
    if (i === h) throw new ExprError('Expected digits after start of hex number');
    push(T_VALUE, numberInstr(parseInt(s.slice(h, i), 16)));
    return i;
  }
  let dot = false;
  let exp = false;
  for (;;) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      i++;
    } else if (c === 46 /* . */) {
      if (dot) throw new ExprError('Duplicate decimal point in number');
      if (exp) throw new ExprError('Unexpected decimal point in exponent');
      dot = true;
      i++;
    } else if ((c === 101 || c === 69) && !exp) {
      exp = true;
      i++;
      const sign = s.charCodeAt(i);
      if (sign === 43 || sign === 45) i++;
      if (!isDigit(s.charCodeAt(i))) throw new ExprError('Expected a digit after exponent in decimal number');
    } else {
      break;
    }
  }
  push(T_VALUE, numberInstr(parseFloat(s.slice(start, i))));
  return i;
}

function numberInstr(v: number): Instr {
  if (Number.isNaN(v)) return [I_NUM, 0];
  if (!Number.isFinite(v)) return [I_NUM, 1];
  return [I_LIT, v];
}

function lexString(s: string, i: number, push: (k: number, v: unknown) => void): number {
  const quote = s.charCodeAt(i++);
  let out = '';
  let run = i;
  for (;;) {
    if (i >= s.length) throw new ExprError('Unterminated string');
    const c = s.charCodeAt(i);
    if (c === quote) break;
    if (c === 10) throw new ExprError('Illegal bare line feed character in string literal');
    if (c === 13) throw new ExprError('Illegal bare carriage return character in string literal');
    if (c !== 92 /* \ */) {
      i++;
      continue;
    }
    out += s.slice(run, i);
    if (i + 1 >= s.length) throw new ExprError('Unterminated string');
    const e = s[i + 1];
    i += 2;
    switch (e) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'f':
        out += '\f';
        break;
      case 'u':
        if (!(isHex(s.charCodeAt(i)) && isHex(s.charCodeAt(i + 1)) && isHex(s.charCodeAt(i + 2)) && isHex(s.charCodeAt(i + 3)))) {
          throw new ExprError('Invalid unicode escape found');
        }
        out += String.fromCharCode(parseInt(s.slice(i, i + 4), 16));
        i += 4;
        break;
      case 'x':
        if (!(isHex(s.charCodeAt(i)) && isHex(s.charCodeAt(i + 1)))) throw new ExprError('Invalid 2-char hex escape found');
        out += String.fromCharCode(parseInt(s.slice(i, i + 2), 16));
        i += 2;
        break;
      default:
        // Any other escaped character stands for itself (\b is 'b', \0 is '0', \<newline> a newline).
        out += e;
    }
    run = i;
  }
  out += s.slice(run, i);
  push(T_VALUE, [I_LIT, out]);
  return i + 1;
}

function lexName(s: string, i: number, push: (k: number, v: unknown) => void): number {
  const path: string[] = [];
  let len = segmentAt(s, i, false);
  path.push(s.slice(i, i + len));
  i += len;
  while (s.charCodeAt(i) === 46 /* . */) {
    len = segmentAt(s, i + 1, true);
    if (len === 0) throw unexpected(s, i);
    path.push(s.slice(i + 1, i + 1 + len));
    i += 1 + len;
  }
  if (path.length === 1) {
    const name = path[0];
    const kw = Object.prototype.hasOwnProperty.call(KEYWORDS, name) ? KEYWORDS[name] : undefined;
    if (kw !== undefined) {
      push(T_VALUE, kw);
      return i;
    }
    let j = i;
    while (isSpace(s.charCodeAt(j))) j++;
    if (s.charCodeAt(j) === 40 /* ( */) {
      if (!Object.prototype.hasOwnProperty.call(FUNCTIONS, name)) throw new ExprError(`Invalid function ${name}`);
      push(T_FUNC, FUNCTIONS[name]);
      return i;
    }
  }
  push(T_VALUE, [I_REF, path]);
  return i;
}

// ---------------------------------------------------------------------------------------------
// Shunting-yard: tokens to one RPN program per `;`-separated expression.

const S_LPAREN = -1;
const S_FUNC = -2; // function ids are stored as S_FUNC - id

/**
 * Fills `programs`; returns the first error. An unclosed `(` drops its expression and building
 * goes on; a stray `)` stops it (throws). Either way the programs built so far stay (debug mode
 * shows them).
 */
function build(tokens: Token[], programs: Instr[][]): string | null {
  let error: string | null = null;
  let out: Instr[] = [];
  const ops: number[] = [];
  let prevValueLike = false; // a `-` or `+` after a value or `)` is binary

  const flush = () => {
    while (ops.length) {
      const top = ops.pop()!;
      if (top === S_LPAREN) {
        // As the published engine does: the expression is dropped, and the operators still
        // stacked under the `(` carry over to the next one (visible in debug mode only).
        error ??= 'Mismatched operator found: left paren';
        out = [];
        return;
      }
      out.push(opInstr(top));
    }
    if (out.length) programs.push(out);
    out = [];
  };

  for (const t of tokens) {
    switch (t.k) {
      case T_VALUE:
        out.push(t.v as Instr);
        prevValueLike = true;
        break;
      case T_FUNC:
        out.push([I_MARK]);
        ops.push(S_FUNC - (t.v as number));
        prevValueLike = false;
        break;
      case T_LPAREN:
        ops.push(S_LPAREN);
        prevValueLike = false;
        break;
      case T_RPAREN: {
        for (;;) {
          if (!ops.length) throw new ExprError(error ?? 'Mismatched operator found: right paren');
          const top = ops.pop()!;
          if (top === S_LPAREN) break;
          out.push(opInstr(top));
        }
        const top = ops[ops.length - 1];
        if (top !== undefined && top <= S_FUNC) {
          ops.pop();
          out.push([I_CALL, S_FUNC - top]);
        }
        prevValueLike = true;
        break;
      }
      case T_COMMA:
        while (ops.length && ops[ops.length - 1] !== S_LPAREN) out.push(opInstr(ops.pop()!));
        prevValueLike = false;
        break;
      case T_SEMI:
        flush();
        prevValueLike = false;
        break;
      case T_OP: {
        let op = t.v as number;
        if (!prevValueLike && (op === O.SUB || op === O.ADD)) op = op === O.SUB ? O.NEG : O.POS;
        if (op > O.POS) {
          const p = PREC[op];
          const right = RIGHT_ASSOC(op);
          while (ops.length) {
            const top = ops[ops.length - 1];
            if (top < 0) break;
            const tp = PREC[top];
            if (tp > p || (tp === p && !right)) out.push(opInstr(ops.pop()!));
            else break;
          }
        }
        ops.push(op);
        prevValueLike = false;
        break;
      }
    }
  }
  flush();
  return error;
}

function opInstr(op: number): Instr {
  if (op <= S_FUNC) return [I_CALL, S_FUNC - op]; // unreachable: a function is always followed by `(`
  if (op === O.ASSIGN) return [I_ASSIGN];
  return op <= O.POS ? [I_UNARY, op] : [I_BINARY, op];
}

/** An instruction as the debug mode shows it. */
function showInstr(ins: Instr): string {
  switch (ins[0]) {
    case I_LIT:
      return typeof ins[1] === 'string' ? JSON.stringify(ins[1]) : String(ins[1]);
    case I_NUM:
      return ins[1] === 0 ? 'NaN' : 'Infinity';
    case I_REF:
      return (ins[1] as string[]).join('.');
    case I_MARK:
      return '<args>';
    case I_CALL:
      return `${FUNCTION_NAMES[ins[1] as number]}()`;
    case I_ASSIGN:
      return '<assign>';
    default:
      return `<${OP_NAMES[ins[1] as number]}>`;
  }
}

const showPrograms = (progs: Instr[][]) => `EVAL=[${progs.map((p) => `[${p.map(showInstr).join(' ')}]`).join(', ')}]`;

/** Compiles an expression (the text after `.eval`); the error is the full runtime message. */
export function compile(source: string, maxTokens: number): { code: Compiled | null; error: string | null } {
  // Leading white space belongs to the instruction, not the expression; a leading `#` asks for
  // the debug output (the compiled programs, then the result).
  let start = 0;
  while (start < source.length && isLeadingSpace(source.charCodeAt(start))) start++;
  const debug = source.charCodeAt(start) === 35; /* # */
  const src = source.slice(debug ? start + 1 : start);
  const programs: Instr[][] = [];
  let msg: string | null;
  try {
    msg = build(lex(src, maxTokens), programs);
  } catch (e) {
    msg = e instanceof ExprError ? e.message : String((e as Error)?.message ?? e);
  }
  if (msg === null) {
    const code: Compiled = debug ? { s: src, e: programs, d: showPrograms(programs) } : { s: src, e: programs };
    return { code, error: null };
  }
  const error = `Error parsing expression: ${JSON.stringify(src)}: ${msg}`;
  if (debug) return { code: { s: src, e: [], d: showPrograms(programs), x: error } satisfies Compiled, error: null };
  return { code: null, error };
}

const isLeadingSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;
