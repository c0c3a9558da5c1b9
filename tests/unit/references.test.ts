// "issue N" and "SPEC N" in the code's comments must point at something in the repo (issue 31):
// every issue cited has its section in docs/issues.md, every SPEC section its heading in docs/product-rules.md.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'build' ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each number cited by `word`, with the first file citing it; lists count too ("issues 10 and 13", "SPEC 3, 4 and 9"). */
function cited(word: string, flags: string): Map<number, string> {
  const found = new Map<number, string>();
  const citation = new RegExp(`\\b${word} (\\d+(?:(?:, | and | or |, and )\\d+)*)`, flags);
  for (const file of ['app', 'engine', 'db'].flatMap((d) => sources(join(root, d)))) {
    for (const m of readFileSync(file, 'utf8').matchAll(citation)) {
      for (const n of m[1].match(/\d+/g) ?? []) {
        if (!found.has(Number(n))) found.set(Number(n), relative(root, file));
      }
    }
  }
  return found;
}

const doc = (name: string) => readFileSync(join(root, 'docs', name), 'utf8');

describe('references in code comments', () => {
  it('every "issue N" has a section in docs/issues.md', () => {
    const issues = cited('issues?', 'gi');
    // The code cites issues from several eras; an empty scan would mean the pattern broke, not that all is well.
    expect(issues.size).toBeGreaterThan(10);
    const headings = new Set([...doc('issues.md').matchAll(/^## Issue (\d+): \S/gm)].map((m) => Number(m[1])));
    const missing = [...issues].filter(([n]) => !headings.has(n)).map(([n, file]) => `issue ${n} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every "SPEC N" has a "(SPEC N)" heading in docs/product-rules.md', () => {
    const sections = cited('SPEC', 'g');
    expect(sections.size).toBeGreaterThan(5);
    const headings = new Set([...doc('product-rules.md').matchAll(/^## .*\(SPEC (\d+)\)$/gm)].map((m) => Number(m[1])));
    const missing = [...sections].filter(([n]) => !headings.has(n)).map(([n, file]) => `SPEC ${n} (${file})`);
    expect(missing).toEqual([]);
  });
});
