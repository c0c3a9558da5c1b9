// `npm test` after the build: runs the suites side by side (Playwright once lint and unit are done), and
// ends with the ten slowest test files, the slowest journeys, each part's time and CPU, and the
// summed `N passed, N failed` lines. Why parallel: docs/decisions/0032-ci-in-parallel-parts.md.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// HTTP_SHARDS servers, each with its own database, take a share of the HTTP suite's files; the
// files of one share still run one at a time against their server (rate limits, stock).
const shards = Math.max(1, Number(process.env.HTTP_SHARDS || 2));
// On PostgreSQL the last share's server runs 2 cluster workers (issue 29: the suite runs against
// several workers, as production may); the embedded database serves one process, so without a
// PostgreSQL every share stays single. An HTTP_SERVER_WORKERS of the caller's applies to every share.
const postgres = Boolean(process.env.STOREFRONT_TEST_POSTGRES || process.env.E2E_DATABASE_URL);
const workersOf = (i) =>
  process.env.HTTP_SERVER_WORKERS === undefined && postgres && shards > 1 && i === shards - 1 ? { HTTP_SERVER_WORKERS: '2' } : {};
const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
// Every part starts at once but Playwright, which waits for lint and unit only: the HTTP shares'
// last minutes mostly wait on their servers and PostgreSQL, so the journeys use the core they leave.
const parts = [
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'unit', cmd: [process.execPath, ...vitest, '--project', 'unit'] },
  ...Array.from({ length: shards }, (_, i) => ({
    name: `http ${i + 1}/${shards}${workersOf(i).HTTP_SERVER_WORKERS ? ' (2 workers)' : ''}`,
    cmd: [process.execPath, ...vitest, '--project', 'http', ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : [])],
    env: workersOf(i),
  })),
  { name: 'e2e', cmd: [process.execPath, 'node_modules/@playwright/test/cli.js', 'test'], after: ['lint', 'unit'] },
];

const logs = mkdtempSync(join(tmpdir(), 'storefront-test-logs-'));
const since = (t) => `${((Date.now() - t) / 1000).toFixed(0)} s`;

/**
 * CPU seconds (user + system) of this runner's children that have ended, with theirs: cutime and
 * cstime of /proc/self/stat. The machine's cores are saturated while the parts run side by side, so a
 * part's wall time says little about what it costs; its CPU does. The count grows only when a part
 * ends (the parts are this process's only children), so each growth is the part that just ended.
 */
let cpuSeen = childCpu();
function childCpu() {
  if (!existsSync('/proc/self/stat')) return undefined;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  // Fields 16 and 17 (1-based) of the whole line are cutime and cstime, in clock ticks of 1/100 s.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
const started = Date.now();
const done = [];

/** Runs one part with its output in a file, printed whole when it ends (parts never interleave). */
function run(part) {
  const t = Date.now();
  const file = join(logs, `${part.name.replace(/\W+/g, '-')}.log`);
  const out = createWriteStream(file);
  process.stdout.write(`== ${part.name}: started (${part.cmd.slice(-3).join(' ')})\n`);
  return new Promise((resolve) => {
    const child = spawn(part.cmd[0], part.cmd.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...part.env, FORCE_COLOR: '0' },
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      // Read now: another part that ends while this one's output is written would count here too.
      const now = childCpu();
      const cpu = now === undefined ? undefined : now - cpuSeen;
      cpuSeen = now;
      out.end(() => {
        const text = readFileSync(file, 'utf8');
        const ok = code === 0;
        process.stdout.write(`\n== ${part.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${since(t)}\n${text}\n`);
        done.push({ name: part.name, ok, seconds: (Date.now() - t) / 1000, cpu, text });
        resolve(ok);
      });
    });
  });
}

// A failed part does not stop the others, nor those that wait for it: one run shows every failure.
const runs = new Map();
const start = (part) => {
  if (!runs.has(part.name)) {
    const waits = (part.after ?? []).map((name) => start(parts.find((p) => p.name === name)));
    runs.set(
      part.name,
      Promise.all(waits).then(() => run(part)),
    );
  }
  return runs.get(part.name);
};
const results = await Promise.all(parts.map(start));
const ok = !results.includes(false);
rmSync(logs, { recursive: true, force: true });

// The lines CI tools read: vitest's parts summed, then Playwright's own.
let passed = 0;
let failed = 0;
for (const part of done) {
  for (const m of part.text.matchAll(/^(\d+) passed, (\d+) failed/gm)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
}
// The slowest files over every vitest part: each part's reporter lists its own slowest
// (tests/support/summary-reporter.ts), so the ten slowest of all are among those lists.
const files = done
  .flatMap((p) => [...(p.text.match(/^slowest test files:\n((?: +[\d.]+ s {2}.+\n?)+)/m)?.[1].matchAll(/^ +([\d.]+) s {2}(.+)$/gm) ?? [])])
  .map((m) => ({ seconds: Number(m[1]), line: m[0] }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 10);
if (files.length) process.stdout.write(`\nthe ten slowest test files (vitest parts):\n${files.map((f) => f.line).join('\n')}\n`);
const journeys = done.find((p) => p.name === 'e2e')?.text.match(/^slowest journeys:\n(?: +[\d.]+ s {2}.+\n?)+/m)?.[0];
if (journeys) process.stdout.write(`\n${journeys.trimEnd()}\n`);
process.stdout.write(`\nparts (total ${since(started)}; cpu: user + system seconds of the part's processes):\n`);
for (const p of done) {
  const cpu = p.cpu === undefined ? '' : `  cpu ${p.cpu.toFixed(0).padStart(5)} s`;
  process.stdout.write(`  ${p.seconds.toFixed(0).padStart(5)} s${cpu}  ${p.name}${p.ok ? '' : '  FAILED'}\n`);
}
// What failed, named again last: CI keeps only the tail of this output.
const failures = done.flatMap((p) =>
  [...p.text.matchAll(/^failed (?:tests|journeys):\n((?: {2}.+\n?)+)/gm)].map((m) => `${p.name}:\n${m[1].trimEnd()}`),
);
if (failures.length) process.stdout.write(`\nfailed:\n${failures.join('\n')}\n`);
else if (!ok)
  process.stdout.write(
    `\nfailed: ${done
      .filter((p) => !p.ok)
      .map((p) => p.name)
      .join(', ')} (see its output above)\n`,
  );
const e2e = done.find((p) => p.name === 'e2e')?.text.match(/^e2e: .*$/m)?.[0];
process.stdout.write(`\n${passed} passed, ${failed} failed\n${e2e ? `${e2e}\n` : ''}`);
process.exit(ok ? 0 : 1);
