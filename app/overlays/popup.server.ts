// The popup on storefront pages: its markup for a page (or nothing), with the newsletter form of
// the owner's choice rendered as a form block that posts to /popup without JavaScript (and its
// post-submit HTML, shown once sent).
import { getReadSql, isDatabaseUnavailable } from '../../db/client.server.js';
import { log } from '../utils/log.server.js';
import { loadForm } from '../forms/stored-forms.server.js';
import type { FormBlockState } from '../forms/form-html.js';
import { popupAllowedOn, popupFormBlock, popupHtml, safeReturn, POPUP_BLOCK_ID } from './popup.js';
import { siteTweaks } from './tweak-store.server.js';
import { SENT_PARAM, visitorPostSubmitHtml } from '../forms/page-forms.server.js';
import { overlayStyle, paragraphs } from './markup.js';
import { escapeHtml } from '../utils/html.js';
import type { TextLookup } from '../forms/form-texts.js';

// Where the form posts and where it returns are pure (the tweak preview uses them too).
export { safeReturn };

/**
 * The popup's HTML for any page of the site ('' when it is off or has no place on this page).
 * `t`: the page's texts, so the form's built-in labels and messages are in its language (none: English).
 */
export async function popupFor(websiteId: string, pageType: number, url: URL, t?: TextLookup): Promise<string> {
  if (!popupAllowedOn(pageType, url.pathname)) return '';
  try {
    const tweaks = await siteTweaks(websiteId);
    const popup = tweaks['popup-overlay'];
    if (!popup.enabled) return '';
    return popupHtml({
      popup,
      style: tweaks.style,
      formHtml: await popupFormHtml(websiteId, popup.formId, url.pathname + url.search, undefined, t),
    });
  } catch (e) {
    // The popup is an extra: a page whose popup cannot be read is served without it.
    if (isDatabaseUnavailable(e)) throw e;
    log.warn(`popup: left out of ${url.pathname}: ${e instanceof Error ? e.message : String(e)}`);
    return '';
  }
}

/**
 * The popup's newsletter form block (null when it has none, or the form was deleted). Read on a
 * fresh standby in an anonymous request (ADR 0033): a form saved or deleted calls storefrontChanged.
 */
export async function popupFormHtml(
  websiteId: string,
  formId: string,
  returnTo: string,
  state?: FormBlockState,
  t?: TextLookup,
): Promise<string | null> {
  if (!formId) return null;
  const form = await loadForm(await getReadSql(), websiteId, formId);
  if (!form) return null;
  // After a successful submit the form's post-submit HTML shows, as under a page's form block.
  return popupFormBlock(form, returnTo, state, visitorPostSubmitHtml(form.definition), t);
}

/**
 * The popup as a page of its own (/popup, page type 104): where its form posts without JavaScript,
 * shown again with the messages and everything typed, or with the thank-you text once sent, and a
 * way back to the page the visitor came from. Null when the popup is off.
 */
export async function popupPage(websiteId: string, url: URL, state?: FormBlockState): Promise<{ title: string; html: string } | null> {
  const tweaks = await siteTweaks(websiteId);
  const popup = tweaks['popup-overlay'];
  if (!popup.enabled) return null;
  const back = safeReturn(url.searchParams.get('return'));
  const sent = url.searchParams.get(SENT_PARAM) === POPUP_BLOCK_ID;
  const form = await popupFormHtml(websiteId, popup.formId, back, sent ? { sent: true } : state);
  const html =
    `<section class="wrap-narrow site-popup-page" style="${escapeHtml(overlayStyle(tweaks.style, 'popup'))}">` +
    `<h1>${escapeHtml(popup.title)}</h1>` +
    paragraphs(popup.text) +
    (form ?? '') +
    `<p><a href="${escapeHtml(back)}" data-popup-back>Back to the site</a></p>` +
    `</section>`;
  return { title: popup.title, html };
}
