// The browser build's size gate (issue 10: at most 80 KB gzip before the first render), checked in
// every test run rather than only by the bench, and what must stay out of its entry (ADR 0006).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrowserEngine } from '../../../engine/browser-build.mjs';

const gates = JSON.parse(readFileSync(new URL('../../../bench/gates.json', import.meta.url), 'utf8'));

describe('browser build', () => {
  let dir = '';
  let build: Awaited<ReturnType<typeof buildBrowserEngine>>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engine-browser-unit-'));
    build = await buildBrowserEngine(dir, { locales: false });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the entry under the gate', () => {
    expect(build.entry.files).toContain('engine.js');
    expect(build.entry.gzip / 1024).toBeLessThanOrEqual(gates.maxima['browser.gzip_kb']);
  });

  it('leaves the locale runtime and the zone records to on-demand files', () => {
    // The entry's inputs by package: @phensley/cldr itself (config, index) only in the runtime.
    expect(build.inputs['@phensley/cldr'] ?? 0).toBe(0);
    expect(build.inputs['@phensley/locale-matcher'] ?? 0).toBe(0);
    // The id/alias table stays (about 30 KB raw); every zone's records were 125 KB more.
    expect(build.inputs['@phensley/timezone']).toBeLessThan(40 * 1024);
    const runtime = build.runtime.files.map((f) => readFileSync(join(dir, f), 'utf8')).join('');
    expect(runtime).toContain('ckb-menu-core'); // a language id of the schema config
    expect(build.runtime.gzip).toBeGreaterThan(0);
  });
});
