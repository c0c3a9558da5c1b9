// The TypeScript string kernels: reference implementations of the hot string transformations
// (the WASM backend provides the same functions, byte for byte). Pure string -> string.
import type { Kernels } from './types.js';

// Most strings (product titles) have nothing to replace: a regex test answers that fastest
// (native code: measured about 1.5x faster than a loop over char codes, and test faster than
// search, which also makes the index); for the others a search finds the first character to
// replace and the walk from there splices the replacements.
const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

/** `&`, `<`, `>` to entities; quotes are left alone (the html formatter). */
function escapeHtml(s: string): string {
  if (!HTML_SPECIAL.test(s)) return s;
  let i = s.search(HTML_SPECIAL);
  const n = s.length;
  let out = s.slice(0, i);
  let last = i;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    const rep = c === 38 ? '&amp;' : c === 60 ? '&lt;' : c === 62 ? '&gt;' : null;
    if (rep !== null) {
      if (last < i) out += s.slice(last, i);
      out += rep;
      last = i + 1;
    }
  }
  return last < n ? out + s.slice(last) : out;
}

/** `&`, `<`, `>`, `"` to entities; the single quote is left alone (htmlattr, htmltag). */
function escapeAttr(s: string): string {
  if (!ATTR_SPECIAL.test(s)) return s;
  let i = s.search(ATTR_SPECIAL);
  const n = s.length;
  let out = s.slice(0, i);
  let last = i;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    const rep = c === 38 ? '&amp;' : c === 60 ? '&lt;' : c === 62 ? '&gt;' : c === 34 ? '&quot;' : null;
    if (rep !== null) {
      if (last < i) out += s.slice(last, i);
      out += rep;
      last = i + 1;
    }
  }
  return last < n ? out + s.slice(last) : out;
}

const CLOSE_TAG = /<\//g;

/**
 * The body of a JSON string literal (no surrounding quotes), as JSON.stringify writes it
 * (control characters and lone surrogates as \u escapes; U+2028/U+2029 and non-ASCII kept),
 * plus `</` written `<\/` so that the text can sit inside a script element.
 */
function escapeJson(s: string): string {
  const j = JSON.stringify(s);
  const body = j.slice(1, j.length - 1);
  return body.indexOf('</') < 0 ? body : body.replace(CLOSE_TAG, '<\\/');
}

/** True for the characters of the JS `\s` class. */
function isJsSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * Keeps ASCII letters (lowercased), digits and `-`; every other character is dropped, except
 * that each run of white space (runs are not broken by dropped characters) becomes one `-`.
 */
function slugify(s: string): string {
  let out = '';
  let inSpace = false;
  for (let i = 0, n = s.length; i < n; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45) {
      out += s[i];
      inSpace = false;
    } else if (c >= 65 && c <= 90) {
      out += String.fromCharCode(c + 32);
      inSpace = false;
    } else if (isJsSpace(c)) {
      if (!inSpace) out += '-';
      inSpace = true;
    }
  }
  return out;
}

/**
 * Cuts to `max` UTF-16 code units; when cut, backs up to just after the last ASCII white space
 * inside the cut (if any) and appends `ellipsis`. A `max` that is not positive leaves `s` as is.
 */
function truncate(s: string, max: number, ellipsis: string): string {
  if (!(max > 0) || s.length <= max) return s;
  max = Math.floor(max);
  let end = max;
  for (let i = max - 1; i >= 0; i--) {
    const c = s.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) {
      end = i + 1;
      break;
    }
  }
  return s.slice(0, end) + ellipsis;
}

function groupDigits(digits: string, sep: string): string {
  let out = '';
  const n = digits.length;
  for (let i = 0; i < n; i++) {
    if (i > 0 && (n - i) % 3 === 0) out += sep;
    out += digits[i];
  }
  return out;
}

export const tsKernels: Kernels = {
  escapeHtml,
  escapeAttr,
  escapeJson,
  // Native encoders; both throw URIError on a lone surrogate, as the published engine does.
  encodeUriComponent: (s) => encodeURIComponent(s),
  encodeUri: (s) => encodeURI(s),
  slugify,
  truncate,
  groupDigits,
};
