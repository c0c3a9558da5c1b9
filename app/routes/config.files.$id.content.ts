// GET /config/files/<id>/content: a file of the site being edited, for the file manager's previews
// and thumbnails. Not /files/...: that serves the site of the request's host, and an owner may be
// editing another of their sites.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { fileResponse } from '../catalog/files.server.js';
import { ownerAccess } from '../config/route-access.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const a = await ownerAccess(args, 'site.read');
  return fileResponse(a.sql, a.site.id, args.params.id, args.request, 'owner');
}
