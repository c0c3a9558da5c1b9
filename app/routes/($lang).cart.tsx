// /cart (and /fr/cart in another language of the site): the cart page (page type 200, the theme's
// `cart` template) and the action every cart form posts to (add, update, remove, subscribe), which
// the cart handler answers (app/storefront/cart-handler.server.ts).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { resolvePath } from '../catalog/catalog.server.js';
import { alsoBought, readCartForm } from '../storefront/cart-ui.server.js';
import { createCartHandler } from '../storefront/cart-handler.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ActionNotice } from '../components/ActionNotice.js';
import { ThemePage } from '../components/ThemePage.js';
import { shapeItem } from '../storefront/context.server.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { pageStrings, servesLanguage } from '../storefront/request-language.server.js';
import { textFrom } from '../languages/strings.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  // /blog/cart is no language's cart: the catch-all shows what is there.
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  return storefrontPage(
    request,
    async (site) => {
      const home = await resolvePath(site.website.id, '/');
      const items = home.kind === 'home' ? home.items : [];
      const others = await alsoBought(request, site.website.id, items);
      return {
        resolved: { kind: 'commerce', page: 'cart' },
        extras: {
          commercePage: {
            title: textFrom(pageStrings(site), 'cartTitleText', 'Cart'),
            data: { alsoBought: others.map((p) => shapeItem(p, site.website.currency)) },
          },
        },
      };
    },
    context,
  );
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const cart = await createCartHandler(request, context);
  return cart.answer(await readCartForm(request));
}

export const headers: HeadersFunction = pageActionHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => metaFromSeo(data?.seo);

export default function CartPage() {
  const { html, seo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <ActionNotice error={answer && 'error' in answer ? answer.error : null} />
      <ThemePage html={html} jsonLd={seo.jsonLd} />
    </>
  );
}
