// /cart: the cart page (page type 200, the theme's `cart` template) and the action every cart form
// posts to (add, update, remove, subscribe). Without JavaScript the action answers with a 303 back
// to the page, its message in a flash cookie; the add-to-cart island's fetch gets JSON instead.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { resolvePath } from '../catalog/catalog.server.js';
import {
  alsoBought,
  cartQtySetCookie,
  setFlash,
  safeReturnPath,
  setSubscriptionCheckout,
  type CartFlash,
} from '../storefront/cart-ui.server.js';
import {
  addToCart,
  commitCartCookie,
  formatMoney,
  getCartId,
  limitVisitor,
  MSG,
  tooManyRequests,
  removeEntry,
  subscribe,
  updateEntryQuantity,
  type CartView,
} from '../commerce/cart.server.js';
import { metaFromSeo } from '../components/seo-meta.js';
import { ActionNotice } from '../components/ActionNotice.js';
import { ThemePage } from '../components/ThemePage.js';
import { shapeItem } from '../storefront/context.server.js';
import { pageActionHeaders } from '../storefront/http.server.js';
import { storefrontPage } from '../storefront/render.server.js';
import { readFormFields, readOptionFields } from '../utils/form.server.js';

export async function loader({ request }: LoaderFunctionArgs) {
  return storefrontPage(request, async (site) => {
    const cartId = await getCartId(request);
    const home = await resolvePath('/');
    const items = home.kind === 'home' ? home.items : [];
    const others = await alsoBought(cartId, items);
    return {
      resolved: { kind: 'commerce', page: 'cart' },
      extras: {
        commercePage: {
          title: 'Cart',
          data: { alsoBought: others.map((p) => shapeItem(p, site.website.currency)) },
        },
      },
    };
  });
}

const Text = (max: number) => z.string().max(max).optional();
const CartForm = z.object({
  intent: z.enum(['add', 'update', 'remove', 'subscribe']).default('add'),
  itemId: Text(200),
  sku: Text(200),
  quantity: Text(40),
  entryId: Text(200),
  returnTo: Text(2000),
  additionalFields: Text(8 * 1024),
});

function reply(cart: CartView) {
  return { totalQuantity: cart.totalQuantity, subtotalText: formatMoney(cart.subtotalCents, cart.currency) };
}

export async function action({ request }: ActionFunctionArgs) {
  const fromIsland = request.headers.get('X-Cart-Fetch') === '1';
  const fields = await readFormFields(request);
  const raw: Record<string, string> = fields ?? {};
  const parsed = fields ? CartForm.safeParse(raw) : CartForm.safeParse(null);
  const form = parsed.success
    ? parsed.data
    : { intent: 'add' as const, returnTo: typeof raw.returnTo === 'string' ? raw.returnTo : undefined };
  const back = safeReturnPath(form.returnTo, request, form.intent === 'update' || form.intent === 'remove' ? '/cart' : '/');

  /** The failure: JSON for the island, else a 303 back with the message and what was typed. */
  async function failed(status: number, error: string, keep: CartFlash = {}) {
    if (fromIsland) return json({ ok: false, error }, { status });
    return redirect(back, { status: 303, headers: { 'Set-Cookie': await setFlash({ ...keep, error }) } });
  }

  if (!parsed.success) return failed(400, MSG.addFailed);
  const cartId = await getCartId(request);
  const limit = await limitVisitor(request, cartId);
  if (!limit.ok) {
    const retry = { 'Retry-After': String(limit.retryAfterS) };
    return fromIsland
      ? json({ ok: false, error: MSG.tooManyRequests }, { status: 429, headers: retry })
      : tooManyRequests(limit.retryAfterS);
  }

  const f = parsed.data;
  // The product page's option selects (`option.<Name>`): the variant is resolved from them unless
  // a sku is posted too (list pages, the JSON API). What was chosen comes back with the flash.
  const chosen = readOptionFields(raw);
  const options = chosen?.posted ? chosen.options : undefined;
  switch (f.intent) {
    case 'add': {
      if (chosen === null) return failed(400, MSG.addFailed, { itemId: f.itemId, quantity: f.quantity });
      const keep: CartFlash = { itemId: f.itemId, sku: f.sku, quantity: f.quantity, options };
      if (!f.itemId) return failed(400, MSG.unavailable, keep);
      const r = await addToCart(cartId, {
        itemId: f.itemId,
        sku: f.sku || null,
        options,
        quantity: f.quantity ?? '1',
        additionalFields: f.additionalFields,
      });
      if (!r.ok) return failed(r.status, r.error, keep);
      const added = { title: r.entry.title, quantity: Number(f.quantity ?? 1) };
      const headers = new Headers({ 'Set-Cookie': await commitCartCookie(r.cartId) });
      headers.append('Set-Cookie', cartQtySetCookie(r.cart.totalQuantity));
      if (fromIsland) return json({ ok: true, cart: reply(r.cart), added }, { headers });
      headers.append('Set-Cookie', await setFlash({ itemId: f.itemId, sku: f.sku, options, added }));
      return redirect(back, { status: 303, headers });
    }
    case 'update':
    case 'remove': {
      const keep: CartFlash = { entryId: f.entryId, quantity: f.quantity };
      if (!f.entryId) return failed(400, f.intent === 'remove' ? MSG.removeFailed : MSG.updateFailed, keep);
      const r =
        f.intent === 'remove' ? await removeEntry(cartId, f.entryId) : await updateEntryQuantity(cartId, f.entryId, f.quantity ?? '');
      if (!r.ok) return failed(r.status, r.error, keep);
      // The readable count that public pages fill the pill from (app/storefront/cart-count.ts).
      const headers = { 'Set-Cookie': cartQtySetCookie(r.cart.totalQuantity) };
      if (fromIsland) return json({ ok: true, cart: reply(r.cart) }, { headers });
      return redirect(back, { status: 303, headers });
    }
    case 'subscribe': {
      if (chosen === null) return failed(400, MSG.addFailed, { itemId: f.itemId, quantity: f.quantity });
      const keep: CartFlash = { itemId: f.itemId, sku: f.sku, quantity: f.quantity, options };
      if (!f.itemId) return failed(400, MSG.unavailable, keep);
      const r = await subscribe({
        itemId: f.itemId,
        sku: f.sku || null,
        options,
        quantity: f.quantity ?? 1,
        additionalFields: f.additionalFields,
      });
      if (!r.ok) return failed(r.status, r.error, keep);
      // The subscription cart checks out on its own: its token travels in a signed cookie.
      const headers = new Headers({ 'Set-Cookie': await setSubscriptionCheckout(r.cartId) });
      if (fromIsland) return json({ ok: true, checkout: '/checkout?subscription=1' }, { headers });
      return redirect('/checkout?subscription=1', { status: 303, headers });
    }
  }
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
