// Stage 1: finds instruction boundaries in a template source. Emits flat (kind, start, end)
// triplets, the same layout the WASM scanner writes into an Int32Array.

/** Literal text. */
export const TOK_TEXT = 0;
/** A `{...}` tag (start at `{`, end after `}`): an instruction or a variable, or text if it parses as neither. */
export const TOK_TAG = 1;
/** A `{# ...}` comment. */
export const TOK_COMMENT = 2;
/** A `{## ... ##}` multi-line comment. */
export const TOK_MCOMMENT = 3;

const LBRACE = 123;
const RBRACE = 125;
const HASH = 35;
const NL = 10;

/** A scanner: source -> token triplets [kind, start, end, kind, start, end, ...]. */
export type Scanner = (source: string) => Int32Array | number[];

/**
 * The reference scanner. A `{` opens a tag only if a `}` closes it with no other `{` in between
 * (newlines may stand inside: `{.eval 1\n+ 2}` is one tag); otherwise the `{` is literal text and
 * scanning resumes at the next `{`.
 */
export function scan(source: string): number[] {
  const out: number[] = [];
  const n = source.length;
  let textStart = 0;
  let i = 0;
  while (i < n) {
    const lb = source.indexOf('{', i);
    if (lb < 0) break;
    let end = -1;
    let kind = TOK_TAG;
    if (source.charCodeAt(lb + 1) === HASH) {
      if (source.charCodeAt(lb + 2) === HASH) {
        const close = source.indexOf('##}', lb + 3);
        if (close >= 0) {
          end = close + 3;
          kind = TOK_MCOMMENT;
        }
      } else {
        const close = source.indexOf('}', lb + 2);
        if (close >= 0) {
          end = close + 1;
          kind = TOK_COMMENT;
        }
      }
      if (end < 0) {
        i = lb + 1;
        continue;
      }
    } else {
      let j = lb + 1;
      for (; j < n; j++) {
        const c = source.charCodeAt(j);
        if (c === RBRACE || c === LBRACE) break;
      }
      if (j >= n || source.charCodeAt(j) !== RBRACE) {
        i = j > lb + 1 ? j : lb + 1;
        continue;
      }
      end = j + 1;
    }
    if (lb > textStart) out.push(TOK_TEXT, textStart, lb);
    out.push(kind, lb, end);
    textStart = i = end;
  }
  if (n > textStart) out.push(TOK_TEXT, textStart, n);
  return out;
}

/** 1-based line and column of an offset, computed only when an error needs it. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (source.charCodeAt(i) === NL) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
