// The engine's budgets, on by default so that no template (owners edit theirs) can take the server
// down: a compile budget (source size, block nesting) and a render budget (instructions, calls,
// output, nesting, errors, expressions). Decision record: docs/decisions/0005-engine-render-limits.md.

export interface CompileLimits {
  /** Largest template source, in UTF-16 code units; a larger one is not compiled at all. */
  maxSourceLength: number;
  /** Deepest nesting of blocks (.section, .repeated section, predicates, .if, .macro). */
  maxNesting: number;
  /** Most tokens in one {.eval} expression (the published engine's maxTokens). */
  maxExprTokens: number;
}

export interface RenderLimits {
  /** Instructions executed, over the whole render (partials and macros included). */
  maxSteps: number;
  /** Partial and macro calls (apply, include). */
  maxCalls: number;
  /** Output produced, in UTF-16 code units (text applied into a variable counts as it is made). */
  maxOutputLength: number;
  /** Nesting of blocks being executed, across partials and macros. */
  maxDepth: number;
  /** Runtime errors collected; one more stops the render. */
  maxErrors: number;
  /** Longest string an {.eval} concatenation may build. */
  maxExprStringLength: number;
}

export type Limits = CompileLimits & RenderLimits;

/**
 * The defaults: far above what a real storefront page needs (the 200-product grid runs about 4,500
 * instructions and writes 170 KB; the wright page makes 4 calls and nests 8 deep), far below what
 * hurts the process (the worst hostile template stops within about 100 ms).
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxSourceLength: 1_000_000,
  maxNesting: 100,
  maxExprTokens: 500,
  maxSteps: 1_000_000,
  maxCalls: 10_000,
  maxOutputLength: 8 * 1024 * 1024,
  maxDepth: 200,
  maxErrors: 100,
  maxExprStringLength: 100_000,
});

/** The defaults with some limits replaced; Infinity lifts a limit. */
export function resolveLimits(partial?: Partial<Limits>): Limits {
  if (partial === undefined) return DEFAULT_LIMITS;
  const out = { ...DEFAULT_LIMITS };
  for (const k of Object.keys(out) as (keyof Limits)[]) {
    const v = partial[k];
    if (typeof v === 'number' && v >= 0) out[k] = v;
  }
  return out;
}

/**
 * Thrown when a render budget is exceeded: unwinds the executor, which collects the output made
 * so far into `partial` on the way out. Not an Error: no stack trace to build.
 */
export class RenderStop {
  partial = '';
}

/**
 * The one way a stopped render's output is collected: a part of the render that a throw leaves
 * passes it through here with what it made so far (`made`), which goes before what the parts
 * inside it made ('drop': they made nothing that counts, as an .include without `output`). Any
 * other throw is returned unchanged. Only catch blocks call it, so the hot paths pay nothing.
 */
export function unwind(e: unknown, made: string, inner: 'keep' | 'drop' = 'keep'): unknown {
  if (e instanceof RenderStop) e.partial = inner === 'keep' ? made + e.partial : made;
  return e;
}

/** Where a formatter's or predicate's own error is caught and recorded: a stop is not theirs, and goes on. */
export function passStop(e: unknown): void {
  if (e instanceof RenderStop) throw e;
}

/**
 * What is left of one render's budget, and the one place each of its stops is said (LiquidJS's
 * Limiter is the model). The executor's hot paths decrement the counters themselves (a decrement
 * and a compare, no call) and call the stop when one runs out; the errors' budget is the context's
 * (Context.error counts what it collects). `stop` records the budget's error and throws RenderStop.
 */
export class RenderBudget {
  /** Instructions left. */
  steps: number;
  /** Partial and macro calls left. */
  calls: number;
  /** Output left, in UTF-16 code units. */
  outputLeft: number;
  /** Block nesting left. */
  nestingLeft: number;

  constructor(
    readonly limits: RenderLimits,
    private readonly stop: (message: string) => never,
  ) {
    this.steps = limits.maxSteps;
    this.calls = limits.maxCalls;
    this.outputLeft = limits.maxOutputLength;
    this.nestingLeft = limits.maxDepth;
  }

  /** One more instruction was counted than the budget has. */
  stepsOut(): never {
    return this.stop(`Render stopped: more than ${this.limits.maxSteps} instructions executed`);
  }

  /** Enters a block: one level deeper (`leave` gives it back). */
  enter(): void {
    if (--this.nestingLeft < 0) this.stop(`Render stopped: blocks nested deeper than ${this.limits.maxDepth}`);
  }

  leave(): void {
    this.nestingLeft++;
  }

  /** A partial or macro call. */
  call(): void {
    if (--this.calls < 0) this.stop(`Render stopped: more than ${this.limits.maxCalls} partial and macro calls`);
  }

  /** Counts `t` as output; when the budget runs out on it, `t` is part of the output so far. */
  output(t: string): string {
    if ((this.outputLeft -= t.length) < 0) this.outputFull(t);
    return t;
  }

  /** The output ran out, on `t` (which goes into the output so far). */
  outputFull(t: string): never {
    try {
      return this.stop(`Render stopped: the output is larger than ${this.limits.maxOutputLength} characters`);
    } catch (e) {
      throw unwind(e, t);
    }
  }

  /** A stopped render's output: what was made, cut to the output budget. */
  cut(partial: string): string {
    const max = this.limits.maxOutputLength;
    return partial.length > max ? partial.slice(0, max) : partial;
  }
}
