// The theme editor's live preview per keystroke (issue 13: within 50 ms for a template the size of
// wright.html): what the browser does on each edit (app/components/config/ThemePreview.tsx), run
// here in Node on the same engine code: compile the edited page template, render it over the
// page's context, render the layout (compiled once, as the preview caches it) with the page as
// mainContent. Each call edits the template, so no compile is reused.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, render, type Backend, type Code } from '../engine/node.js';
import type { Workload } from './workloads.js';

/** The demo store's layout (db/seed/theme/layout.html), about 4 KB: the preview renders it around every page. */
export const SEED_LAYOUT = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../db/seed/theme/layout.html'), 'utf8');

/** One simulated keystroke in the preview of `w.template` inside `layout`; returns the page's length. */
export function previewKeystroke(w: Workload, layout: string, backend: Backend): () => number {
  const partials: Record<string, Code> = {};
  for (const [k, v] of Object.entries(w.partials)) partials[k] = compile(v, { backend }).code;
  const layoutCode = compile(layout, { backend }).code;
  const opts = { backend, locale: 'en', partials, now: 0 };
  let n = 0;
  return () => {
    // A character typed at the end of the template: a new source every time.
    const page = compile(`${w.template}${n++ % 10}`, { backend });
    const main = render(page.code, w.json, opts);
    const whole = render(layoutCode, { ...(w.json as object), mainContent: main.output }, opts);
    return whole.output.length;
  };
}
