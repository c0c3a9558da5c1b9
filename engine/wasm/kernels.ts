// The WASM string kernels behind the Kernels interface. A string crosses once as UTF-8 (native
// encodeInto) and comes back once (native TextDecoder). Below a size where the crossing costs more
// than the work, and for strings with lone surrogates (UTF-8 cannot carry them), the TypeScript
// kernel runs instead: both give the same bytes, which the differential tests prove.
import { tsKernels } from '../ts/kernels.js';
import type { Kernels } from '../ts/types.js';
import { INPUT, reserve, wasm } from './module.js';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Strings shorter than this (UTF-16 units) stay in TypeScript; measured by npm run bench. */
export let WASM_MIN_LENGTH = 256;

/** Sets the crossing threshold (0 sends every string to WASM: the differential tests use it). */
export function setWasmMinLength(n: number): void {
  WASM_MIN_LENGTH = n;
}

const wellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (s) => !/[\ud800-\udfff]/.test(s.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ''));

/** Copies a string into the input region; returns its byte length and the output offset. */
function load(s: string, outFactor: number): { len: number; out: number } {
  const max = s.length * 3;
  const out = reserve(max, max * outFactor + 16);
  const { written } = encoder.encodeInto(s, new Uint8Array(wasm.memory.buffer, INPUT, max));
  return { len: written, out };
}

function result(s: string, out: number, n: number): string {
  return n < 0 ? s : decoder.decode(new Uint8Array(wasm.memory.buffer, out, n));
}

const tsEscapeHtml = tsKernels.escapeHtml;
const tsEscapeAttr = tsKernels.escapeAttr;
const small = (s: string) => s.length < WASM_MIN_LENGTH || !wellFormed(s);

const HTML_ENTITY: Record<number, string> = { 38: '&amp;', 60: '&lt;', 62: '&gt;', 34: '&quot;' };
const JSON_ESCAPE: Record<number, string> = { 34: '\\"', 92: '\\\\', 47: '\\/', 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

/**
 * Escapes by positions: WASM finds the characters to replace (UTF-16 offsets) and the host
 * splices replacements between slices of its own string, so nothing is decoded back and lone
 * surrogates survive untouched. Returns null when WASM asks for the reference kernel.
 */
function splice(s: string, mode: number): string | null {
  const max = s.length * 3;
  const out = reserve(max, s.length * 4 + 16);
  const { written } = encoder.encodeInto(s, new Uint8Array(wasm.memory.buffer, INPUT, max));
  const n = wasm.specials(INPUT, written, out, mode, written === s.length);
  if (n < 0) return null;
  if (n === 0) return s;
  const pos = new Int32Array(wasm.memory.buffer, out, n);
  let r = '';
  let last = 0;
  for (let i = 0; i < n; i++) {
    const p = pos[i];
    const c = s.charCodeAt(p);
    const rep = mode === 2 ? (JSON_ESCAPE[c] ?? '\\u00' + (c < 16 ? '0' : '') + c.toString(16)) : HTML_ENTITY[c];
    r += p > last ? s.slice(last, p) + rep : rep;
    last = p + 1;
  }
  return last < s.length ? r + s.slice(last) : r;
}

export const wasmKernels: Kernels = {
  // HTML escaping decodes the whole result once: a flat string, cheaper than the rope of slices
  // that the TypeScript kernel builds once a response has to flatten it.
  // The escapes of short strings (a title) are the hot path of a page: the length is tested here
  // first, with nothing between the call and the reference kernel.
  escapeHtml(s) {
    if (s.length < WASM_MIN_LENGTH || !wellFormed(s)) return tsEscapeHtml(s);
    const { len, out } = load(s, 2);
    return result(s, out, wasm.escapeHtml(INPUT, len, out, false));
  },
  escapeAttr(s) {
    if (s.length < WASM_MIN_LENGTH || !wellFormed(s)) return tsEscapeAttr(s);
    const { len, out } = load(s, 2);
    return result(s, out, wasm.escapeHtml(INPUT, len, out, true));
  },
  // JSON text has few escapes, so splicing them into slices of the original wins over decoding.
  escapeJson(s) {
    return s.length < WASM_MIN_LENGTH ? tsKernels.escapeJson(s) : (splice(s, 2) ?? tsKernels.escapeJson(s));
  },
  // The platform's encoders are native code already; a crossing only adds copies (measured).
  encodeUriComponent: tsKernels.encodeUriComponent,
  encodeUri: tsKernels.encodeUri,
  slugify(s) {
    if (small(s)) return tsKernels.slugify(s);
    const { len, out } = load(s, 1);
    return decoder.decode(new Uint8Array(wasm.memory.buffer, out, wasm.slugify(INPUT, len, out)));
  },
  // Truncation looks back from the cut to the last space: O(a word), where any crossing would
  // copy the text (measured 1000x slower). The reference kernel is the faster design here.
  truncate: tsKernels.truncate,
  groupDigits(digits, sep) {
    if (digits.length < WASM_MIN_LENGTH) return tsKernels.groupDigits(digits, sep);
    const sepBytes = encoder.encode(sep);
    const n = digits.length;
    const out = reserve(n + sepBytes.length, n + Math.ceil(n / 3) * sepBytes.length + 16);
    const mem = new Uint8Array(wasm.memory.buffer);
    for (let i = 0; i < n; i++) mem[INPUT + i] = digits.charCodeAt(i);
    mem.set(sepBytes, INPUT + n);
    return decoder.decode(new Uint8Array(wasm.memory.buffer, out, wasm.groupDigits(INPUT, n, INPUT + n, sepBytes.length, out)));
  },
};
