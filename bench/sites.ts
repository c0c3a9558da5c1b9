// npm run bench:sites [-- --sites N] [--sample K] [--plateau M] [--json FILE]
//   (exactly: node --expose-gc --import tsx bench/sites.ts [--sites N]; without --expose-gc the
//   bench turns it on itself through v8.setFlagsFromString, so `tsx bench/sites.ts` works too)
// How many sites one database and one app process hold (issue 11, ADR 0008): creates N small
// sites (95% journal, 5% store) on a fresh database, then measures in the same process the
// creation time per site, the database size per site, the first page of a cold site against a
// warm one, the heap the caches hold per site, and the plateau of the heap when many more sites
// are warmed than the read cache's byte bound holds (M sites in all, by default one and a half times what
// the bound holds: the bench creates the sites beyond N for that part).
// DATABASE_URL set: a throw-away database `storefront_bench_<random>` on that server, dropped at
// the end. Unset: an in-memory PGlite.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import { redact } from '../db/client.server.js';
import { option } from './support/options.js';
import { openThrowAwayDb } from './support/throw-away-db.js';

const here = dirname(fileURLToPath(import.meta.url));
const N = Number(option('--sites') ?? 1000);
const SAMPLE = Math.min(Number(option('--sample') ?? 200), Math.floor(N / 2));
const plateauOption = option('--plateau');
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/sites.json'));
if (!Number.isInteger(N) || N < 10) throw new Error('--sites must be an integer of at least 10');

process.env.LOG_LEVEL ??= 'warn';

// A heap measurement means nothing without a full collection first.
const gc: () => void =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as () => void;
  })();
function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

const url = process.env.DATABASE_URL?.trim();

/** The bench's database: a throw-away one on DATABASE_URL's server, else an in-memory PGlite. */
const openBenchDb = () => openThrowAwayDb(url ?? null, { max: 10 });

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const stats = (xs: number[]) => ({ n: xs.length, p50: pct(xs, 50), p99: pct(xs, 99), max: Math.max(...xs) });
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const MB = 1024 * 1024;

const { db, drop } = await openBenchDb();
// The app's catalogs read the process-wide database (getDb): hand them this one, as a server
// process that opened it would (the holder db/client.server.ts keeps on globalThis).
(globalThis as Record<symbol, unknown>)[Symbol.for('storefront.db')] = Promise.resolve(db);

const { createSite } = await import('../app/sites/create.server.js');
const { loadSite, resolvePath } = await import('../app/catalog/catalog.server.js');
const { pageContext, templateFor } = await import('../app/storefront/context.server.js');
const { renderPage, compileCacheStats } = await import('../app/storefront/render.server.js');

const sql = db.sql;
const TABLES = [
  'website',
  'website_domain',
  'theme_template',
  'collection',
  'item',
  'product',
  'variant',
  'product_category',
  'navigation',
];

async function sizes(): Promise<{ database: number; tables: number; rows: number }> {
  const [r] = await sql<{ database: string; tables: string }[]>`
    select pg_database_size(current_database())::bigint as database,
           coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint as tables
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r'`;
  let rows = 0;
  for (const t of TABLES) rows += (await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from "${t}"`))[0].n;
  return { database: Number(r.database), tables: Number(r.tables), rows };
}

interface Made {
  websiteId: string;
  host: string;
  theme: 'journal' | 'store';
}

/** loadSite + resolvePath('/') + pageContext + renderPage: a site's home page, as a route makes it. */
async function homePage(s: Made): Promise<number> {
  const site = await loadSite(s.websiteId);
  const resolved = await resolvePath(s.websiteId, '/');
  const ctx = pageContext(site, resolved, { url: new URL(`http://${s.host}/`) });
  const page = renderPage(site, templateFor(resolved), ctx);
  if (page.html.length < 200 || page.errors.length > 0)
    throw new Error(`${s.host}: the home page did not render (${page.errors.length} errors)`);
  return page.html.length;
}

const started = Date.now();
let exitCode = 0;
try {
  console.log(
    `sites bench: ${N} sites on ${db.kind === 'postgres' ? `PostgreSQL ${redact(url!)}` : 'in-memory PGlite'}, ${os.cpus().length} cores`,
  );

  // 1. Creation.
  await sql`vacuum analyze`.catch(() => {});
  const before = await sizes();
  const made: Made[] = [];
  const createMs: number[] = [];
  const createdBy: Record<string, number[]> = { journal: [], store: [] };
  for (let i = 0; i < N; i++) {
    const theme = i % 20 === 10 ? 'store' : 'journal';
    const t0 = process.hrtime.bigint();
    const { websiteId, host } = await createSite(sql, { name: `Site ${i}`, theme });
    const t = ms(t0);
    createMs.push(t);
    createdBy[theme].push(t);
    made.push({ websiteId, host, theme });
    if ((i + 1) % 250 === 0) console.log(`  created ${i + 1} sites`);
  }
  await sql`vacuum analyze`.catch(() => {});
  const after = await sizes();
  const creation = {
    all: stats(createMs),
    journal: stats(createdBy.journal),
    store: stats(createdBy.store),
    totalSeconds: createMs.reduce((a, b) => a + b, 0) / 1000,
  };
  const perSite = {
    databaseBytes: (after.database - before.database) / N,
    tableBytes: (after.tables - before.tables) / N,
    rows: (after.rows - before.rows) / N,
  };

  // 2. The process's very first page: compiles the theme's templates (shared by every site after).
  const first = made[0];
  let t0 = process.hrtime.bigint();
  await homePage(first);
  const firstPageMs = ms(t0);

  // 3. Cold sites (never touched by this process) against warm ones, and the heap they hold.
  const sample = made.slice(1, 1 + SAMPLE);
  const heap0 = heapUsed();
  const coldMs: number[] = [];
  const coldBy: Record<string, number[]> = { journal: [], store: [] };
  for (const s of sample) {
    t0 = process.hrtime.bigint();
    await homePage(s);
    const t = ms(t0);
    coldMs.push(t);
    coldBy[s.theme].push(t);
  }
  const heap1 = heapUsed();
  const heapPerSite = (heap1 - heap0) / sample.length;
  // The read cache's own weight of a site (what its byte bound counts): twice the JSON length.
  const site1 = await loadSite(sample[0].websiteId);
  const accountedPerSite = 2 * (JSON.stringify(site1).length + JSON.stringify(await resolvePath(sample[0].websiteId, '/')).length);
  const templateShare = (2 * JSON.stringify(site1.templates).length) / accountedPerSite;
  const warmMs: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const s of sample) {
      t0 = process.hrtime.bigint();
      await homePage(s);
      warmMs.push(ms(t0));
    }
  }

  // 4. The bound: warm many more sites than the read cache holds, one after the other, the heap
  // sampled after a full collection. Sites beyond N are created for it (their creation is timed too).
  const sitesThatFit = Math.floor((64 * MB) / accountedPerSite);
  const total = Math.max(N, Number(plateauOption ?? Math.ceil(1.5 * sitesThatFit)));
  const growMs: number[] = [];
  for (let i = N; i < total; i++) {
    const theme = i % 20 === 10 ? 'store' : 'journal';
    t0 = process.hrtime.bigint();
    const { websiteId, host } = await createSite(sql, { name: `Site ${i}`, theme });
    growMs.push(ms(t0));
    made.push({ websiteId, host, theme });
    if ((i + 1) % 1000 === 0) console.log(`  created ${i + 1} sites`);
  }
  const atTotal = total > N ? await sizes() : after;
  const curve: { warmed: number; heapMB: number }[] = [{ warmed: 0, heapMB: heapUsed() / MB }];
  const step = Math.max(50, Math.floor(made.length / 25));
  let warmed = 0;
  const plateauStart = Date.now();
  for (const s of made) {
    await homePage(s);
    warmed++;
    if (warmed % step === 0 || warmed === made.length) curve.push({ warmed, heapMB: heapUsed() / MB });
  }
  const plateauSeconds = (Date.now() - plateauStart) / 1000;
  // The plateau: the samples after the cache's bound was first reached.
  const tail = curve.filter((c) => c.warmed >= sitesThatFit).map((c) => c.heapMB);
  const plateau = { minMB: Math.min(...tail), maxMB: Math.max(...tail), peakMB: Math.max(...curve.map((c) => c.heapMB)) };
  const cacheBoundMB = 64 + 32; // catalog read cache + rendered pages (this bench renders, it does not cache pages)
  // 5. Report.
  const f = (x: number, d = 1) => x.toFixed(d);
  const rows: [string, string][] = [
    ['database', db.kind === 'postgres' ? 'PostgreSQL (throw-away database)' : 'PGlite, in memory'],
    ['sites created', `${N} (${createdBy.journal.length} journal, ${createdBy.store.length} store)`],
    ['create per site, p50 / p99', `${f(creation.all.p50)} / ${f(creation.all.p99)} ms`],
    ['  journal p50 / store p50', `${f(creation.journal.p50)} / ${f(creation.store.p50)} ms`],
    ['  all N sites', `${f(creation.totalSeconds)} s`],
    [
      'database size per site',
      `${f(perSite.databaseBytes / 1024)} KB (tables and indexes ${f(perSite.tableBytes / 1024)} KB, ${f(perSite.rows)} rows)`,
    ],
    ['first page of the process', `${f(firstPageMs)} ms (compiles the theme)`],
    [`cold site home, p50 / p99 (${sample.length})`, `${f(coldMs.length ? stats(coldMs).p50 : NaN, 2)} / ${f(stats(coldMs).p99, 2)} ms`],
    ['  journal p50 / store p50', `${f(pct(coldBy.journal, 50), 2)} / ${f(pct(coldBy.store, 50), 2)} ms`],
    ['warm site home, p50 / p99', `${f(stats(warmMs).p50, 2)} / ${f(stats(warmMs).p99, 2)} ms`],
    [
      'heap per warm site',
      `${f(heapPerSite / 1024)} KB (read cache counts ${f(accountedPerSite / 1024)} KB, ${f(100 * templateShare, 0)}% templates)`,
    ],
    ['sites the 64 MB read cache holds', `~${sitesThatFit}`],
    ...(total > N
      ? ([
          [`create, growing to ${total} sites`, `p50 ${f(pct(growMs, 50))} / p99 ${f(pct(growMs, 99))} ms`],
          [`database size per site at ${total}`, `${f((atTotal.database - before.database) / total / 1024)} KB`],
        ] as [string, string][])
      : []),
    [
      `heap warming ${made.length} sites`,
      `${f(curve[0].heapMB)} MB -> plateau ${f(plateau.minMB)}-${f(plateau.maxMB)} MB after ${sitesThatFit} sites, peak ${f(plateau.peakMB)} MB`,
    ],
    ['compiled templates kept', `${compileCacheStats().size} (${compileCacheStats().compiles} compiles)`],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log('');
  for (const [k, v] of rows) console.log(`${k.padEnd(w)}  ${v}`);
  console.log(`\nheap after a full GC as sites are warmed (${step} per step):`);
  console.log(curve.map((c) => `${c.warmed}:${f(c.heapMB)}`).join('  '));

  const result = {
    date: new Date().toISOString(),
    database: db.kind,
    cores: os.cpus().length,
    node: process.version,
    sites: N,
    sample: sample.length,
    creationMs: creation,
    perSite: { ...perSite, before, after },
    firstPageMs,
    coldHomeMs: { all: stats(coldMs), journal: stats(coldBy.journal), store: stats(coldBy.store) },
    warmHomeMs: stats(warmMs),
    heap: {
      perSiteBytes: heapPerSite,
      accountedPerSiteBytes: accountedPerSite,
      templateShare,
      sitesThatFit,
      cacheBoundMB,
      sitesWarmed: made.length,
      plateau,
      curve,
      plateauSeconds,
    },
    growing: { sites: total, createMs: growMs.length ? stats(growMs) : null, sizes: atTotal },
    compileCache: compileCacheStats(),
    seconds: (Date.now() - started) / 1000,
  };
  mkdirSync(dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, JSON.stringify(result, null, 2));
  console.log(`\n${f(result.seconds)} s in all; wrote ${jsonFile}`);
} catch (e) {
  console.error(e);
  exitCode = 1;
} finally {
  await db.close();
  await drop();
}
process.exit(exitCode);
