// npm run bench [-- --json FILE] [--time MS] [--gate] [--only SUBSTRING]
// Runs every suite in one process (ours on the wasm and ts backends, the published engine, the
// hand-written grid), prints a table, writes JSON with ratios and an SVG chart, checks the gates.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { compile, createEngine, render, type Backend, type Code, type Kernels } from '../engine/node.js';
import { tsKernels } from '../engine/ts/kernels.js';
import { wasmKernels } from '../engine/wasm/kernels.js';
import { scan } from '../engine/ts/scanner.js';
import { wasmScan } from '../engine/wasm/scanner.js';
import { peerCompile, peerRender } from './peer.js';
import { handwrittenGrid } from './handwritten-grid.js';
import { interleaved, type InterleavedResult } from './interleaved.js';
import { loadGrid, loadWright, workloadsPresent, type Workload } from './workloads.js';
import { ratiosSvg } from './chart.js';
import { buildBrowserEngine } from '../engine/browser-build.mjs';
import { tmpdir } from 'node:os';
import { HOSTILE } from './hostile.js';
import { previewKeystroke, SEED_LAYOUT } from './preview.js';
import { option, flag } from './support/options.js';

const here = dirname(fileURLToPath(import.meta.url));
const jsonFile = resolve(option('--json') ?? resolve(here, 'results/latest.json'));
const time = Number(option('--time') ?? 400);
const only = option('--only');

/** Forces a rope string into one flat string, as writing an HTTP response does. */
function flatten(s: string): number {
  return s.indexOf('\u0001');
}

const problems: string[] = [];
function check(label: string, actual: string, expected: string): boolean {
  if (actual === expected) return true;
  let i = 0;
  while (i < actual.length && actual[i] === expected[i]) i++;
  problems.push(`${label}: output differs from the expected file at offset ${i}`);
  return false;
}

const bench = new Bench({ time, warmupTime: Math.min(200, time), throws: true });
const add = (name: string, fn: () => unknown) => {
  if (!only || name.includes(only)) bench.add(name, fn);
};

const backends: Backend[] = ['wasm', 'ts'];

/**
 * The grid's head-to-head, flattened: ours on both backends, the peer and the hand-written limit,
 * timed in interleaved rounds (bench/interleaved.ts) after tinybench, so drift favours no one.
 */
const gridRace: Record<string, () => unknown> = {};
/** The wright compile against the peer's, raced the same way (4 compiles per timing: ~40 us each). */
const compileRace: Record<string, () => unknown> = {};

function engineSuite(w: Workload, label: string) {
  const partials: Record<string, Code> = {};
  for (const b of backends) {
    const code = compile(w.template, { backend: b }).code;
    for (const [k, v] of Object.entries(w.partials)) partials[k] = compile(v, { backend: b }).code;
    const opts = { locale: 'en', partials: { ...partials }, backend: b, now: 0 };
    if (!check(`${label} ours[${b}]`, render(code, w.json, opts).output, w.expected)) continue;
    if (label === 'wright') add(`${label} compile [${b}]`, () => compile(w.template, { backend: b }));
    if (label === 'wright') compileRace[b] = () => compile(w.template, { backend: b });
    add(`${label} render [${b}]`, () => render(code, w.json, opts));
    add(`${label} render flattened [${b}]`, () => flatten(render(code, w.json, opts).output));
    if (label === 'grid') gridRace[b] = () => flatten(render(code, w.json, opts).output);
    add(`${label} compile+render [${b}]`, () => render(compile(w.template, { backend: b }).code, w.json, opts));
  }
  if (label === 'wright') {
    // A configured engine (its own formatter table) must compile as fast as the default one.
    const configured = createEngine({ formatters: { 'bench-noop': () => {} }, backend: 'wasm' });
    add(`${label} compile [wasm, createEngine]`, () => configured.compile(w.template));
  }
  const peerCode = peerCompile(w.template);
  const peerPartials = Object.fromEntries(Object.entries(w.partials).map(([k, v]) => [k, peerCompile(v)]));
  if (check(`${label} peer`, peerRender(peerCode, w.json, peerPartials), w.expected)) {
    if (label === 'wright') add(`${label} compile [peer]`, () => peerCompile(w.template));
    if (label === 'wright') compileRace.peer = () => peerCompile(w.template);
    add(`${label} render [peer]`, () => peerRender(peerCode, w.json, peerPartials));
    add(`${label} render flattened [peer]`, () => flatten(peerRender(peerCode, w.json, peerPartials)));
    if (label === 'grid') gridRace.peer = () => flatten(peerRender(peerCode, w.json, peerPartials));
    add(`${label} compile+render [peer]`, () => peerRender(peerCompile(w.template), w.json, peerPartials));
  }
}

const SIZES: [string, number][] = [
  ['1k', 1024],
  ['64k', 65536],
  ['1m', 1 << 20],
];

/** Realistic text for the kernels: template source and product copy, with markup and accents. */
function corpusText(size: number, base: string): string {
  let s = '';
  while (s.length < size) s += base;
  return s.slice(0, size);
}

function kernelSuite(source: string) {
  const prose = 'Hand-thrown stoneware mug — 350 ml, glazed "sea green" & <b>dishwasher safe</b>. Café au lait! ';
  for (const [label, size] of SIZES) {
    const src = corpusText(size, source);
    const text = corpusText(size, prose);
    const digits = corpusText(Math.min(size, 4096), '1234567890');
    add(`scanner ${label} [wasm]`, () => wasmScan(src));
    add(`scanner ${label} [ts]`, () => scan(src));
    // Results are flattened, as a response would: a rope of slices is not yet a usable string.
    // URL encoding and truncate are not here: the wasm backend uses the reference kernels for
    // them (native encoders; a truncation point is found in O(a word)), see engine/wasm/kernels.ts.
    const kernels: [string, (k: Kernels) => string][] = [
      ['escape', (k) => k.escapeHtml(text)],
      ['attr', (k) => k.escapeAttr(text)],
      ['json', (k) => k.escapeJson(text)],
      ['slugify', (k) => k.slugify(text)],
      ['digits', (k) => k.groupDigits(digits, ',')],
    ];
    for (const [name, run] of kernels) {
      if (run(wasmKernels) !== run(tsKernels)) {
        problems.push(`kernel ${name} ${label}: wasm and ts disagree`);
        continue;
      }
      add(`${name} ${label} [wasm]`, () => flatten(run(wasmKernels)));
      add(`${name} ${label} [ts]`, () => flatten(run(tsKernels)));
    }
  }
}

if (!workloadsPresent()) {
  console.error('../shared/bench is missing: the wright and grid suites need it');
  process.exit(1);
}
const wright = loadWright();
const grid = loadGrid();
engineSuite(wright, 'wright');
engineSuite(grid, 'grid');
if (check('grid handwritten', handwrittenGrid(grid.json as never), grid.expected)) {
  add('grid render [handwritten]', () => handwrittenGrid(grid.json as never));
  add('grid render flattened [handwritten]', () => flatten(handwrittenGrid(grid.json as never)));
  gridRace.handwritten = () => flatten(handwrittenGrid(grid.json as never));
}
kernelSuite(wright.template);

// The browser build (engine/browser.ts) is measured, not timed: what a page loads before it can
// render without locale data (gated), and what loading a locale adds (the runtime once, a pack).
const browserDir = resolve(tmpdir(), `engine-browser-bench-${process.pid}`);
const browser = await buildBrowserEngine(browserDir, { locales: false });
rmSync(browserDir, { recursive: true, force: true });
const sizes: Record<string, number> = {
  'browser.raw_kb': Number((browser.entry.raw / 1024).toFixed(1)),
  'browser.gzip_kb': Number((browser.entry.gzip / 1024).toFixed(1)),
  'browser.en_pack_gzip_kb': Number((browser.enPack.gzip / 1024).toFixed(1)),
  'browser.locale_runtime_gzip_kb': Number((browser.runtime.gzip / 1024).toFixed(1)),
};
/**
 * Hostile templates under the default budget (bench/hostile.ts): each one's time, compile and
 * render, is the cost of the worst template an owner can save. Tested in tests/unit/limits.test.ts.
 */
function hostileSuite() {
  for (const h of HOSTILE) {
    for (const b of backends) {
      const r = render(h.template, h.json, { backend: b });
      if (!r.errors.some((e) => e.message.startsWith(h.error))) {
        problems.push(`hostile ${h.name} [${b}]: did not end with "${h.error}"`);
        continue;
      }
      add(`hostile ${h.name} [${b}]`, () => flatten(render(h.template, h.json, { backend: b }).output));
    }
  }
}
hostileSuite();
// The theme editor's live preview: one keystroke on a wright-sized template inside the seed layout.
for (const b of backends) add(`preview keystroke [${b}]`, previewKeystroke(loadWright(), SEED_LAYOUT, b));

for (const p of problems) console.error(`! ${p}`);
console.error(`running ${bench.tasks.length} tasks, ${time} ms each...`);
bench.runSync();

// Rounds scale with --time (400 ms: 400 rounds, each about 1 ms per function on this machine).
let race: Record<string, InterleavedResult> = {};
if (
  (!only || 'grid render flattened'.includes(only) || only.includes('grid')) &&
  gridRace.handwritten &&
  Object.keys(gridRace).length > 1
) {
  console.error(`grid race: ${Object.keys(gridRace).join(', ')} in interleaved rounds...`);
  race = interleaved(gridRace, { rounds: Math.max(50, time), warmup: 50 });
}
let cRace: Record<string, InterleavedResult> = {};
if ((!only || 'wright compile'.includes(only) || only.includes('wright')) && compileRace.peer && Object.keys(compileRace).length > 1) {
  console.error(`wright compile race: ${Object.keys(compileRace).join(', ')} in interleaved rounds...`);
  cRace = interleaved(compileRace, { rounds: Math.max(200, time * 5), warmup: 200, batch: 4 });
}

const tasks: Record<string, { opsPerSec: number; meanUs: number; p50Us: number; rme: number; samples: number }> = {};
for (const t of bench.tasks) {
  const r = t.result as unknown as { throughput: { mean: number }; latency: { mean: number; p50: number; rme: number }; totalTime: number };
  tasks[t.name] = {
    opsPerSec: r.throughput.mean,
    meanUs: r.latency.mean * 1000,
    p50Us: r.latency.p50 * 1000,
    rme: r.latency.rme,
    samples: t.runs,
  };
}
const ops = (name: string) => tasks[name]?.opsPerSec;
const ratio = (a: string, b: string) => {
  const x = ops(a);
  const y = ops(b);
  return x && y ? Number((x / y).toFixed(3)) : null;
};

/** How many times faster `a` is than `b` in the grid race (below 1: slower). */
const raceRatio = (a: string, b: string, r = race) => {
  const x = r[a]?.medianUs;
  const y = r[b]?.medianUs;
  return x && y ? Number((y / x).toFixed(3)) : null;
};

const ratios: Record<string, number | null> = {
  // Medians of the interleaved compile race (the tinybench figures drift between tasks).
  'wright.compile.vs_peer': raceRatio('wasm', 'peer', cRace),
  'wright.compile_ts.vs_peer': raceRatio('ts', 'peer', cRace),
  'wright.render.vs_peer': ratio('wright render [wasm]', 'wright render [peer]'),
  'wright.render_flattened.vs_peer': ratio('wright render flattened [wasm]', 'wright render flattened [peer]'),
  'wright.compile_render.vs_peer': ratio('wright compile+render [wasm]', 'wright compile+render [peer]'),
  'grid.render.vs_peer': ratio('grid render [wasm]', 'grid render [peer]'),
  // Against the hand-written limit: medians of the interleaved race, flattened.
  'grid.render.vs_handwritten': raceRatio('wasm', 'handwritten'),
  'grid.render_ts.vs_handwritten': raceRatio('ts', 'handwritten'),
  'grid.render_peer.vs_handwritten': raceRatio('peer', 'handwritten'),
  'wright.compile.engine_vs_default': ratio('wright compile [wasm, createEngine]', 'wright compile [wasm]'),
  'wright.render.wasm_vs_ts': ratio('wright render [wasm]', 'wright render [ts]'),
};
for (const [label] of SIZES) {
  for (const k of ['scanner', 'escape', 'attr', 'json', 'slugify', 'digits']) {
    ratios[`${k}.${label}.wasm_vs_ts`] = ratio(`${k} ${label} [wasm]`, `${k} ${label} [ts]`);
  }
}

console.table(
  Object.fromEntries(
    Object.entries(tasks).map(([k, v]) => [
      k,
      { 'ops/s': Math.round(v.opsPerSec), 'mean us': v.meanUs.toFixed(2), 'p50 us': v.p50Us.toFixed(2), '±%': v.rme.toFixed(1) },
    ]),
  ),
);
console.table(ratios);
if (Object.keys(race).length) {
  console.log('grid race, flattened, interleaved rounds (median us per render, multiple of hand-written):');
  const hw = race.handwritten?.medianUs;
  console.table(
    Object.fromEntries(
      Object.entries(race).map(([k, v]) => [
        k,
        { 'median us': v.medianUs.toFixed(1), 'x hand-written': hw ? (v.medianUs / hw).toFixed(2) : '', rounds: v.samples },
      ]),
    ),
  );
}
if (Object.keys(cRace).length) {
  console.log('wright compile race, interleaved rounds (median us per compile):');
  console.table(Object.fromEntries(Object.entries(cRace).map(([k, v]) => [k, { 'median us': v.medianUs.toFixed(1), rounds: v.samples }])));
}
console.log(
  `browser bundle size: ${sizes['browser.raw_kb']} KB raw, ${sizes['browser.gzip_kb']} KB gzip without locale data (on demand: locale runtime ${sizes['browser.locale_runtime_gzip_kb']} KB gzip once, English pack ${sizes['browser.en_pack_gzip_kb']} KB gzip)`,
);

/** Milliseconds per keystroke of the live preview (Node; target 50 ms, issue 13). */
const preview: Record<string, number> = {};
for (const b of backends) {
  const t = tasks[`preview keystroke [${b}]`];
  if (t) preview[b] = Number((t.meanUs / 1000).toFixed(2));
}
if (Object.keys(preview).length) {
  console.log(
    `preview per keystroke (wright-sized template + seed layout, compile + render, Node): ${Object.entries(preview)
      .map(([b, ms]) => `${ms} ms [${b}]`)
      .join(', ')}; target 50 ms`,
  );
}

mkdirSync(dirname(jsonFile), { recursive: true });
const result = {
  previewKeystrokeMs: preview,
  date: new Date().toISOString(),
  node: process.version,
  timeMs: time,
  tasks,
  gridRace: race,
  compileRace: cRace,
  ratios,
  sizes,
  problems,
};
writeFileSync(jsonFile, JSON.stringify(result, null, 2) + '\n');
const svgFile = jsonFile.replace(/\.json$/, '') + '.svg';
writeFileSync(svgFile, ratiosSvg(ratios));
console.log(`wrote ${jsonFile} and ${svgFile}`);

if (flag('--gate')) {
  const file = JSON.parse(readFileSync(resolve(here, 'gates.json'), 'utf8'));
  const gates: Record<string, number> = file.gates;
  let failed = problems.length > 0;
  for (const [key, max] of Object.entries(file.maxima as Record<string, number>)) {
    const v = sizes[key];
    const ok = v !== undefined && v <= max;
    console.log(`${ok ? 'pass' : 'FAIL'} gate ${key}: ${v ?? 'missing'} <= ${max}`);
    if (!ok) failed = true;
  }
  for (const [key, min] of Object.entries(gates)) {
    const v = ratios[key];
    const ok = v !== null && v !== undefined && v >= min;
    console.log(`${ok ? 'pass' : 'FAIL'} gate ${key}: ${v ?? 'missing'} >= ${min}`);
    if (!ok) failed = true;
  }
  process.exit(failed ? 1 : 0);
}
