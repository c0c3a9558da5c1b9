// Shared types of the template engine: compiled code (plain JSON data), errors, and the plugin
// contract that formatters and predicates are written against.
import type { Context } from './context.js';
import type { Path } from './leaf-types.js';

export type { Kernels, Path, TemplateError } from './leaf-types.js';

/** A formatter applied in a chain: `{x|truncate 10 ...}` -> { name: 'truncate', args: ['10', '...'] }. */
export interface FormatterCall {
  name: string;
  args: string[];
}

/** Numeric opcodes of compiled nodes. Plain numbers keep compiled code JSON-serialisable. */
export const Op = {
  TEXT: 0,
  VARIABLE: 1,
  SECTION: 2,
  REPEATED: 3,
  PREDICATE: 4,
  OR: 5,
  IF: 6,
  VAR: 7,
  BINDVAR: 8,
  CTX: 9,
  EVAL: 10,
  INCLUDE: 11,
  INJECT: 12,
  MACRO: 13,
} as const;

export interface TextNode {
  op: 0;
  text: string;
}
export interface VariableNode {
  op: 1;
  vars: Path[];
  fmt: FormatterCall[];
}
/** The `.or` branch of a block: unconditional when `pred` is null. */
export interface OrNode {
  op: 5;
  pred: string | null;
  args: string[];
  body: Node[];
  alt: OrNode | null;
}
export interface SectionNode {
  op: 2;
  path: Path;
  body: Node[];
  alt: OrNode | null;
}
export interface RepeatedNode {
  op: 3;
  path: Path;
  body: Node[];
  alternates: Node[] | null;
  alt: OrNode | null;
}
export interface PredicateNode {
  op: 4;
  pred: string;
  args: string[];
  body: Node[];
  alt: OrNode | null;
}
/** `.if a && b || c` (paths joined by ops, read left to right) or `.if pred? args` (pred set). */
export interface IfNode {
  op: 6;
  pred: string | null;
  args: string[];
  paths: Path[];
  ops: string[];
  body: Node[];
  alt: OrNode | null;
}
export interface VarNode {
  op: 7 | 8;
  name: string;
  vars: Path[];
  fmt: FormatterCall[];
}
export interface CtxNode {
  op: 9;
  name: string;
  bindings: [string, Path][];
}
/** `.eval`: the expression compiled at compile time, or the parse error to report at run time. */
export interface EvalNode {
  op: 10;
  expr: string;
  code: unknown;
  error: string | null;
}
export interface IncludeNode {
  op: 11;
  name: string;
  args: string[];
}
export interface InjectNode {
  op: 12;
  name: string;
  path: string;
  args: string[];
}
export interface MacroNode {
  op: 13;
  name: string;
  body: Node[];
}

export type Node =
  | TextNode
  | VariableNode
  | SectionNode
  | RepeatedNode
  | PredicateNode
  | IfNode
  | VarNode
  | CtxNode
  | EvalNode
  | IncludeNode
  | InjectNode
  | MacroNode;

/** A compiled template: plain data, safe to JSON.stringify and cache by source hash. */
export interface Code {
  v: 1;
  body: Node[];
  /** Macros defined anywhere in the template, by name. */
  macros: Record<string, Node[]>;
}

/** A value travelling through a formatter chain. `undefined` is a missing value, `null` JSON null. */
export interface Variable {
  value: unknown;
}

/**
 * A formatter transforms `vars[0].value` in place (most formatters read only vars[0]; a few such
 * as datetime-interval read several). `args` are the raw arguments split on the delimiter.
 */
export interface Formatter {
  (ctx: Context, args: string[], vars: Variable[]): void;
  /**
   * The same formatter as a function of the value alone, when it is one: it returns what the
   * formatter would put in `vars[0].value`. It may read the context and record errors, but never
   * reads `ctx.chain` (get and lookup do) nor other variables (datetime-interval does). The
   * executor then runs it without building a chain's objects, and may run it inside a run of
   * text and variables compiled into one step. Make such formatters with `valueFormatter`.
   */
  value?: ValueFormatter;
}

/** A formatter as a function of the value alone (see Formatter.value). */
export type ValueFormatter = (ctx: Context, args: string[], value: unknown) => unknown;

/** A formatter that maps the first variable's value, usable in both forms. */
export function valueFormatter(fn: ValueFormatter): Formatter {
  const f: Formatter = (ctx, args, vars) => {
    vars[0].value = fn(ctx, args, vars[0].value);
  };
  f.value = fn;
  return f;
}

/** A predicate tests the current node (`ctx.node()`); args name paths or literals. */
export type Predicate = (ctx: Context, args: string[]) => boolean;

/** A formatter or predicate that is part of the language but not implemented. */
export const NOT_IMPLEMENTED = Symbol('not-implemented');

export type FormatterTable = Record<string, Formatter | typeof NOT_IMPLEMENTED>;
export type PredicateTable = Record<string, Predicate | typeof NOT_IMPLEMENTED>;
