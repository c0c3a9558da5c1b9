// The types that the execution context and the compiled code both use: paths, errors and the string
// kernel contract. A leaf (it imports nothing), so that context.ts and types.ts need not import each other.

/** A variable reference split on dots: `a.b.0` -> ['a', 'b', '0']; `@` -> ['@']. */
export type Path = string[];

export type ErrorKind = 'syntax' | 'runtime';

export interface TemplateError {
  kind: ErrorKind;
  message: string;
  /** 1-based line and column of the instruction, for syntax errors. */
  line?: number;
  column?: number;
}

/**
 * String kernels: the hot string transformations that the WASM backend replaces. Formatters
 * call them through `ctx.kernels` so that both backends share every formatter.
 */
export interface Kernels {
  /** `&`, `<`, `>` to entities (the html formatter). */
  escapeHtml(s: string): string;
  /** `&`, `<`, `>`, `"` to entities (the htmlattr formatter and attribute output). */
  escapeAttr(s: string): string;
  /** The body of a JSON string literal, without the surrounding quotes. */
  escapeJson(s: string): string;
  /** encodeURIComponent-style percent-encoding. */
  encodeUriComponent(s: string): string;
  /** encodeURI-style percent-encoding. */
  encodeUri(s: string): string;
  slugify(s: string): string;
  /** Cuts at `max` code units on a word boundary and appends `ellipsis` when cut. */
  truncate(s: string, max: number, ellipsis: string): string;
  /** Inserts `sep` every three digits from the right into a string of ASCII digits. */
  groupDigits(digits: string, sep: string): string;
}
