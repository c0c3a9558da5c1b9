// Command line for the database: `npm run db:migrate`, `npm run db:seed [-- --refresh]` and
// `npm run db:cleanup` (abandoned carts). Uses DATABASE_URL, else the embedded PGlite in DATA_DIR.
import { describeExpiry, expireCarts } from './cart-expiry.server.js';
import { openDb } from './client.server.js';
import { cartTtlFromEnv, databaseFromEnv } from './env.server.js';
import { seed } from './seed.server.js';

const USAGE = 'usage: tsx db/cli.ts migrate | seed [--refresh] | cleanup';

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  const unknown = flags.filter((f) => f !== '--refresh');
  if (!['migrate', 'seed', 'cleanup'].includes(command) || unknown.length > 0 || (command !== 'seed' && flags.length > 0)) {
    console.error(USAGE);
    return 2;
  }
  // Checked before the database opens: a bad value names itself, as the server does at start.
  const ttl = cartTtlFromEnv();
  if (!ttl.ok) {
    console.error(`db: ${ttl.error}`);
    return 2;
  }
  const db = await openDb({ ...databaseFromEnv(), seedIfEmpty: false });
  try {
    if (command === 'migrate') {
      // openDb applied what was pending and logged it.
      console.log(`db: migrations are up to date (${db.where})`);
    } else if (command === 'cleanup') {
      console.log(`db: cart cleanup: ${describeExpiry(await expireCarts(db.sql, { ttlDays: ttl.days }), ttl.days)} (${db.where})`);
    } else {
      const r = await seed(db.sql, { refresh: flags.includes('--refresh') });
      const detail = Object.entries(r.tables)
        .filter(([, t]) => t.inserted + t.updated > 0)
        .map(([name, t]) => `${name} +${t.inserted}${t.updated ? ` ~${t.updated}` : ''}`)
        .join(', ');
      console.log(
        r.inserted + r.updated === 0
          ? `db: the demo store is already seeded, nothing changed (${db.where})`
          : `db: seeded ${r.inserted} new rows, updated ${r.updated} (${detail}) (${db.where})`,
      );
    }
  } finally {
    await db.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: Error) => {
    console.error(`db: ${e.message}`);
    process.exit(1);
  },
);
