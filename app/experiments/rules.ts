// The rules of experiments (ADR 0017), pure: what a name, a variant and a weight may be, drawing a
// variant by the weights, the visitor cookie's text, and the internal users' query override.
import { z } from 'zod';

/** SPEC 3's statuses: ACTIVE assigns visitors; DRAFT (never started) and STOPPED assign nobody. */
export const STATUSES = ['DRAFT', 'ACTIVE', 'STOPPED'] as const;
export type ExperimentStatus = (typeof STATUSES)[number];

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 6;
export const MAX_WEIGHT = 1000;
/** A site runs at most this many experiments at once (the cookie and every event carry them all). */
export const MAX_ACTIVE = 10;

/**
 * The query parameter of SPEC 6's override (`?experiment=hero:b`, several joined by commas). The
 * spec names none; this one is ours. Honoured only for the site's signed-in owners.
 */
export const OVERRIDE_PARAM = 'experiment';

export interface Variant {
  name: string;
  weight: number;
}

export interface Experiment {
  id: string;
  name: string;
  /** In order; the first is the control. */
  variants: Variant[];
  status: ExperimentStatus;
  createdAt: string;
  startedAt: string | null;
  stoppedAt: string | null;
}

/** What an experiment needs to assign visitors. */
export type Running = Pick<Experiment, 'name' | 'variants'>;

/** A visitor's variants, by experiment name: what templates read as `experiments`. */
export type Assignment = Record<string, string>;

// Template keys: `experiments.hero_banner` must read as a plain path (no dots, dashes or spaces).
const NAME = /^[a-z][a-z0-9_]*$/;
const VARIANT = /^[a-z0-9][a-z0-9_-]*$/;

export const ExperimentName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the experiment.')
  .max(40, 'An experiment name is at most 40 characters.')
  .regex(NAME, 'Use lower-case letters, digits and underscores, starting with a letter (templates read it as experiments.name).');

export const VariantName = z
  .string()
  .trim()
  .min(1, 'Enter a name for each variant.')
  .max(32, 'A variant name is at most 32 characters.')
  .regex(VARIANT, 'Use lower-case letters, digits, dashes and underscores for variant names.');

const WEIGHT_TEXT = 'A weight is a whole number from 0 to 1000.';
/** A weight as typed: digits only (an empty field is an error, not 0). */
export const Weight = z
  .string({ required_error: WEIGHT_TEXT })
  .trim()
  .regex(/^\d{1,4}$/, WEIGHT_TEXT)
  .transform(Number)
  .pipe(z.number().max(MAX_WEIGHT, WEIGHT_TEXT));

/** Why a list of variants cannot be used (too few, repeated names, all weights 0), else null. */
export function variantsProblem(variants: Variant[]): string | null {
  if (variants.length < MIN_VARIANTS) return `An experiment needs at least ${MIN_VARIANTS} variants.`;
  if (variants.length > MAX_VARIANTS) return `An experiment has at most ${MAX_VARIANTS} variants.`;
  if (new Set(variants.map((v) => v.name)).size !== variants.length) return 'Each variant needs a different name.';
  if (variants.every((v) => v.weight === 0)) return 'At least one variant needs a weight above 0.';
  return null;
}

/** Each variant's share of visitors, in percent (one decimal). */
export function shares(variants: Variant[]): number[] {
  const total = variants.reduce((n, v) => n + v.weight, 0);
  return variants.map((v) => (total === 0 ? 0 : Math.round((v.weight / total) * 1000) / 10));
}

/**
 * Draws a variant by weight: `random()` in [0, 1) picks a point on the summed weights (injected, so
 * tests are deterministic). A variant of weight 0 is never drawn.
 */
export function pickVariant(variants: Variant[], random: () => number = Math.random): string {
  const total = variants.reduce((n, v) => n + v.weight, 0);
  if (total <= 0) return variants[0].name;
  let point = Math.min(Math.max(random(), 0), 0.999999999) * total;
  for (const v of variants) {
    if (point < v.weight) return v.name;
    point -= v.weight;
  }
  return variants[variants.length - 1].name;
}

/**
 * The visitor's variants for the running experiments: a variant already given (the cookie) is
 * kept while the experiment runs and still has it; every other experiment draws one. Experiments
 * no longer running drop out, so they assign nobody.
 */
export function assign(running: Running[], current: Assignment, random: () => number = Math.random): Assignment {
  const out: Assignment = {};
  for (const e of running) {
    const kept = current[e.name];
    const keep = kept !== undefined && e.variants.some((v) => v.name === kept && v.weight > 0);
    out[e.name] = keep ? kept : pickVariant(e.variants, random);
  }
  return out;
}

/** `hero:b,banner:a` as pairs (the override parameter and the cookie share this text). */
export function parsePairs(raw: string | null | undefined): Assignment {
  const out: Assignment = {};
  if (!raw || raw.length > 1024) return out;
  for (const part of raw.split(',').slice(0, MAX_ACTIVE * 2)) {
    const i = part.indexOf(':');
    if (i <= 0) continue;
    const name = part.slice(0, i);
    const variant = part.slice(i + 1);
    if (NAME.test(name) && name.length <= 40 && VARIANT.test(variant) && variant.length <= 32) out[name] = variant;
  }
  return out;
}

export function formatPairs(a: Assignment): string {
  return Object.entries(a)
    .map(([k, v]) => `${k}:${v}`)
    .join(',');
}

/**
 * The override an internal user asked for: only pairs naming a running experiment and one of its
 * variants count (a mistyped one is ignored, never an error page).
 */
export function overrideOf(params: URLSearchParams, running: Running[]): Assignment {
  const asked = parsePairs(params.getAll(OVERRIDE_PARAM).join(','));
  const out: Assignment = {};
  for (const [name, variant] of Object.entries(asked)) {
    const e = running.find((x) => x.name === name);
    if (e?.variants.some((v) => v.name === variant)) out[name] = variant;
  }
  return out;
}

/** Whether two assignments are the same (the cookie is sent again only when it changed). */
export function sameAssignment(a: Assignment, b: Assignment): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

/**
 * Whether a template source reads the visitor's variants (so the page differs between them): any
 * mention of `experiments` or `experimentEntries` (a mention in text only costs the page's caching).
 */
export function readsExperiments(source: string | undefined): boolean {
  return source !== undefined && /experiments|experimentEntries/.test(source);
}
