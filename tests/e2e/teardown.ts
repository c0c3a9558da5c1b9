// After the journeys: removes the server's data folder (playwright.config.ts names it so the owner
// journeys can read the outbox; the server keeps a folder it was given).
import { rmSync } from 'node:fs';

export default function teardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('storefront-e2e-')) rmSync(dir, { recursive: true, force: true });
}
