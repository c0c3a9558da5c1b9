// Reads conformance case files (format: ../shared/conformance/README.md) into plain objects.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CaseOptions {
  locale: string | null;
  now: number | null;
  include: boolean;
}

export interface ConformanceCase {
  name: string;
  file: string;
  options: CaseOptions;
  template: string;
  json: unknown;
  partials?: Record<string, string>;
  injects?: Record<string, string>;
  output: string;
}

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CASES_DIR = resolve(here, '../../../shared/conformance/cases');

const SECTION = /^:([A-Za-z0-9_-]+)\s*$/;

export function parseCase(file: string, text: string): ConformanceCase {
  const sections: Record<string, string[]> = {};
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    const m = SECTION.exec(line);
    if (m) {
      current = sections[m[1]] = [];
    } else if (current) {
      current.push(line);
    }
  }
  const body = (k: string) => (sections[k] ? sections[k].join('\n') : undefined);
  const opts = body('OPTIONS');
  const options: CaseOptions = { locale: 'en', now: null, include: false, ...(opts ? JSON.parse(opts) : {}) };
  const partials = body('PARTIALS');
  const injects = body('INJECT');
  return {
    name: file.split('/').pop()!,
    file,
    options,
    template: body('TEMPLATE') ?? '',
    json: JSON.parse(body('JSON') ?? 'null'),
    partials: partials && partials.trim() ? JSON.parse(partials) : undefined,
    injects: injects && injects.trim() ? JSON.parse(injects) : undefined,
    output: body('OUTPUT') ?? '',
  };
}

/** Loads every case under a directory, or the single case file given. */
export function loadCases(target: string = DEFAULT_CASES_DIR): ConformanceCase[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [parseCase(target, readFileSync(target, 'utf8'))];
  return readdirSync(target)
    .filter((f) => !f.startsWith('.'))
    .sort()
    .map((f) => join(target, f))
    .filter((f) => statSync(f).isFile())
    .map((f) => parseCase(f, readFileSync(f, 'utf8')));
}
