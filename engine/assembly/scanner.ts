// WASM scanner: finds instruction boundaries in a UTF-8 template held in linear memory and writes
// (kind, start, end) triplets as UTF-16 offsets, the layout of engine/ts/scanner.ts.

const LBRACE: u8 = 0x7b;
const RBRACE: u8 = 0x7d;
const HASH: u8 = 0x23;

const TOK_TEXT: i32 = 0;
const TOK_TAG: i32 = 1;
const TOK_COMMENT: i32 = 2;
const TOK_MCOMMENT: i32 = 3;

let base: usize = 0;

/** UTF-16 code units encoded by the UTF-8 bytes [from, to). */
function units(from: usize, to: usize): i32 {
  let n: i32 = 0;
  let i = from;
  const cont = i8x16.splat(<i8>0x80);
  const mask = i8x16.splat(<i8>0xc0);
  const four = i8x16.splat(<i8>0xf0);
  while (i + 16 <= to) {
    const v = v128.load(base + i);
    const c = i8x16.bitmask(i8x16.eq(v128.and(v, mask), cont));
    const f = i8x16.bitmask(i8x16.ge_u(v, four));
    n += 16 - <i32>popcnt(c) + <i32>popcnt(f);
    i += 16;
  }
  while (i < to) {
    const b = load<u8>(base + i);
    if ((b & 0xc0) != 0x80) n += 1;
    if (b >= 0xf0) n += 1;
    i++;
  }
  return n;
}

/**
 * Turns the byte offsets of the tokens written into UTF-16 offsets, for a source that is not all
 * ASCII. Offsets only grow, so one cursor counts each byte once.
 */
function toUtf16(): void {
  let byte: usize = 0;
  let unit: i32 = 0;
  const end = outPtr + <usize>count * 12;
  // The start and the end of each token (after its kind).
  for (let p = outPtr + 4; p < end; p += 12) {
    const start = <usize>load<i32>(p);
    unit += units(byte, start);
    store<i32>(p, unit);
    const stop = <usize>load<i32>(p, 4);
    unit += units(start, stop);
    store<i32>(p, unit, 4);
    byte = stop;
  }
}

/** First index >= from of byte c, or len. */
function find1(from: usize, len: usize, c: u8): usize {
  let i = from;
  const s = i8x16.splat(<i8>c);
  while (i + 16 <= len) {
    const m = i8x16.bitmask(i8x16.eq(v128.load(base + i), s));
    if (m != 0) return i + <usize>ctz(m);
    i += 16;
  }
  while (i < len) {
    if (load<u8>(base + i) == c) return i;
    i++;
  }
  return len;
}

/**
 * The braces (`{` and `}`) of the 32 bytes at `at`, one bit per byte, none at or past `len`. The
 * caller leaves 32 readable bytes after the input, so the last block may read past its end.
 */
function braces(at: usize, len: usize): i32 {
  const l = i8x16.splat(<i8>LBRACE);
  const r = i8x16.splat(<i8>RBRACE);
  const v0 = v128.load(base + at);
  const v1 = v128.load(base + at, 16);
  const low = i8x16.bitmask(v128.or(i8x16.eq(v0, l), i8x16.eq(v0, r)));
  let m = low | (i8x16.bitmask(v128.or(i8x16.eq(v1, l), i8x16.eq(v1, r))) << 16);
  const left = <i32>len - <i32>at;
  if (left < 32) m &= (1 << left) - 1;
  return m;
}

let outPtr: usize = 0;
let count: i32 = 0;

/**
 * Writes one token, with byte offsets (see toUtf16). Small enough to be inlined: a call per token
 * measured as long as the rest of the scan.
 */
function emit(kind: i32, startB: usize, endB: usize): void {
  const p = outPtr + <usize>count * 12;
  store<i32>(p, kind);
  store<i32>(p, <i32>startB, 4);
  store<i32>(p, <i32>endB, 8);
  count++;
}

/**
 * Scans `len` UTF-8 bytes at `input`; writes triplets at `output`; returns the number of tokens.
 * `ascii` says every byte is below 0x80, so byte offsets are UTF-16 offsets.
 *
 * The braces are read in order from bit masks of 32 bytes at a time: one branch per block and one
 * per brace, rather than a search loop per tag whose exit the CPU mispredicts. A `{` opens a tag
 * (unless it opens a comment, found by search as before); the next brace closes it if it is a `}`,
 * and replaces it as the opener if it is a `{` (the first stays text). `}` outside a tag is text.
 */
export function scan(input: usize, len: usize, output: usize, ascii: bool): i32 {
  base = input;
  outPtr = output;
  count = 0;
  let textStart: usize = 0;
  /** The open tag's `{`, or -1 when outside a tag. */
  let lb: isize = -1;
  let block: usize = 0;
  let mask = braces(0, len);
  while (true) {
    if (mask == 0) {
      block += 32;
      if (block >= len) break;
      mask = braces(block, len);
      continue;
    }
    const at = block + <usize>ctz(mask);
    mask &= mask - 1;
    if (load<u8>(base + at) == RBRACE) {
      if (lb < 0) continue;
      const start = <usize>lb;
      if (start > textStart) emit(TOK_TEXT, textStart, start);
      emit(TOK_TAG, start, at + 1);
      textStart = at + 1;
      lb = -1;
      continue;
    }
    if (at + 1 < len && load<u8>(base + at + 1) == HASH) {
      // A comment: found by search; scanning resumes after it. Unclosed, the `{` is text.
      let end: usize = 0;
      let kind = TOK_COMMENT;
      if (at + 2 < len && load<u8>(base + at + 2) == HASH) {
        let j = at + 3;
        while (j < len) {
          const h = find1(j, len, HASH);
          if (h + 2 >= len) break;
          if (load<u8>(base + h + 1) == HASH && load<u8>(base + h + 2) == RBRACE) {
            end = h + 3;
            kind = TOK_MCOMMENT;
            break;
          }
          j = h + 1;
        }
      } else {
        const close = find1(at + 2, len, RBRACE);
        if (close < len) end = close + 1;
      }
      lb = -1;
      if (end == 0) continue;
      if (at > textStart) emit(TOK_TEXT, textStart, at);
      emit(kind, at, end);
      textStart = end;
      // Resume at `end`: the braces of its block before it are dropped.
      block = end & ~31;
      const skipped = <i32>end - <i32>block;
      mask = block < len ? braces(block, len) & (-1 << skipped) : 0;
      continue;
    }
    lb = <isize>at;
  }
  if (len > textStart) emit(TOK_TEXT, textStart, len);
  if (!ascii) toUtf16();
  return count;
}
