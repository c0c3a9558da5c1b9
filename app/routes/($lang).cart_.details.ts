// /cart/details (and /fr/cart/details): a product's custom form on a page of its own (issue 30).
// Without JavaScript an add of a product with a form comes here (the cart action redirects); its
// post adds the line with the answers through the cart handler. ?entryId= opens a cart entry's
// answers again ("edit details"), and its post replaces them (the entry's additionalFields).
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { readAnswers, storedFields } from '../commerce/custom-forms.server.js';
import { detailsPage, detailsView } from '../storefront/custom-form-page.server.js';
import { requestLanguage, servesLanguage } from '../storefront/request-language.server.js';
import { requestSite } from '../storefront/site.server.js';
import { readFormValues } from '../utils/form.server.js';
import { cartFormOf } from '../storefront/cart-ui.server.js';
import { createCartHandler } from '../storefront/cart-handler.server.js';
import { pathPageAction, pathPageLoader } from '../storefront/path-page.server.js';

export async function loader(args: LoaderFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageLoader(args);
  const { id: websiteId } = await requestSite(request, context);
  const lang = await requestLanguage(request, context);
  return detailsPage(websiteId, await detailsView(request, websiteId, lang, new URL(request.url).searchParams));
}

export async function action(args: ActionFunctionArgs) {
  const { request, context, params } = args;
  if (!(await servesLanguage(request, context, params.lang))) return pathPageAction(args);
  const cart = await createCartHandler(request, context);
  const { websiteId, lang } = cart;
  const body = (await readFormValues(request)) ?? new URLSearchParams();
  const view = await detailsView(request, websiteId, lang, body);
  if (!view.form) return detailsPage(websiteId, view);
  const { values, errors } = readAnswers(view.form, body);
  if (Object.keys(errors).length > 0) return detailsPage(websiteId, { ...view, values, errors, status: 400 });
  if (view.hidden.intent === 'edit') {
    const r = await cart.replaceDetails(view.hidden.entryId, storedFields(view.form, values));
    if (!r.ok) return detailsPage(websiteId, { ...view, values, form: null, message: lang.message(r.error), status: r.status });
    return redirect(lang.to('/cart'), 303);
  }
  // The add itself is the cart handler's (stock, access, the session's cart, its message on the
  // product page), back to where the product form was (its returnTo), never to this page.
  const answer = await cart.answer(cartFormOf(body), { referer: false });
  if (answer.status !== 429 || cart.fromIsland) return answer;
  // A visitor who must wait: this page (a resource route would show the JSON) says so, what was typed kept.
  const { error } = (await answer.json()) as { error: string };
  return detailsPage(websiteId, { ...view, values, notice: error, status: 429, retryAfterS: Number(answer.headers.get('Retry-After')) });
}
