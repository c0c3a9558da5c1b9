// npm run bench:translations [-- --runs N]
// What a page in another language (issue 16, ADR 0019) costs per request besides the default
// language's work: the translated fields read over the catalog's resolved page (translateResolved)
// and the site's slug map and labels (siteLocalization), each read fresh (the catalog generation
// bumped before every call: what every request paid before these reads were cached) and from the
// cache. On a throw-away seeded database (the PostgreSQL of DATABASE_URL, else 127.0.0.1:5432 when
// it answers, else an in-memory PGlite); median and p95 per call, in milliseconds.
import { createCatalog } from '../app/catalog/catalog.server.js';
import { catalogChanged } from '../app/catalog/changes.server.js';
import { readSiteLocalization, siteLocalization, localizationOf } from '../app/languages/site-localization.server.js';
import { localPath } from '../app/languages/slug-paths.js';
import { translateResolved } from '../app/languages/translations.server.js';
import { option } from './support/options.js';
import { openThrowAwayDb } from './support/throw-away-db.js';

const RUNS = Number(option('--runs') ?? 300);
const SITE = 'saltgrass';
const LANGS = { defaultCode: 'en', codes: ['en', 'fr'] };

async function serverUrl(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const postgres = (await import('postgres')).default;
  const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return 'postgres://postgres@127.0.0.1:5432/postgres';
  } catch {
    return null;
  } finally {
    await sql.end({ timeout: 1 });
  }
}

async function time(fn: () => Promise<unknown>, fresh: boolean): Promise<{ median: number; p95: number }> {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (fresh) catalogChanged(SITE);
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { median: ms[Math.floor(ms.length / 2)], p95: ms[Math.floor(ms.length * 0.95)] };
}

const { db, name, drop } = await openThrowAwayDb(await serverUrl(), { max: 4, seedIfEmpty: true });
try {
  const catalog = createCatalog(db.sql, { websiteId: SITE });
  const { slugs } = localizationOf(await readSiteLocalization(db.sql, SITE), 'fr');
  const to = (p: string) => localPath(p, 'fr', LANGS, slugs);
  const rows: [string, { median: number; p95: number }][] = [];
  for (const path of ['/shop/p/tide-pool-mug', '/shop']) {
    const resolved = await catalog.resolvePath(path);
    const read = () => translateResolved(db.sql, SITE, resolved, 'fr', to);
    rows.push([`translateResolved ${path}, read fresh (before)`, await time(read, true)]);
    rows.push([`translateResolved ${path}, cached (after)`, await time(read, false)]);
  }
  const map = () => siteLocalization(db.sql, SITE);
  rows.push(['siteLocalization, read fresh', await time(map, true)]);
  rows.push(['siteLocalization, cached', await time(map, false)]);
  console.log(`${RUNS} calls each on ${name ?? 'PGlite'}`);
  for (const [what, r] of rows) console.log(`${what.padEnd(58)} median ${r.median.toFixed(3)} ms  p95 ${r.p95.toFixed(3)} ms`);
} finally {
  await db.close();
  await drop();
}
