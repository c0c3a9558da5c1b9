// What the link editor offers to link to (SPEC 2: targets Page and File): the site's pages and
// collections by title, and the file manager's newest files, as the paths links use.
import type { Sql } from '../../../db/client.server.js';
import { listFiles } from '../files.server.js';
import { filePath } from '../../catalog/files.server.js';
import type { LinkChoices } from '../../edits/rich-text-links.js';

/** The site's collections (pages, the store, blogs...) and newest files, for the link editor. */
export async function linkChoices(sql: Sql, websiteId: string): Promise<LinkChoices> {
  const [pages, files] = await Promise.all([
    sql<{ title: string; url_id: string }[]>`
      select title, url_id from collection where website_id = ${websiteId} order by ordering, title, id limit 500`,
    listFiles(sql, websiteId),
  ]);
  return {
    pages: pages.map((p) => ({ title: p.title, path: `/${p.url_id}` })),
    files: files.files.map((f) => ({ name: f.name, path: filePath(f) })),
  };
}
