// The cart's details page (issue 30): a product's custom form on a page of its own, in the site's
// stylesheet. Without JavaScript an add of a product with a form comes here to ask for the answers;
// the cart's "edit details" opens an entry's answers here again. A plain POST form to itself: after
// a refused post it comes back with what was typed and each error beside its field (SPEC 5 and 8).
import { getSql } from '../../db/client.server.js';
import { loadSite } from '../catalog/catalog.server.js';
import { loadCart } from '../commerce/cart.server.js';
import { customFormFieldsHtml, productCustomForm, savedValues } from '../commerce/custom-forms.server.js';
import { CUSTOM_FORM_TEXT, formIdOf, PRODUCT_FORM_SUBMIT_LABEL, SAVE_DETAILS_TEXT } from '../commerce/custom-form-answers.js';
import { FORM_TEXT } from '../forms/form-validation.js';
import { formTextIn, type TextLookup } from '../forms/form-texts.js';
import { textFrom } from '../languages/strings.js';
import type { FormValues } from '../forms/form-values.js';
import { loadForm, type StoredForm } from '../forms/stored-forms.server.js';
import { shopperSession } from '../utils/session.server.js';
import { mayBuyItem } from './access-page.server.js';
import { safeReturnPath } from './cart-ui.server.js';
import type { RequestLanguage } from './request-language.server.js';
import { siteStylesheet } from './theme-css.server.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DetailsPageView {
  /** The product's title (the page's heading). */
  title: string;
  form: StoredForm | null;
  /** Where the form posts (the page's own URL). */
  action: string;
  /** The cart form's fields carried along (intent, itemId, sku, quantity, options, returnTo or entryId). */
  hidden: Record<string, string>;
  submitLabel: string;
  /** Where "Cancel" goes. */
  back: string;
  values?: FormValues;
  errors?: Record<string, string>;
  /** A message instead of the form (it cannot be opened). */
  message?: string;
  /** A message above and below the form, what was typed kept: the visitor must wait (429, `retryAfterS`). */
  notice?: string;
  retryAfterS?: number;
  status?: number;
  lang: string;
  /** The page's texts in its language (localizedStrings): the form's built-in ones and "Cancel". */
  strings: Record<string, unknown>;
}

/** The details page as an HTML document. */
export async function detailsPage(websiteId: string, v: DetailsPageView): Promise<Response> {
  const site = await loadSite(websiteId);
  const name = site.website.siteTitle || 'Store';
  const sheet = siteStylesheet(site);
  const hasErrors = Object.keys(v.errors ?? {}).length > 0;
  const t: TextLookup = (key, english) => textFrom(v.strings, key, english);
  const say = (english: string) => formTextIn(t, english);
  const formError = (where: 'top' | 'bottom', text: string) =>
    `<div class="form-error form-error-${where}" data-form-error="${where}" role="alert"${text ? '' : ' hidden'}>${esc(text)}</div>`;
  const body =
    v.form === null
      ? `<p class="notice notice-error" role="alert" data-details-error>${esc(v.message ?? '')}</p>`
      : `<form method="post" action="${esc(v.action)}" novalidate class="form-block-form custom-form-page" data-custom-form-page>
${formError('top', v.notice ?? (hasErrors ? say(FORM_TEXT.above) : ''))}
${Object.entries(v.hidden)
  .map(([k, x]) => `<input type="hidden" name="${esc(k)}" value="${esc(x)}">`)
  .join('\n')}
${customFormFieldsHtml(v.form, { blockId: 'details', values: v.values, errors: v.errors, t })}
${formError('bottom', v.notice ?? (hasErrors ? say(FORM_TEXT.below) : ''))}
<div class="form-actions"><button type="submit" class="button button-primary form-submit">${esc(v.submitLabel)}</button>
<a class="button button-ghost" href="${esc(v.back)}">${esc(t('formCancelText', 'Cancel'))}</a></div>
</form>`;
  const html = `<!doctype html>
<html lang="${esc(v.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(v.title)} — ${esc(name)}</title>
${sheet ? `<link rel="stylesheet" href="${esc(sheet.href)}">` : ''}
</head><body>
<main class="wrap-narrow custom-form-details" style="padding:3rem 1rem">
<p><a href="/">${esc(name)}</a></p>
<h1>${esc(v.title)}</h1>
${v.form ? `<p class="lede">${esc(v.form.definition.name)}</p>` : ''}
${body}
</main>
</body></html>
`;
  return new Response(html, {
    status: v.status ?? 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
      ...(v.retryAfterS ? { 'Retry-After': String(v.retryAfterS) } : {}),
    },
  });
}

/** The cart form's fields the details page carries from its query (or post) to its post. */
const CARRIED = ['itemId', 'sku', 'quantity', 'returnTo'] as const;

/**
 * What the details page shows for `q` (its query, or its post): an entry's form opened again
 * (`entryId`, an entry of the visitor's cart) or a product's form before an add (`itemId`).
 * `form` is null (with the SPEC 8 message) when there is no such form to open.
 */
export async function detailsView(
  request: Request,
  websiteId: string,
  lang: RequestLanguage,
  q: URLSearchParams,
): Promise<DetailsPageView> {
  const url = new URL(request.url);
  const base = { action: url.pathname + url.search, lang: lang.code, strings: lang.strings, values: undefined, errors: undefined };
  const unable = (title: string, back: string): DetailsPageView => ({
    ...base,
    title,
    form: null,
    hidden: {},
    submitLabel: '',
    back,
    message: lang.message(CUSTOM_FORM_TEXT.unableToOpen),
    status: 404,
  });
  const entryId = q.get('entryId');
  if (entryId) {
    const cartId = (await shopperSession(request)).cartId;
    const entry = cartId ? (await loadCart(websiteId, cartId)).entries.find((e) => e.id === entryId) : undefined;
    const cart = lang.to('/cart');
    if (!entry) return unable(CUSTOM_FORM_TEXT.unableToOpen, cart);
    // The form the answers were given to; else the product's form now.
    const savedId = formIdOf(entry.additionalFields);
    const form =
      (savedId ? await loadForm(await getSql(), websiteId, savedId) : null) ?? (await productCustomForm(websiteId, entry.itemId));
    if (!form) return unable(entry.title, cart);
    return {
      ...base,
      title: entry.title,
      form,
      hidden: { intent: 'edit', entryId },
      submitLabel: lang.t('formSaveDetailsText', SAVE_DETAILS_TEXT),
      back: cart,
      values: savedValues(form, entry.additionalFields),
    };
  }
  const itemId = q.get('itemId') ?? '';
  const back = safeReturnPath(q.get('returnTo'), request, lang.to('/'));
  const form = itemId && (await mayBuyItem(request, websiteId, itemId)) ? await productCustomForm(websiteId, itemId) : null;
  const [item] = form ? await (await getSql())<{ title: string }[]>`select title from item where id = ${itemId}` : [];
  if (!form || !item) return unable(CUSTOM_FORM_TEXT.unableToOpen, back);
  const hidden: Record<string, string> = { intent: q.get('intent') === 'subscribe' ? 'subscribe' : 'add' };
  for (const k of CARRIED) {
    const v = q.get(k);
    if (v) hidden[k] = v.slice(0, 2000);
  }
  for (const [k, v] of q) if (k.startsWith('option.') && k.length <= 71) hidden[k] = v.slice(0, 128);
  const label = form.definition.settings.submitLabel;
  return {
    ...base,
    title: item.title,
    form,
    hidden,
    // SPEC 9: a product form's submit says "Add to Cart" unless the owner named it.
    submitLabel: label && label !== 'Submit' ? label : lang.t('productAddToCartText', PRODUCT_FORM_SUBMIT_LABEL),
    back,
  };
}
