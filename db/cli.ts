// Command line for the database: `npm run db:migrate` and `npm run db:seed [-- --refresh]`.
// Uses DATABASE_URL, else the embedded PGlite in DATA_DIR (default .data/).
import { openDb, optionsFromEnv } from './client.server.js';
import { seed } from './seed.server.js';

const USAGE = 'usage: tsx db/cli.ts migrate | seed [--refresh]';

async function main(argv: string[]): Promise<number> {
  const [command, ...flags] = argv;
  const unknown = flags.filter((f) => f !== '--refresh');
  if ((command !== 'migrate' && command !== 'seed') || unknown.length > 0 || (command === 'migrate' && flags.length > 0)) {
    console.error(USAGE);
    return 2;
  }
  const db = await openDb({ ...optionsFromEnv(), seedIfEmpty: false });
  try {
    if (command === 'migrate') {
      // openDb applied what was pending and logged it.
      console.log(`db: migrations are up to date (${db.where})`);
    } else {
      const r = await seed(db.sql, { refresh: flags.includes('--refresh') });
      const detail = Object.entries(r.tables)
        .filter(([, t]) => t.inserted + t.updated > 0)
        .map(([name, t]) => `${name} +${t.inserted}${t.updated ? ` ~${t.updated}` : ''}`)
        .join(', ');
      console.log(r.inserted + r.updated === 0
        ? `db: the demo store is already seeded, nothing changed (${db.where})`
        : `db: seeded ${r.inserted} new rows, updated ${r.updated} (${detail}) (${db.where})`);
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
