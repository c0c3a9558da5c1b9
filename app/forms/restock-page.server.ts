// The product page's action for the back-in-stock form without JavaScript: the same sign-up as the
// JSON API, answered by a 303 back to the page with a one-shot notice (and the typed address on
// an error), which the page shows in the form's place (app/forms/restock-markup.ts).
import { getReadSql, getSql } from '../../db/client.server.js';
import { createReadCache } from '../catalog/read-cache.server.js';
import { redirectLeavingFlash } from '../utils/flash.server.js';
import { readForm } from '../utils/form.server.js';
import { requestLanguage } from '../languages/email-language.server.js';
import { allowSignUp, hasMailingList, signUp, successText } from './restock.server.js';
import { RESTOCK_TEXT } from './restock-texts.js';
import { FORM_INPUT } from './form-values.js';

export async function restockPageAction(request: Request, websiteId: string): Promise<Response> {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const form = await readForm(request);
  const answer = (flash: { variantId: string; ok: boolean; message: string; email?: string }) =>
    redirectLeavingFlash(request, back, 'cart', { restock: flash });
  const variantId = form?.get('variantId')?.slice(0, 200) ?? '';
  const email = form?.get('email')?.slice(0, 300) ?? '';
  if (!form || form.get('_action') !== 'restock') return answer({ variantId, ok: false, message: RESTOCK_TEXT.failed, email });
  const sql = await getSql();
  const allowed = await allowSignUp(sql, request);
  if (!allowed.ok) return answer({ variantId, ok: false, message: RESTOCK_TEXT.tooMany, email });
  // The form posts to its product page, /fr/... in French: the notice will be in that language.
  const r = await signUp(
    sql,
    websiteId,
    {
      productId: form.get('productId') ?? '',
      variantId,
      siteVisitorEmail: email,
      isJoinMailingList: form.get('isJoinMailingList') ?? false,
      // The CAPTCHA widget's solution, when the site asks for one.
      recaptchaEnterpriseV3Token: form.get(FORM_INPUT.captcha),
    },
    await requestLanguage(sql, websiteId, url.pathname),
  );
  if (!r.ok) return answer({ variantId, ok: false, message: r.error, email });
  return answer({ variantId, ok: true, message: (await successText(sql, websiteId)) || RESTOCK_TEXT.signedUp });
}

// Asked on every product page: kept per site and catalog generation, so a view costs no SQL (issue 29);
// read on a fresh standby in an anonymous request (ADR 0033: a new mailing list calls storefrontChanged).
const mailingLists = createReadCache({ max: 10_000 });

/** What a product page's context needs: whether the form offers the site's mailing list. */
export async function restockPageExtras(websiteId: string): Promise<{ mailingList: boolean }> {
  const mailingList = await mailingLists.get(websiteId, 'has-list', async () => hasMailingList(await getReadSql(), websiteId));
  return { mailingList };
}
