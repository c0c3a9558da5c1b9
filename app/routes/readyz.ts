// GET /readyz: readiness. 200 "ok" when the database answers and its schema is at the migration
// this build expects, else 503 with Retry-After, so a load balancer sends no traffic to a server
// that can only answer "right back" (an unreachable database, or an empty or older schema).
import { getSql, isDatabaseUnavailable } from '../../db/client.server.js';
import { schemaState } from '../../db/migrate.server.js';
import { log } from '../utils/log.server.js';

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

export async function loader() {
  try {
    const sql = await getSql();
    const { at, expected } = await schemaState(sql);
    // Ahead is fine (a newer build migrated it during a rolling deploy); behind or empty is not.
    if (at === null || (expected !== null && at < expected)) {
      log.error(`readyz: the database schema is at ${at ?? 'nothing'}, this build expects ${expected ?? 'nothing'}`);
      return text(`schema at ${at ?? 'none'}, expected ${expected ?? 'none'}`, 503, { 'Retry-After': '5' });
    }
    return text('ok', 200);
  } catch (e) {
    log.error(`readyz: ${(e as Error)?.message ?? e}`);
    return text(isDatabaseUnavailable(e) ? 'database unavailable' : 'not ready', 503, { 'Retry-After': '5' });
  }
}
