// The checks on save of the theme editor (issues 10 and 13, ADR 0005): every template compiled with
// the engine's default compile budget, and every page template rendered inside the layout over a
// real context of the site with the default render budget. A syntax error, a render the budget
// stopped or a call past the recursion limit means the theme cannot be published; other runtime
// errors are reported as warnings.
import type { Site } from '../catalog/catalog.server.js';
import { compile, render, type Backend, type Code, type TemplateError } from '../../engine/node.js';
import { previewPageFor, sampleContext, type PreviewPage, type SampleContext } from './preview-context.server.js';
import { env } from '../utils/env.server.js';

/** A template of a theme version (app/config/theme-versions.server.ts ThemeFile). */
export interface CheckedFile {
  name: string;
  kind: string;
  source: string;
}

export interface CheckProblem {
  template: string;
  line: number | null;
  column: number | null;
  message: string;
  blocking: boolean;
}

/**
 * A render the budget stopped, or a call the language's own limit refused (16 partial levels: the
 * 60-character exponential macro ends there, ADR 0005): the page would not render as written.
 */
const STOPPED = /^Render stopped|exceeded maximum recursion depth/;
const BACKEND: Backend = env().templateBackend;
/** Warnings kept per template: a template that fails on every item would list hundreds. */
const WARNINGS_PER_TEMPLATE = 5;

function problem(template: string, e: TemplateError): CheckProblem {
  return {
    template,
    line: e.line ?? null,
    column: e.column ?? null,
    message: e.message,
    blocking: e.kind === 'syntax' || STOPPED.test(e.message),
  };
}

/** What the checks find in a whole theme (layout, page templates, partials); empty when all is well. */
export async function checkTheme(site: Site, files: CheckedFile[]): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  const codes = new Map<string, Code>();
  for (const f of files) {
    if (f.kind === 'stylesheet') continue;
    const compiled = compile(f.source, { backend: BACKEND });
    codes.set(f.name, compiled.code);
    for (const e of compiled.errors) problems.push(problem(f.name, e));
  }
  const layout = files.find((f) => f.kind === 'layout');
  const partials: Record<string, Code> = {};
  for (const f of files) if (f.kind === 'partial') partials[f.name] = codes.get(f.name)!;
  const settings = { backend: BACKEND, locale: site.website.locale ?? 'en', timeZone: site.website.timeZone, partials };
  const contexts = new Map<PreviewPage, SampleContext>();
  const warnings = new Map<string, number>();
  const report = (template: string, errors: TemplateError[]) => {
    for (const e of errors) {
      const p = problem(template, e);
      if (!p.blocking) {
        const n = warnings.get(template) ?? 0;
        warnings.set(template, n + 1);
        if (n >= WARNINGS_PER_TEMPLATE) continue;
      }
      problems.push(p);
    }
  };
  for (const f of files) {
    if (f.kind !== 'page') continue;
    const which = previewPageFor(f.name);
    let sample = contexts.get(which);
    if (!sample) contexts.set(which, (sample = await sampleContext(site, which)));
    const page = render(codes.get(f.name)!, sample.context, settings);
    report(f.name, page.errors);
    if (layout) {
      const whole = render(codes.get(layout.name)!, { ...sample.context, mainContent: page.output }, settings);
      report(layout.name, whole.errors);
    }
  }
  // The same error of the layout on every page is one problem.
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.template}\u0000${p.line}\u0000${p.column}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
