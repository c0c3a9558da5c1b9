// The journeys' `test`: each worker's journeys run on a site of that worker's own (made by the server's
// start, tests/e2e/sites.ts), so journeys running at once never change what another reads. `baseURL`
// is that site's address, and `site.signIn` lands in /config with that site current. A journey that
// changes what every page of a site shows takes a site of its own instead: `test.use({ ownSite })`.
// Journeys on the demo store itself (127.0.0.1's site) take `demoTest`. Both give each journey a
// client address of its own.
import { randomInt } from 'node:crypto';
import dns from 'node:dns';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { OWNER, signIn } from './journey.js';

export { expect };

// Chromium takes every *.localhost name for this machine (RFC 6761), Node's resolver here does not:
// the worker's own requests (page.request, the request fixture) get the same rule.
const lookup = dns.promises.lookup;
dns.promises.lookup = ((host: string, options: dns.LookupOptions) =>
  lookup(host.endsWith('.localhost') ? '127.0.0.1' : host, options)) as typeof lookup;

export interface Site {
  /** The site's id (website.id). */
  id: string;
  /** Its name, which page titles end with. */
  title: string;
  /** Its temporary domain: Chromium sends *.localhost to this machine. */
  host: string;
  /** The id of a row of the starting theme (`itm-saltgrass-gift-card`) on this site, which prefixes them. */
  ref(seedId: string): string;
  /** Signs `who` (the owner by default) in on this site's address; /config then edits this site. */
  signIn(page: Page, who?: { email: string; password: string }): Promise<void>;
}

/** A site made for the run by tests/e2e/sites.ts. */
interface WorkerSite {
  websiteId: string;
  host: string;
  title: string;
}

/** The run's sites as tests/e2e/sites.ts wrote them. */
function runSites(): { workers: WorkerSite[]; own: Record<string, WorkerSite> } {
  return JSON.parse(readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'e2e-sites.json'), 'utf8'));
}

/**
 * The journeys on the demo store: each comes from an address of its own (X-Forwarded-For, which the
 * e2e server believes: TRUST_PROXY in playwright.config.ts). Every browser of the run is on 127.0.0.1,
 * so the per-address limits (8 form posts a minute, 300 analytics requests in 30 s, 30 cart changes in
 * 6 s, sign-ins) were otherwise shared by every journey of all three workers, and one journey's
 * refusal came from what others had sent. The header goes with every request of the test's contexts:
 * the page's own fetch and sendBeacon, the `request` fixture, and contexts made with
 * browser.newContext() (Playwright gives those the test's context options too, unless the call names
 * extraHTTPHeaders itself). A journey that tests a limit pins its address with
 * `test.use({ extraHTTPHeaders: {...} })`.
 */
export const demoTest = base.extend({
  // eslint-disable-next-line no-empty-pattern -- an option fixture that needs no other fixture
  extraHTTPHeaders: async ({}, use) => use({ 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` }),
});

export const test = demoTest.extend<{ site: Site; ownSite: string | undefined; journeySite: WorkerSite }, { workerSite: WorkerSite }>({
  workerSite: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use, workerInfo) => {
      const mine = runSites().workers[workerInfo.parallelIndex];
      if (!mine) throw new Error(`No site for worker ${workerInfo.parallelIndex}: set E2E_WORKERS rather than --workers.`);
      await use(mine);
    },
    { scope: 'worker' },
  ],
  /** The name of the site of this journey's own (with the project: OWN_SITES in sites.ts), else the worker's. */
  ownSite: [undefined, { option: true }],
  journeySite: async ({ workerSite, ownSite }, use, testInfo) => {
    if (!ownSite) return use(workerSite);
    const key = `${ownSite} ${testInfo.project.name}`;
    const own = runSites().own[key];
    if (!own) throw new Error(`No site "${key}": add it to OWN_SITES in tests/e2e/sites.ts.`);
    await use(own);
  },
  baseURL: async ({ journeySite }, use) => {
    await use(`http://${journeySite.host}:${process.env.E2E_PORT}`);
  },
  site: async ({ journeySite, javaScriptEnabled }, use) => {
    await use({
      id: journeySite.websiteId,
      host: journeySite.host,
      title: journeySite.title,
      ref: (seedId) => `${journeySite.websiteId}-${seedId}`,
      async signIn(page, who = OWNER) {
        // Signed in on the site's own address, /config edits that site.
        await signIn(page, javaScriptEnabled, who);
        await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(journeySite.websiteId);
      },
    });
  },
});
