// The browser build of the engine (engine/browser.ts, built by engine/browser-build.mjs) in Chromium:
// the same output and errors as the server's engine on wright and the whole conformance corpus,
// on both backends, with the locale runtime, packs and time zones fetched only when a render needs
// them, and an error (not a date in UTC) when a zone is missing. JS project only.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { buildBrowserEngine } from '../../engine/browser-build.mjs';
import { render, type Backend } from '../../engine/node.js';
import { loadCases } from '../conformance/cases.js';
import { loadWright } from '../../bench/workloads.js';

/** A made-up origin that page.route serves from the build folder: no server involved. */
const ORIGIN = 'http://engine.test';
/** The clock of cases that have none, so that both sides render the same dates. */
const NOW = 1_700_000_000_000;

interface Job {
  name: string;
  template: string;
  json: unknown;
  backend: Backend;
  opts: { locale: string | null; now: number; enableInclude: boolean; partials?: Record<string, string>; injects?: Record<string, string> };
}

let dir = '';
test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'engine-browser-'));
  await buildBrowserEngine(dir);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Opens a blank page on ORIGIN whose files come from the build; returns the paths requested. */
async function open(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    requested.push(path);
    if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>engine</title>' });
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    return route.fulfill({ contentType: 'text/javascript', body: readFileSync(file) });
  });
  await page.goto(`${ORIGIN}/`);
  return requested;
}

/** Renders the jobs in the page with the browser build, preparing each job's locale and zone first. */
function renderInBrowser(page: Page, jobs: Job[]) {
  return page.evaluate(async (jobs) => {
    const url = '/engine.js';
    const engine = await import(url);
    const out: { output: string; errors: string[] }[] = [];
    for (const j of jobs) {
      await engine.prepare(j.json, { locale: j.opts.locale });
      const r = engine.render(j.template, j.json, { ...j.opts, enableExpr: true, backend: j.backend });
      out.push({ output: r.output, errors: r.errors.map(engine.formatError) });
    }
    return out;
  }, jobs);
}

function renderInNode(jobs: Job[]) {
  return jobs.map((j) => {
    const r = render(j.template, j.json, { ...j.opts, enableExpr: true, backend: j.backend });
    return {
      output: r.output,
      errors: r.errors.map(
        (e) =>
          `${e.kind === 'syntax' ? 'SyntaxError' : 'RuntimeError'}: ${e.message}${e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : ''}`,
      ),
    };
  });
}

const backends: Backend[] = ['ts', 'wasm'];

test('fetches no locale pack until a locale asks for one, then only that language', async ({ page }) => {
  const requested = await open(page);
  const out = await page.evaluate(async () => {
    const url = '/engine.js';
    const engine = await import(url);
    const plain = engine.render('{a|html}', { a: '<b>' }, { locale: null }).output;
    const before = engine.render('{n|money}', { n: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'fr-FR' }).output;
    const loaded = await engine.loadLocale('fr-FR');
    const after = engine.render('{n|money}', { n: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'fr-FR' }).output;
    return { plain, loaded, before, after, unknown: await engine.loadLocale('zz-ZZ') };
  });
  expect(out.plain).toBe('&lt;b&gt;');
  expect(out.loaded).toBe(true);
  const server = render('{n|money}', { n: { decimalValue: '1234.5', currencyCode: 'EUR' } }, { locale: 'fr-FR' }).output;
  expect(out.after).toBe(server);
  expect(out.after).not.toBe(out.before);
  expect(requested.filter((p) => p.startsWith('/locales/')).sort()).toEqual(['/locales/fr.js', '/locales/zz.js']);
});

test('fetches a time zone only when asked; a date in a zone not loaded is an error, not UTC', async ({ page }) => {
  const requested = await open(page);
  const template = '{t|date %Y-%m-%d %H:%M %Z}';
  const json = { t: NOW, website: { timeZone: 'Asia/Tokyo' } };
  const out = await page.evaluate(
    async ({ template, json }) => {
      const url = '/engine.js';
      const engine = await import(url);
      const before = engine.render(template, json, { locale: null });
      const loaded = await engine.loadTimeZone('Asia/Tokyo');
      const after = engine.render(template, json, { locale: null }).output;
      return {
        before: { output: before.output, errors: before.errors.map(engine.formatError) },
        loaded,
        after,
        unknown: await engine.loadTimeZone('Not/A_Zone'),
      };
    },
    { template, json },
  );
  expect(out.before.output).toBe('');
  expect(out.before.errors).toEqual([expect.stringContaining('Asia/Tokyo is not loaded')]);
  expect(out.loaded).toBe(true);
  expect(out.after).toBe(render(template, json, { locale: null }).output);
  expect(out.after).toContain('JST');
  expect(out.unknown).toBe(false);
  // Neither the locale runtime nor any pack: a template without localized formats needs neither.
  expect(requested.filter((p) => p !== '/' && !p.startsWith('/chunks/chunk-') && p !== '/engine.js')).toEqual(['/zones/Asia/Tokyo.js']);
});

test('renders wright as the server does, on both backends', async ({ page }) => {
  await open(page);
  const w = loadWright();
  const jobs: Job[] = backends.map((backend) => ({
    name: `wright [${backend}]`,
    template: w.template,
    json: w.json,
    backend,
    opts: { locale: 'en', now: 0, enableInclude: true, partials: w.partials },
  }));
  const node = renderInNode(jobs);
  expect(node[0].output).toBe(w.expected);
  expect(await renderInBrowser(page, jobs)).toEqual(node);
});

test('renders every conformance case as the server does, on both backends', async ({ page }) => {
  await open(page);
  const cases = loadCases();
  expect(cases.length).toBeGreaterThan(300);
  const jobs: Job[] = cases.flatMap((c) =>
    backends.map((backend) => ({
      name: `${c.name} [${backend}]`,
      template: c.template,
      json: c.json,
      backend,
      opts: {
        locale: c.options.locale,
        now: c.options.now ?? NOW,
        enableInclude: c.options.include,
        partials: c.partials,
        injects: c.injects,
      },
    })),
  );
  const node = renderInNode(jobs);
  const browser = await renderInBrowser(page, jobs);
  const differ = jobs.filter((_, i) => JSON.stringify(browser[i]) !== JSON.stringify(node[i])).map((j) => j.name);
  expect(differ).toEqual([]);
  expect(browser.length).toBe(jobs.length);
});
