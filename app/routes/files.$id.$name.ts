// GET /files/<id>/<name>: a file an owner uploaded, for visitors of the site it belongs to (another
// site's file id is a 404). The name is for people and links; the id alone finds the file, so links
// made before a rename keep working. A digital product's file is not served here (issue 33).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { fileResponse } from '../catalog/files.server.js';
import { isProductDownload } from '../commerce/downloads.server.js';
import { requestSite } from '../storefront/site.server.js';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const site = await requestSite(request, context);
  const sql = await getSql();
  // A digital product's file is sold: it is served only through a buyer's download link.
  if (await isProductDownload(sql, site.id, params.id)) return fileResponse(sql, site.id, undefined, request, 'public');
  return fileResponse(sql, site.id, params.id, request, 'public');
}
