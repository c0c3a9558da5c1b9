// The page at a site path that no app route of its own serves: a page, a product listing or a blog, a
// product, a post or an event (catalog's resolvePath). The catch-all route `$.tsx` answers with it, and
// so do the app pages' routes (`($lang).cart`...) when their first segment is no language (/blog/cart).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { getSql } from '../../db/client.server.js';
import { resolvePath } from '../catalog/catalog.server.js';
import { ownerAreaNotFound } from '../config/route-access.server.js';
import { answerPagePost, formBlocksHtml, formStateOf } from '../forms/page-forms.server.js';
import { restockPageAction, restockPageExtras } from '../forms/restock-page.server.js';
import { barePath } from '../languages/page-language.server.js';
import { parseFilter } from './collection-context.js';
import { parsePage, parseSelectedOptions, variantViewLocation } from './http.server.js';
import { storefrontPage } from './render.server.js';
import { pageStrings } from './request-language.server.js';
import { requestSite } from './site.server.js';

/**
 * /config/search, /config/cart...: the app pages' routes take a first segment for a language
 * (`($lang).search`) and hand every other one here; under /config that is the owner area's
 * not-found (behind its sign-in), as any other unknown /config address.
 */
function ownerArea(request: Request): boolean {
  return new URL(request.url).pathname.startsWith('/config/');
}

/** The page at the request's path, rendered (a 404 page when there is none). */
export async function pathPageLoader(args: LoaderFunctionArgs) {
  if (ownerArea(args.request)) return ownerAreaNotFound(args);
  const { request, context } = args;
  // The add-to-cart form's no-JavaScript "Show price and stock" button: the same page, its address clean.
  const view = variantViewLocation(new URL(request.url));
  if (view !== null) return redirect(view, 303);
  return storefrontPage(
    request,
    async (site, url) => {
      const page = parsePage(url.searchParams);
      if (page === null) return { resolved: { kind: 'not-found' } };
      const resolved = await resolvePath(site.website.id, url.pathname, { page, filter: parseFilter(url.searchParams) });
      const extras = {
        selectedOptions: parseSelectedOptions(url.searchParams),
        formBlocks: {} as Record<string, string>,
        // Product pages: the back-in-stock form offers the mailing list only when the site has one.
        restock: resolved.kind === 'product' ? await restockPageExtras(site.website.id) : undefined,
      };
      // A page with form blocks: their forms, and what this visitor just posted (never cached). They
      // post to the address asked for (`url` is bare: /fr/contact's form posts to /fr/contact).
      const posted = formStateOf(context);
      if (resolved.kind === 'page' && resolved.blocks?.blocks.some((b) => b.type === 'form')) {
        const asked = new URL(request.url);
        extras.formBlocks = await formBlocksHtml(await getSql(), site.website.id, resolved.blocks.blocks, asked, pageStrings(site), posted);
      }
      return { resolved, extras, private: posted ? true : undefined };
    },
    context,
  );
}

/**
 * A post to the page at the request's path: a page's form block posted without JavaScript
 * (forms/page-forms.server.ts), or a product page's back-in-stock form (forms/restock-page.server.ts).
 */
export async function pathPageAction(args: ActionFunctionArgs) {
  if (ownerArea(args.request)) return ownerAreaNotFound(args);
  const { request, context } = args;
  const site = await requestSite(request, context);
  const url = new URL(request.url);
  // A page in another language (/fr/...) takes the same posts as the page itself (issue 16).
  const resolved = await resolvePath(site.id, await barePath(site.id, url.pathname));
  // A product page takes one form: its back-in-stock sign-up (303 back with the answer).
  if (resolved.kind === 'product') return restockPageAction(request, site.id);
  const blocks = resolved.kind === 'page' ? (resolved.blocks?.blocks ?? []) : [];
  // A refused post: the loader renders the page again with the messages and everything typed.
  return answerPagePost(await getSql(), request, context, site.id, blocks);
}
