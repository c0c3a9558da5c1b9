// Stage 4: executes compiled code over a context, writing to a string sink. Runtime errors are
// collected in the context and the failing piece is skipped; nothing here throws.
import { Context } from './context.js';
import { evalExpr, type ExprOptions } from './expr.js';
import { isTruthy, toText } from './values.js';
import { NOT_IMPLEMENTED, Op } from './types.js';
import { DEFAULT_LIMITS, RenderBudget, RenderStop, passStop, unwind, type RenderLimits } from './limits.js';
import type {
  Code,
  Formatter,
  FormatterCall,
  FormatterTable,
  Node,
  OrNode,
  Path,
  Predicate,
  PredicateTable,
  TextNode,
  ValueFormatter,
  Variable,
  VariableNode,
} from './types.js';

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

/**
 * A block compiled for one pair of tables: text stays a string, every other node becomes a
 * function of the executor with what it needs bound when it was made (its formatters and
 * predicates looked up, its paths' keys classified), so a render reads no node and no table.
 */
type Step = string | ((ex: Executor) => string);
type Block = Step[];

/** A formatter chain with its functions looked up (undefined: unknown name). */
interface Chain {
  fmt: FormatterCall[];
  fns: (Formatter | typeof NOT_IMPLEMENTED | undefined)[];
  /** The value forms of the formatters when every one has one (Formatter.value), else null. */
  values: ValueFormatter[] | null;
}

/**
 * What a run (see compileRun) prints between its texts: a variable (one path, a chain of value
 * formatters or none), or a predicate whose body is one text and which has no `.or`.
 */
interface RunPart {
  /** The predicate's name; null for a variable. */
  pred: string | null;
  p: Predicate | typeof NOT_IMPLEMENTED | undefined;
  args: string[];
  /** The predicate's body. */
  body: string;
  /** A head looked up from the current node, as pathGetter's lookup does; null: `get` finds the value. */
  head: string | null;
  /** With a head: the path's keys below it, classified (none: empty). */
  keys: Key[];
  get: (ctx: Context) => unknown;
  fmt: FormatterCall[];
  values: ValueFormatter[] | null;
  /** The index of an earlier variable of the run with the same path, whose value this one reuses, or -1. */
  same: number;
  /** Whether a later variable reuses this one's value. */
  kept: boolean;
}

/** A path segment below the head, classified once. */
interface Key {
  name: string;
  /** Its value as an array index when all digits, else -1. */
  index: number;
  proto: boolean;
}

/**
 * Compiled code: code is plain data, compiled once and rendered many times (the app caches it per
 * source), so its blocks are compiled on their first run. The root block is kept on the code
 * object under a symbol (not enumerable: JSON, structuredClone and equality never see it) with
 * the tables it was compiled for; blocks inside it are kept by the steps that run them, and a
 * macro's by the step that defines it. So compiled blocks live and die with their code: a WeakMap
 * by node list measured several times slower when code is compiled for one render (its entries
 * outlive scavenges). Code rendered with other tables, or frozen, is cached in a WeakMap by
 * tables. Functions made here never hold an executor or a context.
 */
const ROOT = Symbol('root block');

interface RootBlock {
  formatters: FormatterTable;
  predicates: PredicateTable;
  block: Block;
}

const blockCaches = new WeakMap<FormatterTable, WeakMap<PredicateTable, WeakMap<Code, Block>>>();

function blockCache(formatters: FormatterTable, predicates: PredicateTable): WeakMap<Code, Block> {
  let byPredicates = blockCaches.get(formatters);
  if (byPredicates === undefined) blockCaches.set(formatters, (byPredicates = new WeakMap()));
  let cache = byPredicates.get(predicates);
  if (cache === undefined) byPredicates.set(predicates, (cache = new WeakMap()));
  return cache;
}

function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function keyOf(segment: string): Key {
  return { name: segment, index: isDigits(segment) ? Number(segment) : -1, proto: segment === '__proto__' };
}

/** getChild (context.ts) with the key classified: the same answers. */
function childOf(node: unknown, k: Key): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return k.index >= 0 ? node[k.index] : undefined;
  const v = (node as Record<string, unknown>)[k.name];
  if (v === undefined || typeof v === 'function') return undefined;
  if (k.proto) return Object.prototype.hasOwnProperty.call(node, k.name) ? v : undefined;
  return v;
}

/** What ctx.resolve(path) answers, as a function made once per path. */
function pathGetter(path: Path): (ctx: Context) => unknown {
  if (path[0].charCodeAt(0) === 64 /* @ */) return (ctx) => ctx.resolve(path);
  const head = path[0];
  // Most heads are found in the current node, an object: read there first, as ctx.lookup would
  // (an array node answers `length` and indexes, __proto__ needs an own-property test: those go
  // the whole way).
  const lookup =
    head === '__proto__'
      ? (ctx: Context) => ctx.lookup(head)
      : (ctx: Context) => {
          const stack = ctx.stack;
          const node = stack[stack.length - 1].node;
          if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
            const v = (node as Record<string, unknown>)[head];
            if (v !== undefined && typeof v !== 'function') return v;
          }
          return ctx.lookup(head);
        };
  if (path.length === 1) return lookup;
  const keys = path.slice(1).map(keyOf);
  return (ctx) => {
    let v = lookup(ctx);
    for (let i = 0; i < keys.length && v !== undefined; i++) v = childOf(v, keys[i]);
    return v;
  };
}

export class Executor {
  private depth = 0;
  // What is left of the render budget (its counters are decremented here, on the hot paths).
  private readonly budget: RenderBudget;
  private readonly partialCache = new Map<string, Code | null>();
  // The tables, read when a block is compiled and by the rare paths that look a name up.
  private readonly formatters: FormatterTable;
  private readonly predicates: PredicateTable;
  /** The cache of code that cannot carry its root block (looked up when first needed). */
  private blocks: WeakMap<Code, Block> | null = null;

  constructor(
    private readonly ctx: Context,
    private readonly opts: ExecOptions,
  ) {
    ctx.applyHook = (c, name, node, args, isPrivate) => this.apply(name, node, args, isPrivate);
    this.formatters = opts.formatters;
    this.predicates = opts.predicates;
    const limits = opts.limits ?? DEFAULT_LIMITS;
    this.budget = new RenderBudget(limits, (message) => ctx.stop(message));
    ctx.maxErrors = limits.maxErrors;
  }

  /**
   * Renders the code. When a budget runs out, the render stops: the output made so far (cut to
   * the output budget) comes back, and the budget's error is the last one in the context.
   */
  run(code: Code): string {
    try {
      return this.runBlock(this.rootBlock(code));
    } catch (e) {
      if (!(e instanceof RenderStop)) throw e;
      return this.budget.cut(e.partial);
    }
  }

  /** The compiled root block of some code (compiled on its first run, for these tables). */
  private rootBlock(code: Code): Block {
    const cached = (code as { [ROOT]?: RootBlock })[ROOT];
    if (cached !== undefined && cached.formatters === this.formatters && cached.predicates === this.predicates) return cached.block;
    if (cached === undefined && Object.isExtensible(code)) {
      const block = this.compile(code.body);
      const value: RootBlock = { formatters: this.formatters, predicates: this.predicates, block };
      Object.defineProperty(code, ROOT, { value, enumerable: false, writable: false, configurable: true });
      return block;
    }
    const blocks = (this.blocks ??= blockCache(this.formatters, this.predicates));
    let b = blocks.get(code);
    if (b === undefined) blocks.set(code, (b = this.compile(code.body)));
    return b;
  }

  /** Compiles a block for this executor's tables (a step keeps what it compiles). */
  private compile(nodes: Node[]): Block {
    return Executor.compileBlock(nodes, this.formatters, this.predicates);
  }

  private runBlock(b: Block): string {
    const budget = this.budget;
    budget.enter();
    let out = '';
    try {
      for (let i = 0; i < b.length; i++) {
        if (--budget.steps < 0) budget.stepsOut();
        const s = b[i];
        if (typeof s === 'string') {
          out += s;
          if ((budget.outputLeft -= s.length) < 0) budget.outputFull('');
        } else {
          out += s(this);
        }
      }
    } catch (e) {
      throw unwind(e, out);
    }
    budget.leave();
    return out;
  }

  /**
   * A run's nodes one by one, each one an instruction (the first was counted by runBlock): how a
   * run executes when fewer instructions are left than it has nodes, so that it stops exactly
   * where the nodes would have.
   */
  private runSteps(steps: Step[]): string {
    const budget = this.budget;
    let out = '';
    try {
      for (let i = 0; i < steps.length; i++) {
        if (i > 0 && --budget.steps < 0) budget.stepsOut();
        const s = steps[i];
        if (typeof s === 'string') {
          out += s;
          if ((budget.outputLeft -= s.length) < 0) budget.outputFull('');
        } else {
          out += s(this);
        }
      }
    } catch (e) {
      throw unwind(e, out);
    }
    return out;
  }

  /**
   * A run's output: texts[0], then each part's text followed by the next text. Output is counted
   * after each part with its text, so that the budget stops the run before the next part's
   * formatters or predicate run, as it would stop the nodes. A predicate that passes runs its
   * body: one more instruction (counted here; compileRun made sure that there are enough) in a
   * block one level deeper (which the nesting budget allows, too).
   */
  private runParts(texts: string[], vars: RunPart[]): string {
    const budget = this.budget;
    let s = texts[0];
    let left = budget.outputLeft - s.length;
    if (left < 0) budget.outputFull(s);
    let kept: unknown[] | null = null;
    try {
      const ctx = this.ctx;
      // The current node, read once: formatters that push frames pop them before they return.
      const stack = ctx.stack;
      const top = stack[stack.length - 1].node;
      const node = top !== null && typeof top === 'object' && !Array.isArray(top) ? (top as Record<string, unknown>) : null;
      for (let i = 0; i < vars.length; i++) {
        const p = vars[i];
        let t: string;
        if (p.pred !== null) {
          if (this.testWith(p.p, p.pred, p.args) === true) {
            budget.steps--;
            t = p.body;
          } else {
            t = '';
          }
          const after = texts[i + 1];
          s = s + t + after;
          if ((left -= t.length + after.length) < 0) break;
          continue;
        }
        let v: unknown;
        if (p.same >= 0) {
          v = kept![p.same];
        } else {
          const head = p.head;
          if (head !== null) {
            v = node !== null ? node[head] : undefined;
            if (v === undefined || typeof v === 'function') v = ctx.lookup(head);
            const keys = p.keys;
            for (let k = 0; k < keys.length && v !== undefined; k++) v = childOf(v, keys[k]);
          } else {
            v = p.get(ctx);
          }
          if (p.kept) (kept ??= new Array(vars.length))[i] = v;
        }
        t = toText(p.values === null ? v : this.valueChain(v, p.fmt, p.values));
        const after = texts[i + 1];
        s = s + t + after;
        if ((left -= t.length + after.length) < 0) break;
      }
    } catch (e) {
      throw unwind(e, s);
    }
    budget.outputLeft = left;
    if (left < 0) budget.outputFull(s);
    return s;
  }

  /** A chain of value formatters (Formatter.value) over a value, as runChain runs the formatters. */
  private valueChain(value: unknown, fmt: FormatterCall[], values: ValueFormatter[]): unknown {
    const ctx = this.ctx;
    for (let j = 0; j < values.length; j++) {
      try {
        value = values[j](ctx, fmt[j].args, value);
      } catch (e) {
        passStop(e);
        ctx.error(`Unexpected error in formatter '${fmt[j].name}': ${(e as Error)?.message ?? e}`);
        return undefined;
      }
    }
    return value;
  }

  /** Counts output made by a node; `t` is part of the output when the budget runs out on it. */
  private emit(t: string): string {
    return this.budget.output(t);
  }

  /**
   * A block's steps: a node each, except that runs of text, variables and predicates that can
   * be part of a run (inRun) become one step (compileRun).
   */
  private static compileBlock(nodes: Node[], formatters: FormatterTable, predicates: PredicateTable): Block {
    const b: Block = [];
    for (let i = 0; i < nodes.length;) {
      let j = i;
      let parts = 0;
      for (; j < nodes.length; j++) {
        const n = nodes[j];
        if (n.op === Op.TEXT) continue;
        if (!Executor.inRun(n, formatters)) break;
        parts++;
      }
      if (parts > 0 && j - i > 1) {
        b.push(Executor.compileRun(nodes.slice(i, j), formatters, predicates));
        i = j;
      } else {
        b.push(Executor.compileNode(nodes[i], formatters, predicates));
        i++;
      }
    }
    return b;
  }

  /**
   * Whether a node can be part of a run: a variable with one path and value formatters or none,
   * or a predicate without `.or` whose body is one text (`{.on-sale?}<b>Sale</b>{.end}`).
   */
  private static inRun(n: Node, formatters: FormatterTable): boolean {
    if (n.op === Op.VARIABLE) return n.vars.length === 1 && (n.fmt.length === 0 || Executor.chainOf(n.fmt, formatters).values !== null);
    return n.op === Op.PREDICATE && n.alt === null && n.body.length === 1 && n.body[0].op === Op.TEXT;
  }

  /**
   * A run of text, variables and predicates as one step, made like the hand-written
   * concatenation of its pieces: one instruction counted per node at once (and one per body
   * that runs), output counted per part, the current node read once and a path printed twice
   * looked up once (nothing in a run changes the data or the frames). With fewer instructions
   * left than the run may need, or no nesting left for a predicate's body, the nodes run one by
   * one (runSteps), to stop where they would have.
   */
  private static compileRun(nodes: Node[], formatters: FormatterTable, predicates: PredicateTable): Step {
    const texts: string[] = [''];
    const parts: RunPart[] = [];
    const paths: (string | null)[] = [];
    let bodies = 0;
    for (const n of nodes) {
      if (n.op === Op.TEXT) {
        texts[texts.length - 1] += n.text;
        continue;
      }
      texts.push('');
      if (n.op === Op.PREDICATE) {
        bodies++;
        const body = (n.body[0] as TextNode).text;
        const part: RunPart = {
          pred: n.pred,
          p: predicates[n.pred],
          args: n.args,
          body,
          head: null,
          keys: [],
          get: () => undefined,
          fmt: [],
          values: null,
          same: -1,
          kept: false,
        };
        parts.push(part);
        paths.push(null);
        continue;
      }
      const v = n as VariableNode;
      const path = v.vars[0];
      // Paths as text (segments hold no dot).
      const key = path.join('.');
      const same = paths.indexOf(key);
      if (same >= 0) parts[same].kept = true;
      paths.push(key);
      const head = path[0].charCodeAt(0) === 64 /* @ */ || path[0] === '__proto__' ? null : path[0];
      const keys = head === null ? [] : path.slice(1).map(keyOf);
      const values = Executor.chainOf(v.fmt, formatters).values;
      parts.push({
        pred: null,
        p: undefined,
        args: [],
        body: '',
        head,
        keys,
        get: pathGetter(path),
        fmt: v.fmt,
        values,
        same,
        kept: false,
      });
    }
    const more = nodes.length - 1;
    const most = more + bodies;
    const depth = bodies > 0 ? 1 : 0;
    let singles: Block | null = null;
    return (ex) => {
      const budget = ex.budget;
      if (budget.steps < most || budget.nestingLeft < depth)
        return ex.runSteps((singles ??= nodes.map((n) => Executor.compileNode(n, formatters, predicates))));
      budget.steps -= more;
      return ex.runParts(texts, parts);
    };
  }

  private static chainOf(fmt: FormatterCall[], formatters: FormatterTable): Chain {
    const fns = fmt.map((call) => formatters[call.name]);
    let values: ValueFormatter[] | null = fns.length > 0 ? [] : null;
    for (const f of fns) {
      if (values === null) break;
      if (f === undefined || f === NOT_IMPLEMENTED || f.value === undefined) values = null;
      else values.push(f.value);
    }
    return { fmt, fns, values };
  }

  /**
   * A node as a step. Static, so that no function made here can hold an executor: each gets the
   * one running it as `ex`. Child blocks are compiled on their first run and kept by the step.
   */
  private static compileNode(n: Node, formatters: FormatterTable, predicates: PredicateTable): Step {
    switch (n.op) {
      case Op.TEXT:
        return n.text;
      case Op.VARIABLE: {
        const chain = Executor.chainOf(n.fmt, formatters);
        const paths = n.vars;
        if (paths.length !== 1) return (ex) => ex.emit(toText(ex.evaluate(paths, chain, true)));
        const get = pathGetter(paths[0]);
        if (chain.fmt.length === 0) return (ex) => ex.emit(toText(get(ex.ctx)));
        const values = chain.values;
        if (values !== null) return (ex) => ex.emit(toText(ex.valueChain(get(ex.ctx), chain.fmt, values)));
        return (ex) => ex.emit(toText(ex.chain1(get(ex.ctx), chain)));
      }
      case Op.SECTION: {
        const path = n.path;
        const alt = Executor.compileOr(n.alt, predicates);
        let body: Block | null = null;
        return (ex) => {
          // The node is pushed even when false: the .or branch runs with it as the current node.
          const ctx = ex.ctx;
          const v = ctx.resolveSection(path);
          ctx.push(v);
          let out = '';
          if (isTruthy(v)) out = ex.runBlock((body ??= ex.compile(n.body)));
          else if (alt) out = alt(ex);
          ctx.pop();
          return out;
        };
      }
      case Op.REPEATED: {
        const path = n.path;
        const alt = Executor.compileOr(n.alt, predicates);
        let body: Block | null = null;
        let alternates: Block | null = null;
        return (ex) => {
          const ctx = ex.ctx;
          const v = ctx.resolveSection(path);
          if (Array.isArray(v) && v.length > 0) {
            const b = (body ??= ex.compile(n.body));
            let out = '';
            try {
              const frame = ctx.push(undefined, 0);
              for (let j = 0; j < v.length; j++) {
                // .alternates with runs between items, still in the previous item's frame.
                if (j > 0 && n.alternates) out += ex.runBlock((alternates ??= ex.compile(n.alternates)));
                frame.node = v[j];
                frame.index = j;
                frame.vars = null;
                // Each item is a new frame in the published engine: macros defined in one end there.
                if (frame.macros !== undefined) frame.macros = undefined;
                out += ex.runBlock(b);
              }
            } catch (e) {
              throw unwind(e, out);
            }
            ctx.pop();
            return out;
          }
          return alt ? alt(ex) : '';
        };
      }
      case Op.PREDICATE: {
        const p = predicates[n.pred];
        const name = n.pred;
        const args = n.args;
        const alt = Executor.compileOr(n.alt, predicates);
        let body: Block | null = null;
        return (ex) => {
          const pass = ex.testWith(p, name, args);
          if (pass === true) return ex.runBlock((body ??= ex.compile(n.body)));
          if (pass === false && alt) return alt(ex);
          return '';
        };
      }
      case Op.IF: {
        const alt = Executor.compileOr(n.alt, predicates);
        let body: Block | null = null;
        const pred = n.pred;
        const p = pred === null ? undefined : predicates[pred];
        return (ex) => {
          let pass: boolean | null;
          if (pred !== null) {
            pass = ex.testWith(p, pred, n.args);
          } else {
            const ctx = ex.ctx;
            pass = isTruthy(ctx.resolve(n.paths[0]));
            for (let j = 0; j < n.ops.length; j++) {
              const next = isTruthy(ctx.resolve(n.paths[j + 1]));
              pass = n.ops[j] === '||' ? pass || next : pass && next;
            }
          }
          if (pass === true) return ex.runBlock((body ??= ex.compile(n.body)));
          if (pass === false && alt) return alt(ex);
          return '';
        };
      }
      case Op.VAR:
      case Op.BINDVAR: {
        const chain = Executor.chainOf(n.fmt, formatters);
        return (ex) => {
          ex.ctx.setVar(n.name, ex.evaluate(n.vars, chain, false));
          return '';
        };
      }
      case Op.CTX:
        return (ex) => {
          const ctx = ex.ctx;
          const obj: Record<string, unknown> = {};
          // A missing value binds as null, as the published engine does ({"k": null} in json).
          for (const [k, p] of n.bindings) {
            const v = ctx.resolve(p);
            obj[k] = v === undefined ? null : v;
          }
          ctx.setVar(n.name, obj);
          return '';
        };
      case Op.EVAL:
        return (ex) => {
          if (!ex.opts.enableExpr) return '';
          if (n.error !== null) {
            ex.ctx.error(n.error);
            return '';
          }
          return ex.emit(evalExpr(n.code, ex.ctx, ex.opts.exprOptions));
        };
      case Op.INCLUDE:
        return (ex) => (ex.opts.enableInclude ? ex.include(n.name, n.args) : '');
      case Op.INJECT:
        return (ex) => {
          ex.ctx.setVar(n.name, ex.inject(n.path));
          return '';
        };
      case Op.MACRO: {
        // The frame keeps the macro's compiled block (the context keeps macro bodies opaque).
        let body: Block | null = null;
        return (ex) => {
          const f = ex.ctx.frame();
          (f.macros ??= new Map()).set(n.name, (body ??= ex.compile(n.body)));
          return '';
        };
      }
      default:
        // Not a node the assembler makes: nothing, as before.
        return '';
    }
  }

  /** The `.or` chain of a block as one step (null when there is none); bodies compile on first run. */
  private static compileOr(or: OrNode | null, predicates: PredicateTable): ((ex: Executor) => string) | null {
    if (or === null) return null;
    const branches: { or: OrNode; p: Predicate | typeof NOT_IMPLEMENTED | undefined; block: Block | null }[] = [];
    for (let o: OrNode | null = or; o; o = o.alt)
      branches.push({ or: o, p: o.pred === null ? undefined : predicates[o.pred], block: null });
    return (ex) => {
      for (let i = 0; i < branches.length; i++) {
        const br = branches[i];
        const o = br.or;
        if (o.pred !== null) {
          const pass = ex.testWith(br.p, o.pred, o.args);
          if (pass === null) return '';
          if (pass === false) continue;
        }
        return ex.runBlock((br.block ??= ex.compile(o.body)));
      }
      return '';
    };
  }

  /** A predicate's answer; null when it failed, which skips every branch of its block. */
  private testWith(p: Predicate | typeof NOT_IMPLEMENTED | undefined, name: string, args: string[]): boolean | null {
    if (p === undefined || p === NOT_IMPLEMENTED) return false;
    try {
      return p(this.ctx, args);
    } catch (e) {
      passStop(e);
      this.ctx.error(`Unexpected error in predicate '${name}': ${(e as Error)?.message ?? e}`);
      return null;
    }
  }

  /**
   * Resolves the variables and runs the formatter chain; returns the first variable's value.
   * In a variable instruction (`chained`), the first value is also the chain frame (ctx.chain).
   * A formatter that throws voids the whole value.
   */
  private evaluate(paths: Path[], chain: Chain, chained: boolean): unknown {
    const ctx = this.ctx;
    const vars: Variable[] = new Array(paths.length);
    for (let j = 0; j < paths.length; j++) vars[j] = { value: ctx.resolve(paths[j]) };
    const savedChain = ctx.chain;
    ctx.chain = chained ? { value: vars[0].value } : null;
    const result = this.runChain(vars, chain);
    ctx.chain = savedChain;
    return result;
  }

  /** `evaluate` of a variable instruction with one variable (most of them), already resolved. */
  private chain1(value: unknown, chain: Chain): unknown {
    const ctx = this.ctx;
    const savedChain = ctx.chain;
    ctx.chain = { value };
    const result = this.runChain([{ value }], chain);
    ctx.chain = savedChain;
    return result;
  }

  private runChain(vars: Variable[], chain: Chain): unknown {
    const ctx = this.ctx;
    const fmt = chain.fmt;
    const fns = chain.fns;
    for (let j = 0; j < fns.length; j++) {
      const f = fns[j];
      if (f === undefined) {
        ctx.error(`Formatter '${fmt[j].name}' is unknown`);
        continue;
      }
      if (f === NOT_IMPLEMENTED) {
        ctx.error(`"${fmt[j].name}" formatter is not yet implemented`);
        vars[0].value = '';
        continue;
      }
      try {
        f(ctx, fmt[j].args, vars);
      } catch (e) {
        passStop(e);
        ctx.error(`Unexpected error in formatter '${fmt[j].name}': ${(e as Error)?.message ?? e}`);
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
    this.budget.call();
    this.depth++;
    const frame = ctx.push(node);
    if (args !== undefined) frame.args = args;
    if (isPrivate) frame.barrier = true;
    // The partial's own variable instructions set their own chain frames.
    const savedChain = ctx.chain;
    ctx.chain = null;
    const out = this.runBlock(body);
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
    this.budget.call();
    const output = options.includes('output');
    this.depth++;
    let out: string;
    try {
      out = this.runBlock(body);
    } catch (e) {
      // Output the include was to drop is not part of what was rendered.
      throw output ? e : unwind(e, '', 'drop');
    }
    this.depth--;
    return output ? out : '';
  }

  /**
   * The body of a macro defined in scope, else of a partial; undefined when neither exists, null
   * when the partial has syntax errors.
   */
  private lookupTemplate(name: string): Block | null | undefined {
    // Macro bodies are kept compiled by the step that defines them (see compileNode).
    const body = this.ctx.macro(name) as Block | undefined;
    if (body !== undefined) return body;
    const code = this.partial(name);
    return code === undefined || code === null ? code : this.rootBlock(code);
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
