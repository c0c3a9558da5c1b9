// A crawl of one site's own links (issue 32: no dead links on a site without a shop): every
// same-site <a href> reached from the start pages must answer 200, or the lock screen where the
// page is locked. The visitor's cookies travel with it, so a signed-in crawl sees signed-in pages.
import type { Visitor } from './client.js';

export interface Crawl {
  /** Every path reached, start pages included. */
  seen: string[];
  /** "path (linked from page): status" for each link that did not answer. */
  failures: string[];
}

export async function crawlSite(v: Visitor, host: string, starts: string[], limit = 80): Promise<Crawl> {
  const from = new Map<string, string>(starts.map((p) => [p, 'start']));
  const queue = [...starts];
  const failures: string[] = [];
  while (queue.length > 0 && from.size < limit) {
    const path = queue.shift()!;
    const res = await v.get(path);
    const html = await res.text();
    const locked = res.status === 403 && html.includes('name="scope"');
    // A start page may be a 404 on purpose (the not-found page's own links are crawled).
    if (res.status !== 200 && !locked && from.get(path) !== 'start')
      failures.push(`${path} (linked from ${from.get(path)}): ${res.status}`);
    if (!(res.headers.get('content-type') ?? '').includes('text/html')) continue;
    for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
      const u = URL.parse(m[1].replace(/&amp;/g, '&'), `http://${host}${path}`);
      if (!u || u.hostname !== host || (u.protocol !== 'http:' && u.protocol !== 'https:')) continue;
      const next = u.pathname + u.search;
      if (!from.has(next)) {
        from.set(next, path);
        queue.push(next);
      }
    }
  }
  return { seen: [...from.keys()], failures };
}
