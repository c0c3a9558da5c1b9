// Run by serve.mjs before the server starts (E2E_SITES=N): makes the e2e run's N sites, one per
// Playwright worker (tests/e2e/fixtures.ts), from the demo shop's starting theme, on the database the
// server then opens (the server's start makes OWNER_EMAIL their administrator). Made here, not
// through /config/sites/new, whose limit of a few sites an hour per owner stays as it is.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDb } from '../../db/client.server.js';
import { databaseFromEnv } from '../../db/env.server.js';
import { createSite } from '../../app/sites/create.server.js';

/** What tests/e2e/fixtures.ts reads: the sites in worker order. */
export const SITES_FILE = 'e2e-sites.json';

async function main(): Promise<void> {
  const n = Number(process.env.E2E_SITES);
  const dataDir = process.env.DATA_DIR;
  if (!Number.isInteger(n) || n < 1 || !dataDir) throw new Error('E2E_SITES (a count) and DATA_DIR are required');
  const db = await openDb({ ...databaseFromEnv(), log: () => {} });
  try {
    const sites = [];
    for (let i = 1; i <= n; i++) {
      const title = `E2E worker ${i}`;
      sites.push({ title, ...(await createSite(db.sql, { name: title, theme: 'store' })) });
    }
    writeFileSync(join(dataDir, SITES_FILE), JSON.stringify(sites));
  } finally {
    await db.close();
  }
}

await main();
