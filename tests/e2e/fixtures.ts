// The journeys' `test`: each worker's journeys run on a site of that worker's own (made by the server's
// start, tests/e2e/sites.ts), so journeys running at once never change what another reads. `baseURL`
// is that site's address, and `site.signIn` lands in /config with that site current.
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

export const test = base.extend<{ site: Site }, { workerSite: WorkerSite }>({
  workerSite: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use, workerInfo) => {
      const file = join(process.env.E2E_DATA_DIR ?? '', 'e2e-sites.json');
      const sites = JSON.parse(readFileSync(file, 'utf8')) as WorkerSite[];
      const mine = sites[workerInfo.parallelIndex];
      if (!mine) throw new Error(`No site for worker ${workerInfo.parallelIndex}: set E2E_WORKERS rather than --workers.`);
      await use(mine);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workerSite }, use) => {
    await use(`http://${workerSite.host}:${process.env.E2E_PORT}`);
  },
  site: async ({ workerSite, javaScriptEnabled }, use) => {
    await use({
      id: workerSite.websiteId,
      host: workerSite.host,
      title: workerSite.title,
      ref: (seedId) => `${workerSite.websiteId}-${seedId}`,
      async signIn(page, who = OWNER) {
        // Signed in on the site's own address, /config edits that site.
        await signIn(page, javaScriptEnabled, who);
        await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(workerSite.websiteId);
      },
    });
  },
});
