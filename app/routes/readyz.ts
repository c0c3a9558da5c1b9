// GET /readyz: readiness. 200 "ok" when the database answers a query, else 503 with Retry-After,
// so a load balancer sends no traffic to a server that can only answer "right back".
import { getSql, isDatabaseUnavailable } from '../../db/client.server.js';
import { log } from '../utils/log.server.js';

const text = (body: string, status: number, extra: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra } });

export async function loader() {
  try {
    const sql = await getSql();
    await sql`select 1`;
    return text('ok', 200);
  } catch (e) {
    log.error(`readyz: ${(e as Error)?.message ?? e}`);
    return text(isDatabaseUnavailable(e) ? 'database unavailable' : 'not ready', 503, { 'Retry-After': '5' });
  }
}
