// The TypeScript string kernels: reference implementations of the hot string transformations
// (the WASM backend provides the same functions, byte for byte).
import type { Kernels } from './types.js';

const HTML_RE = /[&<>]/;
const ATTR_RE = /[&<>"]/;

function escapeHtml(s: string): string {
  if (!HTML_RE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  if (!ATTR_RE.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function escapeJson(s: string): string {
  const j = JSON.stringify(s);
  return j.slice(1, j.length - 1);
}

function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

function truncate(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const sp = cut.lastIndexOf(' ');
  return (sp > 0 ? cut.slice(0, sp) : cut) + ellipsis;
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
  encodeUriComponent: (s) => encodeURIComponent(s),
  encodeUri: (s) => encodeURI(s),
  slugify,
  truncate,
  groupDigits,
};
