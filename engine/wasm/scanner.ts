// The WASM scanner behind the engine's Scanner type: the source crosses once as UTF-8 bytes,
// tokens come back as an Int32Array view of UTF-16 offsets (no call per token).
import { INPUT, reserve, wasm } from './module.js';

const encoder = new TextEncoder();

export function wasmScan(source: string): Int32Array {
  const n = source.length;
  // Worst cases: 3 UTF-8 bytes per UTF-16 unit; one 12-byte token per unit (plus a final one).
  // The scanner reads the input 32 bytes at a time: the last read may pass its end by 31.
  const output = reserve(n * 3 + 32, (n + 1) * 12);
  const bytes = new Uint8Array(wasm.memory.buffer, INPUT, n * 3);
  const { written } = encoder.encodeInto(source, bytes);
  const count = wasm.scan(INPUT, written, output, written === n);
  return new Int32Array(wasm.memory.buffer, output, count * 3);
}
