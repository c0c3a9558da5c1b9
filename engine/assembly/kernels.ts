// WASM string kernels over UTF-8 bytes in linear memory: HTML and attribute escaping, JSON string
// escaping, URI encoding, slugify, digit grouping and the truncation point. Each returns the
// output length in bytes, or -1 when the input needs no change (the host then keeps its string).

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

function hex(n: u32): u8 {
  return <u8>(n < 10 ? 0x30 + n : 0x57 + n); // lower case, as JSON.stringify writes
}

/** The body of a JSON string literal, with `</` written `<\/`. Output needs up to 6 * len bytes. */
export function escapeJson(input: usize, len: usize, output: usize): i32 {
  let o = output;
  let changed = false;
  for (let i: usize = 0; i < len; i++) {
    const c = load<u8>(input + i);
    if (c >= 0x20 && c != 0x22 && c != 0x5c && !(c == 0x2f && i > 0 && load<u8>(input + i - 1) == LT)) {
      store<u8>(o++, c);
      continue;
    }
    changed = true;
    store<u8>(o++, 0x5c);
    if (c == 0x22 || c == 0x5c || c == 0x2f) store<u8>(o++, c);
    else if (c == 0x08) store<u8>(o++, 0x62);
    else if (c == 0x09) store<u8>(o++, 0x74);
    else if (c == 0x0a) store<u8>(o++, 0x6e);
    else if (c == 0x0c) store<u8>(o++, 0x66);
    else if (c == 0x0d) store<u8>(o++, 0x72);
    else {
      put4(o, 0x75, 0x30, 0x30, hex(<u32>c >> 4));
      store<u8>(o + 4, hex(<u32>c & 15));
      o += 5;
    }
  }
  return changed ? <i32>(o - output) : -1;
}

/** Whether encodeURIComponent (or encodeURI when `uri`) keeps this ASCII byte. */
function keeps(c: u8, uri: bool): bool {
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)) return true;
  // - _ . ! ~ * ' ( )
  if (c == 0x2d || c == 0x5f || c == 0x2e || c == 0x21 || c == 0x7e || c == 0x2a || c == 0x27 || c == 0x28 || c == 0x29) return true;
  // ; , / ? : @ & = + $ #
  return uri && (c == 0x3b || c == 0x2c || c == 0x2f || c == 0x3f || c == 0x3a || c == 0x40 || c == 0x26 || c == 0x3d || c == 0x2b || c == 0x24 || c == 0x23);
}

function hexUpper(n: u32): u8 {
  return <u8>(n < 10 ? 0x30 + n : 0x37 + n);
}

/** Percent-encodes UTF-8 bytes outside the kept set. Output needs up to 3 * len bytes. */
export function encodeUri(input: usize, len: usize, output: usize, uri: bool): i32 {
  let o = output;
  let changed = false;
  for (let i: usize = 0; i < len; i++) {
    const c = load<u8>(input + i);
    if (c < 0x80 && keeps(c, uri)) {
      store<u8>(o++, c);
    } else {
      changed = true;
      store<u8>(o, 0x25);
      store<u8>(o + 1, hexUpper(<u32>c >> 4));
      store<u8>(o + 2, hexUpper(<u32>c & 15));
      o += 3;
    }
  }
  return changed ? <i32>(o - output) : -1;
}

/** JS `\s`: ASCII white space and the Unicode space separators, by code point. */
function isSpace(cp: u32): bool {
  if (cp <= 32) return cp == 32 || (cp >= 9 && cp <= 13);
  if (cp < 160) return false;
  return cp == 160 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 ||
    cp == 0x202f || cp == 0x205f || cp == 0x3000 || cp == 0xfeff;
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
      cp = ((<u32>c & 7) << 18) | ((<u32>load<u8>(input + i + 1) & 63) << 12) | ((<u32>load<u8>(input + i + 2) & 63) << 6) | (<u32>load<u8>(input + i + 3) & 63);
      i += 4;
    } else if (c >= 0xe0) {
      cp = ((<u32>c & 15) << 12) | ((<u32>load<u8>(input + i + 1) & 63) << 6) | (<u32>load<u8>(input + i + 2) & 63);
      i += 3;
    } else {
      cp = ((<u32>c & 31) << 6) | (<u32>load<u8>(input + i + 1) & 63);
      i += 2;
    }
    if (isSpace(cp)) {
      if (!inSpace) store<u8>(o++, 0x2d);
      inSpace = true;
    }
  }
  return <i32>(o - output);
}

/**
 * Where truncate cuts, as a UTF-16 offset: `max` units in, backed up to just after the last
 * ASCII white space before it (if any). -1 when the text has at most `max` units.
 */
export function truncatePoint(input: usize, len: usize, max: i32): i32 {
  let units: i32 = 0;
  let lastSpaceEnd: i32 = -1;
  let i: usize = 0;
  while (i < len) {
    const c = load<u8>(input + i);
    const w: i32 = c < 0x80 ? 1 : c >= 0xf0 ? 2 : 1;
    if (units + w > max) {
      // The cut falls here (possibly inside a surrogate pair, as a code-unit slice would).
      return lastSpaceEnd >= 0 ? lastSpaceEnd : max;
    }
    if (c == 32 || (c >= 9 && c <= 13)) lastSpaceEnd = units + 1;
    units += w;
    i += c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
  }
  return -1;
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
