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

export type {
  Code,
  Formatter,
  FormatterTable,
  Predicate,
  PredicateTable,
  TemplateError,
  ValueFormatter,
  Variable,
  Kernels,
} from './ts/types.js';
export { NOT_IMPLEMENTED, valueFormatter } from './ts/types.js';
export { Context } from './ts/context.js';
export { setCldrFramework, setPackLoader } from './ts/locale.js';
export { CollectionType, PageType, ProductType, RecordType } from './ts/enums.js';

export type Backend = 'ts' | 'wasm';

export type { Limits, CompileLimits, RenderLimits } from './ts/limits.js';
export { DEFAULT_LIMITS } from './ts/limits.js';

export interface CompileOptions {
  /** Backend for the scanner (default 'ts'). */
  backend?: Backend;
  /**
   * Extra formatters (names become known to the parser), merged over the built-in ones once per
   * table object: do not change a table after passing it (createEngine is the usual way).
   */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
  /** Expression limits: maximum tokens per {.eval} (compile) and string length (render). */
  exprOptions?: ExprOptions;
  /** The compile budget (issue 10 section 2); passed through as given. */
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
  /** The render budget (steps, output size, depth, errors...), enforced by the executor. */
  limits?: Partial<Limits>;
}

export interface RenderResult {
  output: string;
  errors: TemplateError[];
}

/** The formatter and predicate tables a compile or render runs with. */
interface Tables {
  formatters: FormatterTable;
  predicates: PredicateTable;
}

const DEFAULT_TABLES: Tables = { formatters: defaultFormatters, predicates: defaultPredicates };

// A custom table is merged over the defaults once and the merge remembered by the custom table's
// identity: the parser keeps its name cache per table object, so merging again on every call
// would throw that cache away. A table passed in options must therefore not be changed after use.
const mergedFormatters = new WeakMap<FormatterTable, FormatterTable>();
const mergedPredicates = new WeakMap<PredicateTable, PredicateTable>();

function mergeFormatters(extra: FormatterTable | undefined): FormatterTable {
  if (!extra) return defaultFormatters;
  let t = mergedFormatters.get(extra);
  if (t === undefined) mergedFormatters.set(extra, (t = { ...defaultFormatters, ...extra }));
  return t;
}

function mergePredicates(extra: PredicateTable | undefined): PredicateTable {
  if (!extra) return defaultPredicates;
  let t = mergedPredicates.get(extra);
  if (t === undefined) mergedPredicates.set(extra, (t = { ...defaultPredicates, ...extra }));
  return t;
}

function tablesOf(opts: { formatters?: FormatterTable; predicates?: PredicateTable }): Tables {
  if (!opts.formatters && !opts.predicates) return DEFAULT_TABLES;
  return { formatters: mergeFormatters(opts.formatters), predicates: mergePredicates(opts.predicates) };
}

function compileWith(source: string, t: Tables, opts: CompileOptions): CompileResult {
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
    return {
      code: { v: 1, body: [], macros: {} },
      errors: [{ kind: 'syntax', message: `Unexpected error during compile: ${(e as Error)?.message ?? e}` }],
    };
  }
}

const kernelsByBackend: Record<Backend, Kernels> = { ts: tsKernels, wasm: wasmKernels };

function renderWith(code: Code | string, json: unknown, t: Tables, opts: RenderOptions): RenderResult {
  const compileErrors: TemplateError[] = [];
  if (typeof code === 'string') {
    const r = compileWith(code, t, opts);
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
      compile: (src) => compileWith(src, t, opts),
      limits,
    });
    const output = exec.run(code);
    return { output, errors: [...compileErrors, ...ctx.errors] };
  } catch (e) {
    ctx.error(`Unexpected error during execution: ${(e as Error)?.message ?? e}`);
    return { output: '', errors: [...compileErrors, ...ctx.errors] };
  }
}

/** Compiles a template source into plain, JSON-serialisable code plus its syntax errors. */
export function compile(source: string, opts: CompileOptions = {}): CompileResult {
  return compileWith(source, tablesOf(opts), opts);
}

/** Renders compiled code (or a source, compiled on the fly) over a JSON context. */
export function render(code: Code | string, json: unknown, opts: RenderOptions = {}): RenderResult {
  return renderWith(code, json, tablesOf(opts), opts);
}

export interface EngineOptions {
  /** Extra formatters and predicates, merged over the built-in ones once, when the engine is made. */
  formatters?: FormatterTable;
  predicates?: PredicateTable;
  /** Default backend of compile and render (a call can still choose its own). */
  backend?: Backend;
  /** Default budget of every compile and render (a call can still pass its own). */
  limits?: Partial<Limits>;
}

/** Per-call options of a configured engine: everything but the tables, which the engine fixes. */
export type EngineCompileOptions = Omit<CompileOptions, 'formatters' | 'predicates'>;
export type EngineRenderOptions = Omit<RenderOptions, 'formatters' | 'predicates'>;

/** An engine bound to its plugin tables, backend and limits. */
export interface Engine {
  readonly formatters: Readonly<FormatterTable>;
  readonly predicates: Readonly<PredicateTable>;
  compile(source: string, opts?: EngineCompileOptions): CompileResult;
  render(code: Code | string, json: unknown, opts?: EngineRenderOptions): RenderResult;
  formatError(e: TemplateError): string;
}

/**
 * Makes an engine whose compile and render run with the given tables, merged once here: every
 * call then reuses the parser's name cache of those tables, as the default compile and render do.
 */
export function createEngine(options: EngineOptions = {}): Engine {
  const t: Tables = {
    formatters: options.formatters ? { ...defaultFormatters, ...options.formatters } : defaultFormatters,
    predicates: options.predicates ? { ...defaultPredicates, ...options.predicates } : defaultPredicates,
  };
  const { backend, limits } = options;
  // Call options are copied only when the engine has a default to add to them.
  const withDefaults =
    backend === undefined && limits === undefined
      ? <O extends { backend?: Backend; limits?: Partial<Limits> }>(o: O): O => o
      : <O extends { backend?: Backend; limits?: Partial<Limits> }>(o: O): O => ({
          ...o,
          backend: o.backend ?? backend,
          limits: o.limits ?? limits,
        });
  return {
    formatters: t.formatters,
    predicates: t.predicates,
    compile: (source, opts = {}) => compileWith(source, t, withDefaults(opts)),
    render: (code, json, opts = {}) => renderWith(code, json, t, withDefaults(opts)),
    formatError,
  };
}

/** The text of an error, as logged: `SyntaxError: ... (line 3, column 5)`. */
export function formatError(e: TemplateError): string {
  const where = e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : '';
  return `${e.kind === 'syntax' ? 'SyntaxError' : 'RuntimeError'}: ${e.message}${where}`;
}
