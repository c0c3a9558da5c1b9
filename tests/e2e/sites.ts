// Run by serve.mjs before the server starts (E2E_SITES=N): makes the e2e run's N sites, one per
// Playwright worker, and one per journey that needs a site to itself (OWN_SITES; tests/e2e/fixtures.ts),
// from the demo shop's starting theme, on the database the server then opens (the server's start makes
// OWNER_EMAIL their administrator). Made here, not through /config/sites/new, whose limit of a few
// sites an hour per owner stays as it is.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../db/client.server.js';
import { databaseFromEnv } from '../../db/env.server.js';
import { createSite } from '../../app/sites/create.server.js';

/** What tests/e2e/fixtures.ts reads: the workers' sites in worker order, and the journeys' own by key. */
export const SITES_FILE = 'e2e-sites.json';

/**
 * The journeys that change what every page of a site shows (a running experiment, the restock CAPTCHA,
 * the listing-view beta, a popup and a splash page), so that not even the later journeys of their worker may share it: the key
 * is `test.use({ ownSite })`'s name and the Playwright project.
 */
const OWN_SITES = ['experiments js', 'experiments no-js', 'restock-captcha js', 'listing-views js', 'overlays js', 'overlays no-js'];

async function main(): Promise<void> {
  const n = Number(process.env.E2E_SITES);
  const dataDir = process.env.DATA_DIR;
  if (!Number.isInteger(n) || n < 1 || !dataDir) throw new Error('E2E_SITES (a count) and DATA_DIR are required');
  const db = await openDb({ ...databaseFromEnv(), log: () => {} });
  try {
    const make = async (title: string) => ({ title, ...(await createSite(db.sql, { name: title, theme: 'store' })) });
    const workers = [];
    for (let i = 1; i <= n; i++) workers.push(await make(`E2E worker ${i}`));
    const own: Record<string, Awaited<ReturnType<typeof make>>> = {};
    for (const key of OWN_SITES) own[key] = await make(`E2E ${key}`);
    writeFileSync(join(dataDir, SITES_FILE), JSON.stringify({ workers, own }));
  } finally {
    await db.close();
  }
}

await main();
