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

const small = (s: string) => s.length < WASM_MIN_LENGTH || !wellFormed(s);

export const wasmKernels: Kernels = {
  escapeHtml(s) {
    if (small(s)) return tsKernels.escapeHtml(s);
    const { len, out } = load(s, 2);
    return result(s, out, wasm.escapeHtml(INPUT, len, out, false));
  },
  escapeAttr(s) {
    if (small(s)) return tsKernels.escapeAttr(s);
    const { len, out } = load(s, 2);
    return result(s, out, wasm.escapeHtml(INPUT, len, out, true));
  },
  escapeJson(s) {
    if (small(s)) return tsKernels.escapeJson(s);
    const { len, out } = load(s, 2);
    return result(s, out, wasm.escapeJson(INPUT, len, out));
  },
  encodeUriComponent(s) {
    if (small(s)) return tsKernels.encodeUriComponent(s);
    const { len, out } = load(s, 3);
    return result(s, out, wasm.encodeUri(INPUT, len, out, false));
  },
  encodeUri(s) {
    if (small(s)) return tsKernels.encodeUri(s);
    const { len, out } = load(s, 3);
    return result(s, out, wasm.encodeUri(INPUT, len, out, true));
  },
  slugify(s) {
    if (small(s)) return tsKernels.slugify(s);
    const { len, out } = load(s, 1);
    return decoder.decode(new Uint8Array(wasm.memory.buffer, out, wasm.slugify(INPUT, len, out)));
  },
  truncate(s, max, ellipsis) {
    if (!(max > 0) || s.length <= max) return s;
    if (small(s)) return tsKernels.truncate(s, max, ellipsis);
    max = Math.floor(max);
    // Only the first `max` units matter: encode just those (a cut surrogate pair becomes U+FFFD,
    // three bytes for one unit, which keeps the unit count right).
    const head = s.slice(0, max + 1);
    const { len } = load(head, 0);
    const end = wasm.truncatePoint(INPUT, len, max);
    return s.slice(0, end < 0 ? max : end) + ellipsis;
  },
  groupDigits(digits, sep) {
    if (digits.length < WASM_MIN_LENGTH) return tsKernels.groupDigits(digits, sep);
    const sepBytes = encoder.encode(sep);
    const n = digits.length;
    const out = reserve(n + sepBytes.length, (n + Math.ceil(n / 3) * sepBytes.length) + 16);
    const mem = new Uint8Array(wasm.memory.buffer);
    for (let i = 0; i < n; i++) mem[INPUT + i] = digits.charCodeAt(i);
    mem.set(sepBytes, INPUT + n);
    return decoder.decode(new Uint8Array(wasm.memory.buffer, out, wasm.groupDigits(INPUT, n, INPUT + n, sepBytes.length, out)));
  },
};
