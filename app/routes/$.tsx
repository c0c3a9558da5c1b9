// Every storefront URL under a collection: /{collection} (a page, a product listing or a blog, ?page=N,
// a blog's ?tag= or ?category=; events; a gallery), /{collection}/p/{item} (a product;
// `?Size=M&Color=Sand` shows that variant chosen) and /{collection}/{item} (a post or an event).
// Its action takes a page's form block posted without JavaScript (app/forms/page-forms.server.ts),
// or a product page's back-in-stock form (app/forms/restock-page.server.ts).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ThemePage } from '../components/ThemePage.js';
import { pageActionHeaders, parsePage, parseSelectedOptions, variantViewLocation } from '../storefront/http.server.js';
import { parseFilter } from '../storefront/collection-context.js';
import { storefrontPage } from '../storefront/render.server.js';
import { requestSite } from '../storefront/site.server.js';
import { answerPagePost, formBlocksHtml, formStateOf } from '../forms/page-forms.server.js';
import { getSql } from '../../db/client.server.js';
import { restockPageAction, restockPageExtras } from '../forms/restock-page.server.js';
import { barePath } from '../languages/page-language.server.js';
import { loader as ownerAreaNotFound } from './config.$.js';

/**
 * /config/search, /config/cart...: the app pages' routes take a first segment for a language
 * (`($lang).search`) and hand every other one here; under /config that is the owner area's
 * not-found (behind its sign-in), as any other unknown /config address.
 */
function ownerArea(request: Request): boolean {
  return new URL(request.url).pathname.startsWith('/config/');
}

export async function loader(args: LoaderFunctionArgs) {
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
      // A page with form blocks: their forms, and what this visitor just posted (never cached).
      const posted = formStateOf(context);
      if (resolved.kind === 'page' && resolved.blocks?.blocks.some((b) => b.type === 'form'))
        extras.formBlocks = await formBlocksHtml(await getSql(), site.website.id, resolved.blocks.blocks, url, posted);
      return { resolved, extras, private: posted ? true : undefined };
    },
    context,
  );
}

export async function action(args: ActionFunctionArgs) {
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

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => pageActionHeaders({ loaderHeaders, actionHeaders });

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function StorefrontPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  return <ThemePage html={html} jsonLd={seo.jsonLd} />;
}
