// WASM scanner: finds instruction boundaries in a UTF-8 template held in linear memory and writes
// (kind, start, end) triplets as UTF-16 offsets, the layout of engine/ts/scanner.ts.

const LBRACE: u8 = 0x7b;
const RBRACE: u8 = 0x7d;
const HASH: u8 = 0x23;

const TOK_TEXT: i32 = 0;
const TOK_TAG: i32 = 1;
const TOK_COMMENT: i32 = 2;
const TOK_MCOMMENT: i32 = 3;

// Cursor that converts byte offsets to UTF-16 offsets incrementally (positions only grow).
let curB: usize = 0;
let curU: i32 = 0;
let asciiOnly: bool = true;
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

function u16At(b: usize): i32 {
  if (asciiOnly) return <i32>b;
  curU += units(curB, b);
  curB = b;
  return curU;
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

/** First index >= from of `}` or `{`, or len. */
function findTagEnd(from: usize, len: usize): usize {
  let i = from;
  const r = i8x16.splat(<i8>RBRACE);
  const l = i8x16.splat(<i8>LBRACE);
  while (i + 16 <= len) {
    const v = v128.load(base + i);
    const m = i8x16.bitmask(v128.or(i8x16.eq(v, r), i8x16.eq(v, l)));
    if (m != 0) return i + <usize>ctz(m);
    i += 16;
  }
  while (i < len) {
    const c = load<u8>(base + i);
    if (c == RBRACE || c == LBRACE) return i;
    i++;
  }
  return len;
}

let outPtr: usize = 0;
let count: i32 = 0;

function emit(kind: i32, startB: usize, endB: usize): void {
  const p = outPtr + <usize>count * 12;
  store<i32>(p, kind);
  store<i32>(p, u16At(startB), 4);
  store<i32>(p, u16At(endB), 8);
  count++;
}

/**
 * Scans `len` UTF-8 bytes at `input`; writes triplets at `output`; returns the number of tokens.
 * `ascii` says every byte is below 0x80, so byte offsets are UTF-16 offsets.
 */
export function scan(input: usize, len: usize, output: usize, ascii: bool): i32 {
  base = input;
  outPtr = output;
  count = 0;
  curB = 0;
  curU = 0;
  asciiOnly = ascii;
  let textStart: usize = 0;
  let i: usize = 0;
  while (i < len) {
    const lb = find1(i, len, LBRACE);
    if (lb >= len) break;
    let end: usize = 0;
    let kind = TOK_TAG;
    let found = false;
    if (lb + 1 < len && load<u8>(base + lb + 1) == HASH) {
      if (lb + 2 < len && load<u8>(base + lb + 2) == HASH) {
        let j = lb + 3;
        while (j < len) {
          const h = find1(j, len, HASH);
          if (h + 2 >= len) break;
          if (load<u8>(base + h + 1) == HASH && load<u8>(base + h + 2) == RBRACE) {
            end = h + 3;
            kind = TOK_MCOMMENT;
            found = true;
            break;
          }
          j = h + 1;
        }
      } else {
        const close = find1(lb + 2, len, RBRACE);
        if (close < len) {
          end = close + 1;
          kind = TOK_COMMENT;
          found = true;
        }
      }
      if (!found) {
        i = lb + 1;
        continue;
      }
    } else {
      const j = findTagEnd(lb + 1, len);
      if (j >= len || load<u8>(base + j) != RBRACE) {
        i = j > lb + 1 ? j : lb + 1;
        continue;
      }
      end = j + 1;
    }
    if (lb > textStart) emit(TOK_TEXT, textStart, lb);
    emit(kind, lb, end);
    textStart = end;
    i = end;
  }
  if (len > textStart) emit(TOK_TEXT, textStart, len);
  return count;
}
