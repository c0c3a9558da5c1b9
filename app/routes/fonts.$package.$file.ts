// GET /fonts/<package>/<file>.woff2: a self-hosted font file of the catalog, immutable
// (app/storefront/font-files.server.ts); anything else is a 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { fontFileResponse } from '../storefront/font-files.server.js';

export const loader = ({ request, params }: LoaderFunctionArgs) => fontFileResponse(request, params.package ?? '', params.file ?? '');
