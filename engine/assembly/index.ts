// Entry of the WASM module: the scanner and the string kernels, over caller-managed linear memory.
export { scan } from './scanner';
export { specials, escapeHtml, slugify, groupDigits } from './kernels';

/** First free byte after the module's static data: the host lays its buffers out from here. */
export function heapBase(): usize {
  return __heap_base;
}
