// The execution context: the stack of frames over the JSON tree, variable resolution, render
// options (locale, clock, time zone) and the error list. Formatters and predicates receive it.
import type { CLDR } from '@phensley/cldr';
import type { Kernels, Path, TemplateError } from './leaf-types.js';
import { RenderStop } from './limits.js';

export const DEFAULT_TIME_ZONE = 'America/New_York';

export interface Frame {
  node: unknown;
  /** `@name` variables bound in this frame (by .var, .ctx, .eval...). */
  vars: Map<string, unknown> | null;
  /** 0-based index inside a repeated section, -1 elsewhere. */
  index: number;
  /** Arguments passed to a macro or partial by `apply name k=v`, read as `@args`. */
  args?: unknown;
  /** A private apply: lookups stop at this frame and never see enclosing ones. */
  barrier?: boolean;
  /**
   * Macros defined in this frame: a `.macro` is defined when it runs, in the frame it runs in,
   * and is seen from there inwards (through private applies too) until the frame ends.
   */
  macros?: Map<string, MacroBody>;
}

/**
 * A macro's body as the executor stored it (its nodes). Opaque here so that this module needs
 * nothing of the node types, which would make types.ts and context.ts import each other.
 */
export type MacroBody = readonly unknown[];

export interface ContextInit {
  root: unknown;
  kernels: Kernels;
  locale?: string | null;
  cldr?: CLDR;
  now?: number;
  timeZone?: string;
}

/** Hook installed by the executor so that formatters (apply) can render partials and macros. */
export type ApplyHook = (ctx: Context, name: string, node: unknown, args: unknown, isPrivate: boolean) => string;

export class Context {
  readonly root: unknown;
  readonly kernels: Kernels;
  /** BCP-47 tag, or null when rendering without locale data. */
  readonly locale: string | null;
  /** CLDR instance for the locale (undefined when locale is null). */
  readonly cldr: CLDR | undefined;
  /** The render's clock, epoch milliseconds. */
  readonly now: number;
  readonly errors: TemplateError[] = [];
  /** Errors collected before the next one stops the render (the render budget's maxErrors). */
  maxErrors = Infinity;
  stack: Frame[];
  applyHook: ApplyHook | null = null;
  /**
   * Inside a variable instruction `{v|f ...}`: v's first resolved value, which the args of get
   * and lookup resolve against as an innermost frame. Null elsewhere (and in .var).
   */
  chain: { value: unknown } | null = null;
  private explicitTimeZone: string | undefined;

  constructor(init: ContextInit) {
    this.root = init.root;
    this.kernels = init.kernels;
    this.locale = init.locale === undefined ? 'en' : init.locale;
    this.cldr = init.cldr;
    this.now = init.now ?? Date.now();
    this.explicitTimeZone = init.timeZone;
    this.stack = [{ node: init.root, vars: null, index: -1 }];
  }

  /** The site's time zone: `website.timeZone` in the data, else the option, else New York. */
  get timeZone(): string {
    const w = (this.root as { website?: { timeZone?: unknown } } | null)?.website?.timeZone;
    if (typeof w === 'string' && w) return w;
    return this.explicitTimeZone || DEFAULT_TIME_ZONE;
  }

  /** The current node (top of the stack). */
  node(): unknown {
    return this.stack[this.stack.length - 1].node;
  }

  frame(): Frame {
    return this.stack[this.stack.length - 1];
  }

  push(node: unknown, index = -1): Frame {
    const f: Frame = { node, vars: null, index };
    this.stack.push(f);
    return f;
  }

  pop(): void {
    this.stack.pop();
  }

  /** The macro of that name defined in the innermost frame that has one. */
  macro(name: string): MacroBody | undefined {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const m = this.stack[i].macros;
      if (m !== undefined) {
        const body = m.get(name);
        if (body !== undefined) return body;
      }
    }
    return undefined;
  }

  /** Records a runtime error; rendering goes on, unless that is one error too many. */
  error(message: string): void {
    if (this.errors.length >= this.maxErrors) this.stop(`Render stopped: more than ${this.maxErrors} errors`);
    this.errors.push({ kind: 'runtime', message });
  }

  /** Records a budget's error and stops the render (see RenderStop). */
  stop(message: string): never {
    this.errors.push({ kind: 'runtime', message });
    throw new RenderStop();
  }

  /** Binds `@name` (with the `@`) in the current frame. */
  setVar(name: string, value: unknown): void {
    const f = this.frame();
    (f.vars ??= new Map()).set(name, value);
  }

  /** Resolves a dotted name such as `a.b.0`, `@`, `@index`, `@foo.bar`. */
  resolveName(name: string): unknown {
    return this.resolve(name === '@' ? AT : name.split('.'));
  }

  /** Resolves a path: its head is looked up from the innermost frame outwards, the rest descends. */
  resolve(path: Path): unknown {
    const head = path[0];
    let value: unknown;
    if (head.charCodeAt(0) === 64 /* @ */) {
      value = this.resolveAt(head);
    } else {
      value = this.lookup(head);
    }
    for (let i = 1; i < path.length && value !== undefined; i++) {
      value = getChild(value, path[i]);
    }
    return value;
  }

  /** The value of a path head that is not an `@` name: looked up from the innermost frame outwards. */
  lookup(head: string): unknown {
    const stack = this.stack;
    for (let i = stack.length - 1; i >= 0; i--) {
      const f = stack[i];
      const v = getHead(f.node, head);
      if (v !== undefined) return v;
      if (f.barrier) return undefined;
    }
    return undefined;
  }

  /**
   * Resolves a section path: unlike variables, `.section` and `.repeated section` look their head
   * up in the current frame only (its node and its @variables), never in enclosing frames.
   */
  resolveSection(path: Path): unknown {
    const f = this.stack[this.stack.length - 1];
    const head = path[0];
    let value: unknown;
    if (head === '@') value = f.node;
    else if (head.charCodeAt(0) === 64 /* @ */) value = f.vars !== null ? f.vars.get(head) : undefined;
    else value = getHead(f.node, head);
    for (let i = 1; i < path.length && value !== undefined; i++) {
      value = getChild(value, path[i]);
    }
    return value;
  }

  private resolveAt(head: string): unknown {
    const stack = this.stack;
    if (head === '@') return stack[stack.length - 1].node;
    if (head === '@index' || head === '@index0') {
      for (let i = stack.length - 1; i >= 0; i--) {
        const f = stack[i];
        if (f.index >= 0) return head === '@index' ? f.index + 1 : f.index;
        if (f.barrier) break;
      }
      return undefined;
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const f = stack[i];
      // A variable bound to a missing value does not hide one of the same name further out.
      if (f.vars !== null) {
        const v = f.vars.get(head);
        if (v !== undefined) return v;
      }
      if (head === '@args' && f.args !== undefined) return f.args;
      if (f.barrier) break;
    }
    return undefined;
  }

  /**
   * Renders a macro or partial on a node (the apply formatter); '' and an error when missing.
   * A private apply sees only `node` (and its @args), none of the enclosing frames.
   */
  apply(name: string, node: unknown, args?: unknown, isPrivate = false): string {
    if (!this.applyHook) return '';
    return this.applyHook(this, name, node, args, isPrivate);
  }
}

const AT: Path = ['@'];

/** A child of an object by key or of an array by an all-digit index; undefined when absent. */
export function getChild(node: unknown, key: string): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    const n = key.length;
    if (n === 0) return undefined;
    for (let i = 0; i < n; i++) {
      const c = key.charCodeAt(i);
      if (c < 48 || c > 57) return undefined;
    }
    return node[Number(key)];
  }
  // A plain property read is much faster than hasOwnProperty; what it can wrongly find are the
  // inherited members of Object.prototype, all functions (never JSON) but __proto__.
  const v = (node as Record<string, unknown>)[key];
  if (v === undefined || typeof v === 'function') return undefined;
  if (key === '__proto__') return Object.prototype.hasOwnProperty.call(node, key) ? v : undefined;
  return v;
}

/** The head of a path in a frame: as getChild, but an array frame also answers `length`. */
function getHead(node: unknown, key: string): unknown {
  if (key === 'length' && Array.isArray(node)) return node.length;
  return getChild(node, key);
}
