// Public API of the template engine, shared by every backend: compile a template once into plain
// data, render it many times. Nothing here throws on bad templates or data.
import { scan } from './ts/scanner.js';
import { wasmScan } from './wasm/scanner.js';
import { wasmKernels } from './wasm/kernels.js';
import { assemble } from './ts/assembler.js';
import { Context } from './ts/context.js';
import { Executor } from './ts/executor.js';
import { tsKernels } from './ts/kernels.js';
import { getCldr } from './ts/locale.js';
import { defaultFormatters, defaultPredicates } from './ts/plugins/index.js';
import type { Code, FormatterTable, Kernels, PredicateTable, TemplateError } from './ts/types.js';
import type { ExprOptions } from './ts/expr.js';
import { resolveLimits, type Limits } from './ts/limits.js';

export type { Code, Formatter, FormatterTable, Predicate, PredicateTable, TemplateError, Variable, Kernels } from './ts/types.js';
export { NOT_IMPLEMENTED } from './ts/types.js';
export { Context } from './ts/context.js';
export { setPackLoader } from './ts/locale.js';

export type Backend = 'ts' | 'wasm';
export type { Limits, CompileLimits, RenderLimits } from './ts/limits.js';
export { DEFAULT_LIMITS } from './ts/limits.js';

export interface CompileOptions {
  /** Backend for the scanner (default 'ts'). */
  backend?: Backend;
  /** Extra formatters (names become known to the parser). */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
  /** Expression limits: maximum tokens per {.eval} (compile) and string length (render). */
  exprOptions?: ExprOptions;
  /** The compile budget (source size, nesting, expression tokens); unset ones keep their default. */
  limits?: Partial<Limits>;
}

export interface CompileResult {
  code: Code;
  errors: TemplateError[];
}

export interface RenderOptions {
  /** BCP-47 locale for dates, numbers and money; null renders without locale data. Default 'en'. */
  locale?: string | null;
  /** The clock, epoch milliseconds (default: now). */
  now?: number;
  /** Time zone when the data has no website.timeZone (default America/New_York). */
  timeZone?: string;
  /** Partials by name: template source or compiled code. */
  partials?: Record<string, string | Code>;
  /** Inject files by path: JSON text. */
  injects?: Record<string, string>;
  /** Enables {.eval} (default true). */
  enableExpr?: boolean;
  /** Enables {.include} (default true). */
  enableInclude?: boolean;
  formatters?: FormatterTable;
  predicates?: PredicateTable;
  /** Expression limits (see CompileOptions). */
  exprOptions?: ExprOptions;
  /** Backend for the hot paths (default 'ts'). */
  backend?: Backend;
  /**
   * The render budget (steps, calls, output, depth, errors, expression strings) and, for a source
   * compiled on the fly and its partials, the compile budget; unset ones keep their default.
   */
  limits?: Partial<Limits>;
}

export interface RenderResult {
  output: string;
  errors: TemplateError[];
}

function tables(opts: { formatters?: FormatterTable; predicates?: PredicateTable }) {
  return {
    formatters: opts.formatters ? { ...defaultFormatters, ...opts.formatters } : defaultFormatters,
    predicates: opts.predicates ? { ...defaultPredicates, ...opts.predicates } : defaultPredicates,
  };
}

/** Compiles a template source into plain, JSON-serialisable code plus its syntax errors. */
export function compile(source: string, opts: CompileOptions = {}): CompileResult {
  const t = tables(opts);
  const limits = resolveLimits(opts.limits);
  if (source.length > limits.maxSourceLength) {
    const message = `Template is larger than ${limits.maxSourceLength} characters: not compiled`;
    return { code: { v: 1, body: [], macros: {} }, errors: [{ kind: 'syntax', message, line: 1, column: 1 }] };
  }
  const exprOptions: ExprOptions = { maxTokens: limits.maxExprTokens, ...opts.exprOptions };
  try {
    // The WASM tokens are a view into linear memory, valid until the next WASM call: assembling
    // makes none (kernels run at render time), so no copy is needed.
    const tokens = opts.backend === 'wasm' ? wasmScan(source) : scan(source);
    return assemble(source, tokens, t, exprOptions, limits.maxNesting);
  } catch (e) {
    return { code: { v: 1, body: [], macros: {} }, errors: [{ kind: 'syntax', message: `Unexpected error during compile: ${(e as Error)?.message ?? e}` }] };
  }
}

const kernelsByBackend: Record<Backend, Kernels> = { ts: tsKernels, wasm: wasmKernels };

/** Renders compiled code (or a source, compiled on the fly) over a JSON context. */
export function render(code: Code | string, json: unknown, opts: RenderOptions = {}): RenderResult {
  const t = tables(opts);
  const compileErrors: TemplateError[] = [];
  if (typeof code === 'string') {
    const r = compile(code, opts);
    code = r.code;
    compileErrors.push(...r.errors);
  }
  const locale = opts.locale === undefined ? 'en' : opts.locale;
  const limits = resolveLimits(opts.limits);
  const ctx = new Context({
    root: json,
    kernels: kernelsByBackend[opts.backend ?? 'ts'],
    locale,
    cldr: getCldr(locale),
    now: opts.now,
    timeZone: opts.timeZone,
  });
  try {
    const exec = new Executor(ctx, {
      formatters: t.formatters,
      predicates: t.predicates,
      partials: opts.partials ?? {},
      injects: opts.injects ?? {},
      enableExpr: opts.enableExpr ?? true,
      enableInclude: opts.enableInclude ?? true,
      exprOptions: { maxStringLength: limits.maxExprStringLength, ...opts.exprOptions },
      compile: (src) => compile(src, opts),
      limits,
    });
    const output = exec.run(code);
    return { output, errors: [...compileErrors, ...ctx.errors] };
  } catch (e) {
    ctx.error(`Unexpected error during execution: ${(e as Error)?.message ?? e}`);
    return { output: '', errors: [...compileErrors, ...ctx.errors] };
  }
}

/** The text of an error, as logged: `SyntaxError: ... (line 3, column 5)`. */
export function formatError(e: TemplateError): string {
  const where = e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : '';
  return `${e.kind === 'syntax' ? 'SyntaxError' : 'RuntimeError'}: ${e.message}${where}`;
}
