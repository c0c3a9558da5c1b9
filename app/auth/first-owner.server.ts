// The first owner, so a new deployment can be signed into: OWNER_EMAIL and OWNER_PASSWORD create
// (or update) an administrator of every site at start; a new OWNER_PASSWORD signs them out everywhere.
// Outside production, a database with no owner at all gets a demo owner with a fresh random password,
// written to DATA_DIR/demo-owner.txt.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Sql } from '../../db/client.server.js';
import { countOwners, grantAdminEverywhere, upsertOwner } from './owners.server.js';

export const DEMO_OWNER_EMAIL = 'owner@demo.example';

export interface FirstOwner {
  email: string;
  created: boolean;
  /** Sessions of an existing owner ended because OWNER_PASSWORD set a new password. */
  sessionsEnded: number;
  sites: number;
  /** Where the demo owner's password was written, when one was made. */
  passwordFile?: string;
}

export async function ensureFirstOwner(
  sql: Sql,
  opts: { owner?: { email: string; password: string }; production: boolean; dataDir: string },
): Promise<FirstOwner | null> {
  if (opts.owner) {
    const { owner, created, sessionsEnded } = await upsertOwner(sql, opts.owner);
    const sites = await grantAdminEverywhere(sql, owner.id);
    return { email: owner.email, created, sessionsEnded, sites };
  }
  if (opts.production || (await countOwners(sql)) > 0) return null;
  const password = crypto.randomBytes(12).toString('base64url');
  const { owner } = await upsertOwner(sql, { email: DEMO_OWNER_EMAIL, password, name: 'Demo owner' });
  const sites = await grantAdminEverywhere(sql, owner.id);
  const passwordFile = path.join(path.resolve(opts.dataDir), 'demo-owner.txt');
  fs.mkdirSync(path.dirname(passwordFile), { recursive: true });
  fs.writeFileSync(passwordFile, `email: ${owner.email}\npassword: ${password}\n`, { mode: 0o600 });
  return { email: owner.email, created: true, sessionsEnded: 0, sites, passwordFile };
}
