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

const HASH = 35;
const NL = 10;

/**
 * The reference scanner. A `{` opens a tag only if a `}` closes it with no other `{` in between
 * (newlines may stand inside: `{.eval 1\n+ 2}` is one tag); otherwise the `{` is literal text and
 * scanning resumes at the next `{`.
 */
export function scan(source: string): number[] {
  const out: number[] = [];
  const n = source.length;
  let textStart = 0;
  // Braces are found with indexOf (native, far faster than a loop over char codes), and a search
  // is kept until passed: between tags, each character is searched at most once per brace.
  let lb = source.indexOf('{');
  /** The first `}` after the current `{` when known (a cached search), else below it. */
  let rb = -1;
  while (lb >= 0) {
    let end: number;
    let kind = TOK_TAG;
    let next: number;
    if (source.charCodeAt(lb + 1) === HASH) {
      let close: number;
      if (source.charCodeAt(lb + 2) === HASH) {
        close = source.indexOf('##}', lb + 3);
        end = close + 3;
        kind = TOK_MCOMMENT;
      } else {
        close = source.indexOf('}', lb + 2);
        end = close + 1;
        kind = TOK_COMMENT;
      }
      if (close < 0) {
        lb = source.indexOf('{', lb + 1);
        continue;
      }
      next = source.indexOf('{', end);
    } else {
      // The `{` opens a tag if the next `}` comes before the next `{`.
      next = source.indexOf('{', lb + 1);
      if (rb <= lb) {
        rb = source.indexOf('}', lb + 1);
        // No `}` left: nothing after this can be a tag or a comment.
        if (rb < 0) break;
      }
      if (next >= 0 && next < rb) {
        lb = next;
        continue;
      }
      end = rb + 1;
    }
    if (lb > textStart) out.push(TOK_TEXT, textStart, lb);
    out.push(kind, lb, end);
    textStart = end;
    lb = next;
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
