// Finds the folders shipped next to the code (migrations, theme sources) whether this module runs
// from its source file (tsx, Vite dev, tests) or from a bundle under build/ (npm start).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { projectRootFromEnv } from './env.server.js';

/** The absolute path of `rel` (relative to the project root, e.g. "db/migrations"). */
export function projectPath(rel: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = projectRootFromEnv();
  const candidates = [
    root ? path.resolve(root, rel) : null,
    // db/paths.server.ts -> the project root is one level up
    path.resolve(here, '..', rel),
    // build/server/index.js -> two levels up
    path.resolve(here, '..', '..', rel),
    path.resolve(process.cwd(), rel),
  ];
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  throw new Error(`Cannot find ${rel} (looked in ${candidates.filter(Boolean).join(', ')}); set STOREFRONT_ROOT to the project folder.`);
}
