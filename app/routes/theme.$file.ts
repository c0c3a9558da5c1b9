// GET /theme/<hash>.css: the theme's stylesheet at a URL that names its content (immutable), or a
// redirect from an older hash to the current one (app/storefront/theme-css.server.ts).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { stylesheetResponse } from '../storefront/theme-css.server.js';

export const loader = ({ request, params, context }: LoaderFunctionArgs) => stylesheetResponse(request, params.file ?? '', context);
