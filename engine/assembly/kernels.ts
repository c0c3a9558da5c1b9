// WASM string kernels over UTF-8 bytes in linear memory: HTML and attribute escaping, the
// positions of characters to escape (JSON), slugify and digit grouping. Each returns the output
// length in bytes (or a count), or -1 when the input needs no change (the host keeps its string).

const AMP: u8 = 0x26;
const LT: u8 = 0x3c;
const GT: u8 = 0x3e;
const QUOT: u8 = 0x22;

/** First index >= from whose byte needs HTML escaping (& < >, and " when attr), or len. */
function findSpecial(p: usize, from: usize, len: usize, attr: bool): usize {
  let i = from;
  const a = i8x16.splat(<i8>AMP);
  const l = i8x16.splat(<i8>LT);
  const g = i8x16.splat(<i8>GT);
  const q = i8x16.splat(attr ? <i8>QUOT : <i8>AMP);
  while (i + 16 <= len) {
    const v = v128.load(p + i);
    const m = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, a), i8x16.eq(v, l)), v128.or(i8x16.eq(v, g), i8x16.eq(v, q))));
    if (m != 0) return i + <usize>ctz(m);
    i += 16;
  }
  while (i < len) {
    const c = load<u8>(p + i);
    if (c == AMP || c == LT || c == GT || (attr && c == QUOT)) return i;
    i++;
  }
  return len;
}

function put4(o: usize, a: u8, b: u8, c: u8, d: u8): void {
  store<u8>(o, a);
  store<u8>(o + 1, b);
  store<u8>(o + 2, c);
  store<u8>(o + 3, d);
}

/** `&` `<` `>` (and `"` when attr) to entities. Output needs up to 6 * len bytes. */
export function escapeHtml(input: usize, len: usize, output: usize, attr: bool): i32 {
  let i = findSpecial(input, 0, len, attr);
  if (i >= len) return -1;
  memory.copy(output, input, i);
  let o = output + i;
  while (i < len) {
    const c = load<u8>(input + i);
    if (c == AMP) {
      put4(o, 0x26, 0x61, 0x6d, 0x70); // &amp
      store<u8>(o + 4, 0x3b);
      o += 5;
    } else if (c == LT) {
      put4(o, 0x26, 0x6c, 0x74, 0x3b); // &lt;
      o += 4;
    } else if (c == GT) {
      put4(o, 0x26, 0x67, 0x74, 0x3b); // &gt;
      o += 4;
    } else {
      put4(o, 0x26, 0x71, 0x75, 0x6f); // &quo
      store<u8>(o + 4, 0x74);
      store<u8>(o + 5, 0x3b);
      o += 6;
    }
    i++;
    const next = findSpecial(input, i, len, attr);
    memory.copy(o, input + i, next - i);
    o += next - i;
    i = next;
  }
  return <i32>(o - output);
}

/**
 * Positions (UTF-16 offsets, as i32) of the characters that need escaping, written at `output`;
 * returns their count. mode 0: html (& < >), 1: attribute (& < > "), 2: JSON string body
 * (" \\ control characters, and the / of </). In mode 2, returns -2 when the text holds U+FFFD,
 * which may stand for a lone surrogate that JSON must write as a \\u escape: the host then
 * falls back. The host splices the replacements in with slices of its own string.
 */
export function specials(input: usize, len: usize, output: usize, mode: i32, ascii: bool): i32 {
  let count: i32 = 0;
  let units: i32 = 0;
  let i: usize = 0;
  const a = i8x16.splat(<i8>AMP);
  const l = i8x16.splat(<i8>LT);
  const g = i8x16.splat(<i8>GT);
  const q = i8x16.splat(<i8>QUOT);
  const bs = i8x16.splat(<i8>0x5c);
  const sl = i8x16.splat(<i8>0x2f);
  const ctl = i8x16.splat(<i8>0x20);
  const hi = i8x16.splat(<i8>0x80);
  const cont = i8x16.splat(<i8>0x80);
  const contMask = i8x16.splat(<i8>0xc0);
  const four = i8x16.splat(<i8>0xf0);
  const ef = i8x16.splat(<i8>0xef);
  while (i < len) {
    if (i + 16 <= len) {
      const v = v128.load(input + i);
      let m: v128;
      if (mode == 0) m = v128.or(v128.or(i8x16.eq(v, a), i8x16.eq(v, l)), i8x16.eq(v, g));
      else if (mode == 1) m = v128.or(v128.or(i8x16.eq(v, a), i8x16.eq(v, l)), v128.or(i8x16.eq(v, g), i8x16.eq(v, q)));
      else m = v128.or(v128.or(i8x16.eq(v, q), i8x16.eq(v, bs)), v128.or(i8x16.eq(v, sl), v128.or(i8x16.lt_u(v, ctl), i8x16.eq(v, ef))));
      if (!v128.any_true(m)) {
        // No special byte in these 16: advance the UTF-16 count in one step.
        if (ascii || i8x16.bitmask(v128.and(v, hi)) == 0) {
          units += 16;
        } else {
          const c = i8x16.bitmask(i8x16.eq(v128.and(v, contMask), cont));
          const f = i8x16.bitmask(i8x16.ge_u(v, four));
          units += 16 - <i32>popcnt(c) + <i32>popcnt(f);
        }
        i += 16;
        continue;
      }
    }
    const c = load<u8>(input + i);
    let hit = false;
    if (mode == 2) {
      if (c == 0xef && i + 2 < len && load<u8>(input + i + 1) == 0xbf && load<u8>(input + i + 2) == 0xbd) return -2;
      hit = c < 0x20 || c == QUOT || c == 0x5c || (c == 0x2f && i > 0 && load<u8>(input + i - 1) == LT);
    } else {
      hit = c == AMP || c == LT || c == GT || (mode == 1 && c == QUOT);
    }
    if (hit) {
      store<i32>(output + ((<usize>count) << 2), units);
      count++;
    }
    if ((c & 0xc0) != 0x80) units += 1;
    if (c >= 0xf0) units += 1;
    i++;
  }
  return count;
}

/** JS `\s`: ASCII white space and the Unicode space separators, by code point. */
function isSpace(cp: u32): bool {
  if (cp <= 32) return cp == 32 || (cp >= 9 && cp <= 13);
  if (cp < 160) return false;
  return (
    cp == 160 ||
    cp == 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp == 0x2028 ||
    cp == 0x2029 ||
    cp == 0x202f ||
    cp == 0x205f ||
    cp == 0x3000 ||
    cp == 0xfeff
  );
}

/**
 * ASCII letters (lowercased), digits and `-` are kept; each run of white space becomes one `-`
 * (dropped characters do not break a run); everything else is dropped. Output <= len bytes.
 */
export function slugify(input: usize, len: usize, output: usize): i32 {
  let o = output;
  let inSpace = false;
  let i: usize = 0;
  while (i < len) {
    const c = load<u8>(input + i);
    if (c < 0x80) {
      i++;
      if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c == 0x2d) {
        store<u8>(o++, c);
        inSpace = false;
      } else if (c >= 0x41 && c <= 0x5a) {
        store<u8>(o++, c + 32);
        inSpace = false;
      } else if (isSpace(c)) {
        if (!inSpace) store<u8>(o++, 0x2d);
        inSpace = true;
      }
      continue;
    }
    let cp: u32;
    if (c >= 0xf0) {
      cp =
        (((<u32>c) & 7) << 18) |
        (((<u32>load<u8>(input + i + 1)) & 63) << 12) |
        (((<u32>load<u8>(input + i + 2)) & 63) << 6) |
        ((<u32>load<u8>(input + i + 3)) & 63);
      i += 4;
    } else if (c >= 0xe0) {
      cp = (((<u32>c) & 15) << 12) | (((<u32>load<u8>(input + i + 1)) & 63) << 6) | ((<u32>load<u8>(input + i + 2)) & 63);
      i += 3;
    } else {
      cp = (((<u32>c) & 31) << 6) | ((<u32>load<u8>(input + i + 1)) & 63);
      i += 2;
    }
    if (isSpace(cp)) {
      if (!inSpace) store<u8>(o++, 0x2d);
      inSpace = true;
    }
  }
  return <i32>(o - output);
}

/** Inserts the `sepLen` bytes at `sep` every three digits from the right of `len` ASCII digits. */
export function groupDigits(input: usize, len: usize, sep: usize, sepLen: usize, output: usize): i32 {
  let o = output;
  for (let i: usize = 0; i < len; i++) {
    if (i > 0 && (len - i) % 3 == 0) {
      memory.copy(o, sep, sepLen);
      o += sepLen;
    }
    store<u8>(o++, load<u8>(input + i));
  }
  return <i32>(o - output);
}
