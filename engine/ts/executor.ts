// Stage 4: executes compiled code over a context, writing to a string sink. Runtime errors are
// collected in the context and the failing piece is skipped; nothing here throws.
import { Context } from './context.js';
import { evalExpr, type ExprOptions } from './expr.js';
import { isTruthy, toText } from './values.js';
import { NOT_IMPLEMENTED, Op } from './types.js';
import { DEFAULT_LIMITS, RenderStop, type RenderLimits } from './limits.js';
import type { Code, FormatterCall, FormatterTable, Node, OrNode, Path, PredicateTable, Variable } from './types.js';

/** Maximum nesting of partials and macros (apply, include). */
export const MAX_PARTIAL_DEPTH = 16;

export interface ExecOptions {
  formatters: FormatterTable;
  predicates: PredicateTable;
  /** Partial sources by name, compiled on first use. */
  partials: Record<string, string | Code>;
  /** Inject sources by path: JSON text, parsed on first use. */
  injects: Record<string, string>;
  enableExpr: boolean;
  enableInclude: boolean;
  /** Expression limits (0 or absent: none). */
  exprOptions?: ExprOptions;
  /** Compiles a partial (the engine's compile, so partials get the same tables). */
  compile: (source: string) => { code: Code; errors: { message: string }[] };
  /** The render budget (default DEFAULT_LIMITS). */
  limits?: RenderLimits;
}

export class Executor {
  private depth = 0;
  // What is left of the render budget. Each check is a decrement and a compare.
  private steps: number;
  private calls: number;
  private outputLeft: number;
  private nestingLeft: number;
  private readonly limits: RenderLimits;
  private readonly partialCache = new Map<string, Code | null>();
  // The tables, read on every formatter and predicate call.
  private readonly formatters: FormatterTable;
  private readonly predicates: PredicateTable;

  constructor(
    private readonly ctx: Context,
    private readonly opts: ExecOptions,
  ) {
    ctx.applyHook = (c, name, node, args, isPrivate) => this.apply(name, node, args, isPrivate);
    this.formatters = opts.formatters;
    this.predicates = opts.predicates;
    const limits = (this.limits = opts.limits ?? DEFAULT_LIMITS);
    this.steps = limits.maxSteps;
    this.calls = limits.maxCalls;
    this.outputLeft = limits.maxOutputLength;
    this.nestingLeft = limits.maxDepth;
    ctx.maxErrors = limits.maxErrors;
  }

  /**
   * Renders the code. When a budget runs out, the render stops: the output made so far (cut to
   * the output budget) comes back, and the budget's error is the last one in the context.
   */
  run(code: Code): string {
    try {
      return this.exec(code.body);
    } catch (e) {
      if (!(e instanceof RenderStop)) throw e;
      const max = this.limits.maxOutputLength;
      return e.partial.length > max ? e.partial.slice(0, max) : e.partial;
    }
  }

  /**
   * Runs a block. Output is counted where it is made (text, variables, expressions), so text that
   * a block passes up is not counted again; text applied into a variable is counted twice.
   */
  private exec(nodes: Node[]): string {
    const ctx = this.ctx;
    if (--this.nestingLeft < 0) ctx.stop(`Render stopped: blocks nested deeper than ${this.limits.maxDepth}`);
    let out = '';
    try {
      for (let i = 0; i < nodes.length; i++) {
        if (--this.steps < 0) ctx.stop(`Render stopped: more than ${this.limits.maxSteps} instructions executed`);
        const n = nodes[i];
        switch (n.op) {
          case Op.TEXT:
            out += n.text;
            if ((this.outputLeft -= n.text.length) < 0) this.outputFull();
            break;
          case Op.VARIABLE: {
            const vars = n.vars;
            const fmt = n.fmt;
            const t =
              vars.length !== 1
                ? toText(this.evaluate(vars, fmt, true))
                : fmt.length === 0
                  ? toText(ctx.resolve(vars[0]))
                  : toText(this.chain1(ctx.resolve(vars[0]), fmt));
            out += t;
            if ((this.outputLeft -= t.length) < 0) this.outputFull();
            break;
          }
          case Op.SECTION: {
            // The node is pushed even when false: the .or branch runs with it as the current node.
            const v = ctx.resolveSection(n.path);
            ctx.push(v);
            if (isTruthy(v)) out += this.exec(n.body);
            else if (n.alt) out += this.execOr(n.alt);
            ctx.pop();
            break;
          }
          case Op.REPEATED: {
            const v = ctx.resolveSection(n.path);
            if (Array.isArray(v) && v.length > 0) {
              const frame = ctx.push(undefined, 0);
              for (let j = 0; j < v.length; j++) {
                // .alternates with runs between items, still in the previous item's frame.
                if (j > 0 && n.alternates) out += this.exec(n.alternates);
                frame.node = v[j];
                frame.index = j;
                frame.vars = null;
                // Each item is a new frame in the published engine: macros defined in one end there.
                if (frame.macros !== undefined) frame.macros = undefined;
                out += this.exec(n.body);
              }
              ctx.pop();
            } else if (n.alt) {
              out += this.execOr(n.alt);
            }
            break;
          }
          case Op.PREDICATE: {
            const pass = this.test(n.pred, n.args);
            if (pass === true) out += this.exec(n.body);
            else if (pass === false && n.alt) out += this.execOr(n.alt);
            break;
          }
          case Op.IF: {
            let pass: boolean | null;
            if (n.pred !== null) {
              pass = this.test(n.pred, n.args);
            } else {
              pass = isTruthy(ctx.resolve(n.paths[0]));
              for (let j = 0; j < n.ops.length; j++) {
                const next = isTruthy(ctx.resolve(n.paths[j + 1]));
                pass = n.ops[j] === '||' ? pass || next : pass && next;
              }
            }
            if (pass === true) out += this.exec(n.body);
            else if (pass === false && n.alt) out += this.execOr(n.alt);
            break;
          }
          case Op.VAR:
          case Op.BINDVAR:
            ctx.setVar(n.name, this.evaluate(n.vars, n.fmt, false));
            break;
          case Op.CTX: {
            const obj: Record<string, unknown> = {};
            // A missing value binds as null, as the published engine does ({"k": null} in json).
            for (const [k, p] of n.bindings) {
              const v = ctx.resolve(p);
              obj[k] = v === undefined ? null : v;
            }
            ctx.setVar(n.name, obj);
            break;
          }
          case Op.EVAL:
            if (this.opts.enableExpr) {
              if (n.error !== null) ctx.error(n.error);
              else {
                const t = evalExpr(n.code, ctx, this.opts.exprOptions);
                out += t;
                if ((this.outputLeft -= t.length) < 0) this.outputFull();
              }
            }
            break;
          case Op.INCLUDE:
            if (this.opts.enableInclude) out += this.include(n.name, n.args);
            break;
          case Op.INJECT:
            ctx.setVar(n.name, this.inject(n.path));
            break;
          case Op.MACRO: {
            const f = ctx.frame();
            (f.macros ??= new Map()).set(n.name, n.body);
            break;
          }
        }
      }
    } catch (e) {
      // Unwinding a stopped render: this block's output so far goes before what the inner one made.
      if (e instanceof RenderStop) e.partial = out + e.partial;
      throw e;
    }
    this.nestingLeft++;
    return out;
  }

  private outputFull(): never {
    return this.ctx.stop(`Render stopped: the output is larger than ${this.limits.maxOutputLength} characters`);
  }

  private execOr(or: OrNode): string {
    for (let o: OrNode | null = or; o; o = o.alt) {
      if (o.pred === null) return this.exec(o.body);
      const pass = this.test(o.pred, o.args);
      if (pass === true) return this.exec(o.body);
      if (pass === null) return '';
    }
    return '';
  }

  /** A predicate's answer; null when it failed, which skips every branch of its block. */
  private test(name: string, args: string[]): boolean | null {
    const p = this.predicates[name];
    if (p === undefined || p === NOT_IMPLEMENTED) return false;
    try {
      return p(this.ctx, args);
    } catch (e) {
      if (e instanceof RenderStop) throw e;
      this.ctx.error(`Unexpected error in predicate '${name}': ${(e as Error)?.message ?? e}`);
      return null;
    }
  }

  /**
   * Resolves the variables and runs the formatter chain; returns the first variable's value.
   * In a variable instruction (`chained`), the first value is also the chain frame (ctx.chain).
   * A formatter that throws voids the whole value.
   */
  private evaluate(paths: Path[], fmt: FormatterCall[], chained: boolean): unknown {
    const ctx = this.ctx;
    const vars: Variable[] = new Array(paths.length);
    for (let j = 0; j < paths.length; j++) vars[j] = { value: ctx.resolve(paths[j]) };
    const savedChain = ctx.chain;
    ctx.chain = chained ? { value: vars[0].value } : null;
    const result = this.runChain(vars, fmt);
    ctx.chain = savedChain;
    return result;
  }

  /** `evaluate` of a variable instruction with one variable (most of them), already resolved. */
  private chain1(value: unknown, fmt: FormatterCall[]): unknown {
    const ctx = this.ctx;
    const savedChain = ctx.chain;
    ctx.chain = { value };
    const result = this.runChain([{ value }], fmt);
    ctx.chain = savedChain;
    return result;
  }

  private runChain(vars: Variable[], fmt: FormatterCall[]): unknown {
    const ctx = this.ctx;
    const formatters = this.formatters;
    for (let j = 0; j < fmt.length; j++) {
      const call = fmt[j];
      const f = formatters[call.name];
      if (f === undefined) {
        ctx.error(`Formatter '${call.name}' is unknown`);
        continue;
      }
      if (f === NOT_IMPLEMENTED) {
        ctx.error(`"${call.name}" formatter is not yet implemented`);
        vars[0].value = '';
        continue;
      }
      try {
        f(ctx, call.args, vars);
      } catch (e) {
        if (e instanceof RenderStop) throw e;
        ctx.error(`Unexpected error in formatter '${call.name}': ${(e as Error)?.message ?? e}`);
        return undefined;
      }
    }
    return vars[0].value;
  }

  /** Renders a macro (innermost definition first) or a partial on a node. */
  apply(name: string, node: unknown, args: unknown, isPrivate = false): string {
    const ctx = this.ctx;
    const body = this.lookupTemplate(name);
    if (body === undefined) {
      ctx.error(`Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    if (body === null) return '';
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      ctx.error(`Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`);
      // The published engine counts the refused call and never uncounts it: every later call
      // chain in the render gets one level fewer. Kept, as its output depends on it.
      this.depth++;
      return '';
    }
    if (--this.calls < 0) ctx.stop(`Render stopped: more than ${this.limits.maxCalls} partial and macro calls`);
    this.depth++;
    const frame = ctx.push(node);
    if (args !== undefined) frame.args = args;
    if (isPrivate) frame.barrier = true;
    // The partial's own variable instructions set their own chain frames.
    const savedChain = ctx.chain;
    ctx.chain = null;
    const out = this.exec(body);
    ctx.chain = savedChain;
    ctx.pop();
    this.depth--;
    return out;
  }

  /**
   * `.include name [output]`: runs a macro or partial in the caller's frame, so what it binds
   * (`.var`, `.eval`) stays visible after it. Its output is dropped unless `output` is given.
   */
  private include(name: string, options: string[]): string {
    const ctx = this.ctx;
    const body = this.lookupTemplate(name);
    if (body === undefined) {
      ctx.error(`Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    if (body === null) return '';
    if (this.depth >= MAX_PARTIAL_DEPTH) {
      ctx.error(`Attempt to apply partial '${name}' exceeded maximum recursion depth of ${MAX_PARTIAL_DEPTH}`);
      // The published engine counts the refused call and never uncounts it: every later call
      // chain in the render gets one level fewer. Kept, as its output depends on it.
      this.depth++;
      return '';
    }
    if (--this.calls < 0) ctx.stop(`Render stopped: more than ${this.limits.maxCalls} partial and macro calls`);
    const output = options.includes('output');
    this.depth++;
    let out: string;
    try {
      out = this.exec(body);
    } catch (e) {
      // Output the include was to drop is not part of what was rendered.
      if (e instanceof RenderStop && !output) e.partial = '';
      throw e;
    }
    this.depth--;
    return output ? out : '';
  }

  /**
   * The body of a macro defined in scope, else of a partial; undefined when neither exists, null
   * when the partial has syntax errors.
   */
  private lookupTemplate(name: string): Node[] | null | undefined {
    // The context keeps macro bodies opaque (no import of the node types there); they are nodes.
    const body = this.ctx.macro(name) as Node[] | undefined;
    if (body !== undefined) return body;
    const code = this.partial(name);
    return code === undefined || code === null ? code : code.body;
  }

  /** A compiled partial; undefined when absent, null when its source has syntax errors. */
  private partial(name: string): Code | null | undefined {
    const cached = this.partialCache.get(name);
    if (cached !== undefined || this.partialCache.has(name)) return cached;
    const src = Object.prototype.hasOwnProperty.call(this.opts.partials, name) ? this.opts.partials[name] : undefined;
    if (src === undefined) return undefined;
    let code: Code | null;
    if (typeof src === 'string') {
      const r = this.opts.compile(src);
      if (r.errors.length) {
        for (const e of r.errors) this.ctx.error(`Parse of partial "${name}" failed: SyntaxError: ${e.message}`);
        code = null;
      } else {
        code = r.code;
      }
    } else {
      code = src;
    }
    this.partialCache.set(name, code);
    return code;
  }

  private inject(path: string): unknown {
    const src = Object.prototype.hasOwnProperty.call(this.opts.injects, path) ? this.opts.injects[path] : undefined;
    if (typeof src !== 'string') return undefined;
    try {
      return JSON.parse(src);
    } catch {
      return undefined;
    }
  }
}
