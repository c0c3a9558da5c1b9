// The expression language of `{.eval EXPR}`: compiled to RPN once at template compile time
// (expr/compile.ts), evaluated here by a small stack machine against the render context.
import type { Context } from './context.js';
import { compile } from './expr/compile.js';
import * as D from './expr/defs.js';
import type { Compiled, Instr } from './expr/defs.js';

// Module-local copies of the shared codes: switch cases on plain local constants stay fast
// whatever the module format (imported bindings may compile to getter calls).
const I_LIT = D.I_LIT,
  I_NUM = D.I_NUM,
  I_REF = D.I_REF,
  I_MARK = D.I_MARK;
const I_CALL = D.I_CALL,
  I_UNARY = D.I_UNARY,
  I_BINARY = D.I_BINARY,
  I_ASSIGN = D.I_ASSIGN;
const NOT = D.O.NOT,
  BNOT = D.O.BNOT,
  NEG = D.O.NEG;
const POW = D.O.POW,
  MUL = D.O.MUL,
  DIV = D.O.DIV,
  MOD = D.O.MOD,
  ADD = D.O.ADD,
  SUB = D.O.SUB;
const SHL = D.O.SHL,
  SHR = D.O.SHR,
  LT = D.O.LT,
  LE = D.O.LE,
  GT = D.O.GT,
  GE = D.O.GE;
const EQ = D.O.EQ,
  NE = D.O.NE,
  SEQ = D.O.SEQ,
  SNE = D.O.SNE,
  BAND = D.O.BAND,
  BXOR = D.O.BXOR;
const BOR = D.O.BOR,
  AND = D.O.AND,
  OR = D.O.OR;
const F_NUM = D.F.NUM,
  F_STR = D.F.STR,
  F_BOOL = D.F.BOOL,
  F_MAX = D.F.MAX,
  F_MIN = D.F.MIN,
  F_ABS = D.F.ABS;
const OP_NAMES = D.OP_NAMES,
  FUNCTION_NAMES = D.FUNCTION_NAMES;

export interface ExprOptions {
  maxTokens?: number;
  maxStringLength?: number;
}
/** JSON-serialisable compiled form: see `Compiled` in expr/defs.ts. */
export type ExprCode = unknown;

/** Compiles once at template compile time. */
export function compileExpr(source: string, opts?: ExprOptions): { code: ExprCode | null; error: string | null } {
  try {
    return compile(source, opts?.maxTokens ?? 0);
  } catch (e) {
    return { code: null, error: `Error parsing expression: ${JSON.stringify(source)}: ${(e as Error)?.message ?? e}` };
  }
}

// Stack entry kinds. The stack is two parallel arrays reused across calls (evaluation never
// re-enters itself), so evaluating allocates nothing beyond the strings it builds.
const K_VALUE = 0;
const K_REF = 1;
const K_MARK = 2;
/** The result of a prefix operator on something that is not a plain value: prints nothing. */
const K_VOID = 3;

const kinds: number[] = [];
const vals: unknown[] = [];

/** A plain value: what operators and functions accept. */
const isPlain = (v: unknown) => v === null || typeof v !== 'object';

const HEX_NUM = /^[+-]?0[xX][0-9a-fA-F]+$/;
const DEC_NUM = /^[+-]?[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$/;

/** Strict string to number: decimal or hex with an optional sign; '' is 0; anything else NaN. */
function strToNum(s: string): number {
  if (s.length === 0) return 0;
  if (DEC_NUM.test(s)) return parseFloat(s);
  if (HEX_NUM.test(s)) {
    const neg = s.charCodeAt(0) === 45;
    const start = s.charCodeAt(0) === 45 || s.charCodeAt(0) === 43 ? 3 : 2;
    const v = parseInt(s.slice(start), 16);
    return neg ? -v : v;
  }
  return NaN;
}

function toNum(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'string':
      return strToNum(v);
    default:
      return v === null ? 0 : NaN;
  }
}

/** How a result prints. */
function print(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : String(v);
}

class Failure {
  constructor(readonly message: string) {}
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- operands are any template value, with JavaScript's own operator semantics on purpose
function binary(op: number, a: any, b: any, maxLen: number): unknown {
  switch (op) {
    case ADD: {
      if (typeof a === 'string' || typeof b === 'string') {
        const s = String(a) + String(b);
        if (maxLen > 0 && s.length > maxLen) throw new Failure(`Concatenation would exceed maximum string length ${maxLen}`);
        return s;
      }
      return toNum(a) + toNum(b);
    }
    case SUB:
      return toNum(a) - toNum(b);
    case MUL:
      return toNum(a) * toNum(b);
    case DIV:
      return toNum(a) / toNum(b);
    case MOD:
      return toNum(a) % toNum(b);
    case POW:
      return toNum(a) ** toNum(b);
    case SHL:
      return toNum(a) << toNum(b);
    case SHR:
      return toNum(a) >> toNum(b);
    case BAND:
      return toNum(a) & toNum(b);
    case BOR:
      return toNum(a) | toNum(b);
    case BXOR:
      return toNum(a) ^ toNum(b);
    case LT:
      return a < b;
    case LE:
      return a <= b;
    case GT:
      return a > b;
    case GE:
      return a >= b;
    // Loose and strict equality are JavaScript's, on plain values.
    case EQ:
      return a == b;
    case NE:
      return a != b;
    case SEQ:
      return a === b;
    case SNE:
      return a !== b;
    case AND:
      return !!a && !!b;
    case OR:
      return !!a || !!b;
  }
  return null;
}

function unary(op: number, a: unknown): unknown {
  switch (op) {
    case NOT:
      return !a;
    case BNOT:
      return ~toNum(a);
    case NEG:
      return -toNum(a);
    default:
      return toNum(a);
  }
}

function call(fn: number, args: unknown[]): unknown {
  switch (fn) {
    case F_NUM:
      return toNum(args[0]);
    case F_STR:
      return String(args[0]);
    case F_BOOL:
      return !!args[0];
    case F_ABS:
      return Math.abs(toNum(args[0]));
    case F_MAX: {
      // Pairwise, keeping the later argument unless the earlier is strictly greater: a NaN
      // is dropped by a later number, as the published engine does.
      let r = toNum(args[0]);
      for (let i = 1; i < args.length; i++) {
        const v = toNum(args[i]);
        r = r > v ? r : v;
      }
      return r;
    }
    case F_MIN: {
      let r = toNum(args[0]);
      for (let i = 1; i < args.length; i++) {
        const v = toNum(args[i]);
        r = r < v ? r : v;
      }
      return r;
    }
  }
  return null;
}

/** Resolves entry i to a value; refs are looked up now, a missing value is null. */
function valueAt(ctx: Context, i: number): unknown {
  if (kinds[i] === K_REF) {
    const v = ctx.resolve(vals[i] as string[]);
    return v === undefined ? null : v;
  }
  return vals[i];
}

const argBuf: unknown[] = [];
/** Bindings made by the running evaluation, as (name, existed, old value) triples: an error undoes them. */
const journal: unknown[] = [];

function rollback(ctx: Context): void {
  const f = ctx.frame();
  for (let i = journal.length - 3; i >= 0; i -= 3) {
    const name = journal[i] as string;
    if (journal[i + 1]) f.vars!.set(name, journal[i + 2]);
    else f.vars?.delete(name);
  }
}

/**
 * Runs one program. Returns the value left on top (undefined when nothing prints) or throws
 * a Failure.
 */
function run(prog: Instr[], ctx: Context, maxLen: number): unknown {
  let sp = 0;
  for (let pc = 0; pc < prog.length; pc++) {
    const ins = prog[pc];
    switch (ins[0]) {
      case I_LIT:
        kinds[sp] = K_VALUE;
        vals[sp++] = ins[1];
        break;
      case I_NUM:
        kinds[sp] = K_VALUE;
        vals[sp++] = ins[1] === 0 ? NaN : Infinity;
        break;
      case I_REF:
        kinds[sp] = K_REF;
        vals[sp++] = ins[1];
        break;
      case I_MARK:
        kinds[sp] = K_MARK;
        vals[sp++] = null;
        break;
      case I_UNARY: {
        let r: unknown = undefined;
        if (sp > 0) {
          sp--;
          const k = kinds[sp];
          if (k === K_VALUE || k === K_REF) {
            const a = valueAt(ctx, sp);
            if (isPlain(a)) {
              // The published engine's `~` never converts a variable: it acts on NaN.
              r = k === K_REF && ins[1] === BNOT ? -1 : unary(ins[1] as number, a);
            }
          }
        }
        kinds[sp] = r === undefined ? K_VOID : K_VALUE;
        vals[sp++] = r;
        break;
      }
      case I_BINARY: {
        const op = ins[1] as number;
        if (sp < 2) throw new Failure(`Invalid arguments to operator ${OP_NAMES[op]}`);
        const kb = kinds[sp - 1];
        const ka = kinds[sp - 2];
        if ((ka !== K_VALUE && ka !== K_REF) || (kb !== K_VALUE && kb !== K_REF)) {
          throw new Failure(`Invalid arguments to operator ${OP_NAMES[op]}`);
        }
        const a = valueAt(ctx, sp - 2);
        const b = valueAt(ctx, sp - 1);
        if (!isPlain(a) || !isPlain(b)) throw new Failure(`Invalid arguments to operator ${OP_NAMES[op]}`);
        sp -= 2;
        kinds[sp] = K_VALUE;
        vals[sp++] = binary(op, a, b, maxLen);
        break;
      }
      case I_ASSIGN: {
        // An assignment ends its expression and prints nothing. Only a plain value can be
        // bound, and only to a simple `@name`.
        if (sp >= 2 && kinds[sp - 2] === K_REF && (kinds[sp - 1] === K_VALUE || kinds[sp - 1] === K_REF)) {
          const path = vals[sp - 2] as string[];
          const name = path[0];
          if (path.length === 1 && name.length > 1 && name.charCodeAt(0) === 64) {
            const v = valueAt(ctx, sp - 1);
            if (isPlain(v)) {
              const vars = ctx.frame().vars;
              journal.push(name, vars !== null && vars.has(name), vars?.get(name));
              ctx.setVar(name, v);
            }
          }
        }
        return undefined;
      }
      case I_CALL: {
        // Arguments run back to the mark; a void entry (or the bottom) also ends them.
        // Values that are not plain (objects, arrays) are skipped.
        const fn = ins[1] as number;
        let n = 0;
        while (sp > 0) {
          const k = kinds[--sp];
          if (k === K_MARK || k === K_VOID) break;
          const v = valueAt(ctx, sp);
          if (isPlain(v)) argBuf[n++] = v;
        }
        if (n === 0) throw new Failure(`Error calling function ${FUNCTION_NAMES[fn]}`);
        argBuf.length = n;
        argBuf.reverse();
        kinds[sp] = K_VALUE;
        vals[sp++] = call(fn, argBuf);
        argBuf.length = 0;
        break;
      }
    }
  }
  if (sp === 0) return undefined;
  const k = kinds[sp - 1];
  if (k === K_VOID) return undefined;
  if (k === K_MARK) throw new Failure('Reduce error: unexpected token on stack');
  const v = valueAt(ctx, sp - 1);
  if (!isPlain(v)) throw new Failure('Reduce error: unexpected token on stack');
  return v;
}

/** Evaluates; returns the text to output ('' when nothing prints); errors go to ctx.error. */
export function evalExpr(code: ExprCode, ctx: Context, opts?: ExprOptions): string {
  const c = code as Compiled;
  if (!c || !Array.isArray(c.e)) return '';
  if (c.x !== undefined) {
    ctx.error(c.x);
    return c.d ?? '';
  }
  const maxLen = opts?.maxStringLength ?? 0;
  let result: unknown = undefined;
  journal.length = 0;
  try {
    for (const prog of c.e) result = run(prog, ctx, maxLen);
  } catch (e) {
    // A failed evaluation prints nothing and leaves no bindings behind.
    rollback(ctx);
    journal.length = 0;
    const msg = e instanceof Failure ? e.message : String((e as Error)?.message ?? e);
    ctx.error(`Error reducing expression: ${c.s}: ${msg}`);
    return c.d ?? '';
  }
  journal.length = 0;
  if (c.d !== undefined) return result === undefined ? c.d : `${c.d} -> ${print(result)}`;
  return print(result);
}
