// The variants the theme editor's live preview shows: the owner picks one per running experiment
// (`?experiment=name:variant`, as the storefront's override); unpicked, each experiment's first.
import { overrideOf, type Assignment, type Running } from './rules.js';

export interface PreviewChoice {
  name: string;
  variants: string[];
  chosen: string;
}

export function previewVariants(running: Running[], params: URLSearchParams): { chosen: Assignment; choices: PreviewChoice[] } {
  const asked = overrideOf(params, running);
  const chosen: Assignment = {};
  for (const e of running) chosen[e.name] = asked[e.name] ?? e.variants[0]?.name ?? '';
  const choices = running.map((e) => ({ name: e.name, variants: e.variants.map((v) => v.name), chosen: chosen[e.name] }));
  return { chosen, choices };
}
