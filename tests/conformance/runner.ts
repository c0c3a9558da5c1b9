// Runs conformance cases through our engine and compares outputs (trimmed at both ends).
import { render, type Backend } from '../../engine/node.js';
import type { ConformanceCase } from './cases.js';

export interface CaseResult {
  case: ConformanceCase;
  output: string;
  pass: boolean;
  errors: string[];
}

export function runCase(c: ConformanceCase, backend: Backend = 'ts'): CaseResult {
  const { output, errors } = render(c.template, c.json, {
    locale: c.options.locale,
    now: c.options.now ?? undefined,
    enableExpr: true,
    enableInclude: c.options.include,
    partials: c.partials,
    injects: c.injects,
    backend,
  });
  const syntax = errors.filter((e) => e.kind === 'syntax');
  return {
    case: c,
    output,
    pass: syntax.length === 0 && output.trim() === c.output.trim(),
    errors: errors.map((e) => `${e.kind}: ${e.message}`),
  };
}

/** A short line diff: the first differing line of expected and actual, with its number. */
export function shortDiff(expected: string, actual: string): string {
  const a = expected.trim().split('\n');
  const b = actual.trim().split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return `line ${i + 1}:\n    expected: ${JSON.stringify(a[i] ?? '<end>')}\n    actual:   ${JSON.stringify(b[i] ?? '<end>')}`;
    }
  }
  return '(outputs differ only in surrounding white space)';
}
