// Instantiates the WASM module synchronously from its base64 form (same code in Node and browsers)
// and manages its linear memory: one input region and one output region, grown on demand.
import { wasmBase64 } from '../assembly/build/engine.wasm.js';

export interface WasmExports {
  memory: WebAssembly.Memory;
  heapBase(): number;
  scan(input: number, len: number, output: number, ascii: boolean): number;
  specials(input: number, len: number, output: number, mode: number, ascii: boolean): number;
  escapeHtml(input: number, len: number, output: number, attr: boolean): number;
  slugify(input: number, len: number, output: number): number;
  groupDigits(input: number, len: number, sep: number, sepLen: number, output: number): number;
}

function decode(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export const wasm = new WebAssembly.Instance(new WebAssembly.Module(decode(wasmBase64)), {}).exports as unknown as WasmExports;

const PAGE = 65536;
const base = (wasm.heapBase() + 15) & ~15;

/** Byte offset of the input region (16-aligned), at the start of free memory. */
export const INPUT = base;

/** Makes room for `inputBytes` of input followed by `outputBytes` of output; returns the output offset. */
export function reserve(inputBytes: number, outputBytes: number): number {
  const output = (INPUT + inputBytes + 15) & ~15;
  const need = output + outputBytes;
  const have = wasm.memory.buffer.byteLength;
  if (need > have) wasm.memory.grow(Math.ceil((need - have) / PAGE));
  return output;
}
