// The storefront's wrapping of the engine's back-in-stock markup (the `product-restock-notification`
// formatter writes a form with action="#", no method, no ids and the mailing-list box outside it,
// which the conformance corpus pins): here each form is made to post to the product page's action
// with its product and variant, the box joins it, and the last post's answer is shown in place.

/** What the last no-JavaScript post answered, for the variant it was about. */
export interface RestockFlash {
  variantId: string;
  ok: boolean;
  message: string;
  /** The address as typed, kept after an error. */
  email?: string;
}

export interface RestockMarkupOptions {
  /** Where the forms post: the product page itself (its path and query). */
  action: string;
  /** The merchant's success text, or '' for "Signed up!". */
  successText: string;
  /** Variant id -> SKU, so the variant island's choice finds its form. */
  skus: Record<string, string>;
  flash?: RestockFlash | null;
  /** The island's texts in the page's language; absent on a page in English (the island's own). */
  texts?: RestockIslandTexts | null;
  /** The page's texts, for the CAPTCHA's no-JavaScript line; none: English. */
  t?: TextLookup;
}

import { restockTextIn, type RestockIslandTexts } from './restock-texts.js';
import { escapeHtml as attr } from '../utils/html.js';
import { captchaSlot } from './form-html.js';
import type { TextLookup } from './form-texts.js';

// The engine's captcha area (website.captchaSettings.siteKey set): its own line, last in the box,
// outside the form and empty. Without it, the line is blank.
const CAPTCHA_AREA = '  <div class="captcha-container"></div>';

const BLOCK =
  /<div class="product-restock-notification" data-product-id="([^"]*)" data-variant-id="([^"]*)"( hidden)?>([\s\S]*?)\n<\/div>\n/g;

/**
 * What the last post's notice says on this page: the merchant's success text, else the spec's
 * text (the post stored it in English) in the page's language, as the island says it with JavaScript.
 */
function flashText(flash: RestockFlash, o: RestockMarkupOptions): string {
  if (flash.ok && o.successText) return o.successText;
  return restockTextIn(o.texts, flash.message);
}

export function adjustRestockMarkup(html: string, o: RestockMarkupOptions): string {
  if (!html.includes('product-restock-notification')) return html;
  return html.replace(BLOCK, (_all, productId: string, variantId: string, hidden: string | undefined, body: string) => {
    const formId = `restock-form-${variantId.replace(/[^A-Za-z0-9_-]/g, '')}`;
    const flash = o.flash && o.flash.variantId === variantId ? o.flash : null;
    const message = flash
      ? `<p class="product-restock-message${flash.ok ? '' : ' is-error'}" data-restock-message role="${flash.ok ? 'status' : 'alert'}">${attr(flashText(flash, o))}</p>`
      : '<p class="product-restock-message" data-restock-message role="status" hidden></p>';
    // The captcha area moves into the form, as the forms' CAPTCHA slot, so its solution is posted with it.
    const captcha = body.includes(CAPTCHA_AREA);
    let inner = body.replace(CAPTCHA_AREA, '');
    if (flash?.ok) {
      // Signed up: the form's place shows the answer (as the island does with JavaScript on).
      inner = inner
        .replace(/\n {2}<form class="product-restock-form"[\s\S]*?<\/form>\n/, `\n  ${message}\n`)
        .replace(/ {2}<label class="product-restock-mailing-list">[\s\S]*?<\/label>\n/, '');
    } else {
      inner = inner
        .replace(
          '<form class="product-restock-form" action="#">',
          `<form class="product-restock-form" id="${formId}" action="${attr(o.action)}" method="post" novalidate data-restock-form>` +
            '<input type="hidden" name="_action" value="restock">' +
            `<input type="hidden" name="productId" value="${productId}"><input type="hidden" name="variantId" value="${variantId}">`,
        )
        .replace(
          /<input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="([^"]*)">/,
          (_m, ph: string) =>
            `<input type="text" x-autocompletetype="email" spellcheck="false" name="email" placeholder="${ph}" autocomplete="email" aria-label="${ph || 'Email address'}"` +
            (flash?.email ? ` value="${attr(flash.email)}"` : '') +
            (flash ? ` aria-invalid="true"` : '') +
            '>',
        )
        // The engine's "Notify me" button carries the Squarespace class only: the theme's own button
        // class makes it look like the theme's other buttons (issue 33).
        .replace('<input class="sqs-editable-button" type="submit"', '<input class="sqs-editable-button button" type="submit"')
        .replace('<input type="checkbox" name="isJoinMailingList"', `<input type="checkbox" name="isJoinMailingList" form="${formId}"`)
        .replace('\n  </form>\n', `${captcha ? `\n    ${captchaSlot('captcha-container', o.t)}` : ''}\n  </form>\n  ${message}\n`);
    }
    const sku = o.skus[variantId];
    return (
      `<div class="product-restock-notification" data-product-id="${productId}" data-variant-id="${variantId}"` +
      (sku !== undefined ? ` data-sku="${attr(sku)}"` : '') +
      ` data-success-text="${attr(o.successText)}"` +
      (o.texts ? ` data-texts="${attr(JSON.stringify(o.texts))}"` : '') +
      (hidden && !flash ? ' hidden' : '') +
      `>${inner}\n</div>\n`
    );
  });
}
