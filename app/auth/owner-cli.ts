// `npm run owner:create -- --email you@example.com [--name "Your Name"] [--site <websiteId>] [--role <id>]`:
// creates an owner (or sets the password of the one with that email: a new one signs them out
// everywhere) and gives them a role (admin by default) on one site, or on every site without --site.
// The password comes from OWNER_PASSWORD, else standard input. Uses DATABASE_URL, else the embedded
// database in DATA_DIR.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { openDb } from '../../db/client.server.js';
import { grantAdminEverywhere, grantRole, OwnerError, upsertOwner } from './owners.server.js';
import { isRoleId, ROLE_NAMES, ROLES } from './roles.js';
import { databaseFromEnv, ownerPasswordFromEnv } from '../utils/env.server.js';

const USAGE = 'usage: npm run owner:create -- --email you@example.com [--name "Your Name"] [--site <websiteId>] [--role <role id>]';

async function readPassword(): Promise<string> {
  const fromEnv = ownerPasswordFromEnv();
  if (fromEnv) return fromEnv;
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  try {
    return (await rl.question('Password (at least 10 characters): ')).replace(/\r?\n$/, '');
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  let values: { email?: string; name?: string; site?: string; role?: string };
  try {
    values = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, site: { type: 'string' }, role: { type: 'string' } },
    }).values;
  } catch {
    console.error(USAGE);
    return 2;
  }
  const role = values.role === undefined ? ROLES.admin : Number(values.role);
  if (!values.email || !isRoleId(role)) {
    console.error(USAGE);
    return 2;
  }
  const password = await readPassword();
  const db = await openDb({ ...databaseFromEnv(), log: () => {} });
  try {
    const { owner, created, sessionsEnded } = await upsertOwner(db.sql, { email: values.email, password, name: values.name });
    // A new password signs the owner out of every browser (upsertOwner): say so.
    if (sessionsEnded > 0) console.log(`owner: new password for ${owner.email}; ${sessionsEnded} session(s) signed out`);
    if (values.site) {
      const [site] = await db.sql`select id from website where id = ${values.site}`;
      if (!site) throw new OwnerError(`There is no site ${values.site}.`);
      await grantRole(db.sql, values.site, owner.id, role);
      console.log(`owner: ${owner.email} ${created ? 'created' : 'updated'}, ${ROLE_NAMES[role]} of ${values.site} (${db.where})`);
    } else if (role === ROLES.admin) {
      const n = await grantAdminEverywhere(db.sql, owner.id);
      console.log(`owner: ${owner.email} ${created ? 'created' : 'updated'}, administrator of ${n} site(s) (${db.where})`);
    } else {
      throw new OwnerError('Name the site (--site) for a role other than administrator.');
    }
    return 0;
  } catch (e) {
    if (e instanceof OwnerError) {
      console.error(`owner: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`owner: ${e.message}`);
    process.exit(1);
  },
);
