// The live preview's time per keystroke in Chromium (issue 13, target 50 ms): the engine's browser
// build (engine/browser-build.mjs) loaded into a blank page, then, per keystroke, the edited
// wright-sized page template compiled and rendered and the seed layout rendered around it, as the
// theme editor does (app/components/config/ThemePreview.tsx). Both backends; medians and p95.
// Usage: npx tsx bench/preview-browser.ts [KEYSTROKES]   (Debian's chromium, as the e2e tests use)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { chromium } from '@playwright/test';
import { buildBrowserEngine } from '../engine/browser-build.mjs';
import { SEED_LAYOUT } from './preview.js';
import { loadWright } from './workloads.js';

const ORIGIN = 'http://engine.test';
const keystrokes = Number(process.argv[2] ?? 200);
const dir = mkdtempSync(join(tmpdir(), 'preview-bench-'));
await buildBrowserEngine(dir);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>preview bench</title>' });
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
  const w = loadWright();
  const result = await page.evaluate(
    async ({ template, json, partials, layout, keystrokes }) => {
      const url = '/engine.js';
      const engine = await import(url);
      await engine.prepare(json, { locale: 'en' });
      const out: Record<string, { medianMs: number; p95Ms: number; maxMs: number }> = {};
      for (const backend of ['wasm', 'ts']) {
        const compiled: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(partials as Record<string, string>)) compiled[k] = engine.compile(v, { backend }).code;
        const layoutCode = engine.compile(layout, { backend }).code;
        const opts = { backend, locale: 'en', partials: compiled, now: 0 };
        const times: number[] = [];
        for (let i = 0; i < keystrokes + 20; i++) {
          const t0 = performance.now();
          const code = engine.compile(`${template}${i % 10}`, { backend }).code;
          const main = engine.render(code, json, opts);
          engine.render(layoutCode, { ...(json as object), mainContent: main.output }, opts);
          if (i >= 20) times.push(performance.now() - t0); // the first ones warm the JIT up
        }
        times.sort((a, b) => a - b);
        // No helper function here: tsx would wrap it in a __name() the page does not have.
        const [median, p95, max] = [0.5, 0.95, 1].map((q) =>
          Number(times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2)),
        );
        out[backend] = { medianMs: median, p95Ms: p95, maxMs: max };
      }
      return out;
    },
    { template: w.template, json: w.json, partials: w.partials, layout: SEED_LAYOUT, keystrokes },
  );
  console.log(`preview per keystroke in Chromium (wright-sized template + seed layout, ${keystrokes} keystrokes; target 50 ms):`);
  console.table(result);
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
