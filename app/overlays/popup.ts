// The popup overlay (page type 104): where it may show, whether a visitor who closed it sees it
// again (SPEC 9's local storage keys), and its markup. Pure: the server renders the markup at the
// end of the page and the browser island (popup-island.ts) applies the same rules.
import { PageType } from '../../engine/ts/enums.js';
import type { PopupTweak, StyleTweak } from './tweaks.js';
import { overlayStyle, paragraphs } from './markup.js';
import { escapeHtml } from '../utils/html.js';
import { formBlockHtml, type FormBlockState } from '../forms/form-html.js';
import type { FormDefinition } from '../forms/form-definition.js';
import type { TextLookup } from '../forms/form-texts.js';

/** SPEC 9: the popup's local storage keys, exactly. */
export const POPUP_STORAGE_KEYS = { dateClosed: 'date-closed', version: 'version', submitted: 'submitted' } as const;

/** Where the no-JavaScript newsletter form posts (app/routes/popup.tsx shows the popup as a page). */
export const POPUP_PATH = '/popup';
/** The form block id of the popup's newsletter form (its DOM ids are form-popup-*). */
export const POPUP_BLOCK_ID = 'popup';

/** Where the popup's form posts from a page at `path`: /popup, which sends the visitor back there. */
export function popupAction(returnTo: string): string {
  return `${POPUP_PATH}?${new URLSearchParams({ return: safeReturn(returnTo) })}#form-${POPUP_BLOCK_ID}`;
}

/** A path of this site to go back to (never another origin); the home page otherwise. */
export function safeReturn(raw: string | null | undefined): string {
  const t = (raw ?? '').trim();
  if (!t.startsWith('/') || t.startsWith('//') || t.startsWith('/\\') || /[\u0000-\u001f]/.test(t)) return '/';
  if (t === POPUP_PATH || t.startsWith(`${POPUP_PATH}?`)) return '/';
  return t;
}

/**
 * The popup's form as a form block posting to /popup from `returnTo`: the live popup and the tweak
 * screen's preview both make it here, so the preview shows the whole form the visitor gets.
 * `postSubmitHtml`: the form's, already sanitised (the server's; this module is pure), shown once sent.
 * `t`: the page's texts, so the form's built-in labels and messages are in its language (none: English).
 */
export function popupFormBlock(
  form: { id: string; definition: FormDefinition },
  returnTo: string,
  state?: FormBlockState,
  postSubmitHtml?: string,
  t?: TextLookup,
): string {
  return formBlockHtml({
    blockId: POPUP_BLOCK_ID,
    formId: form.id,
    definition: form.definition,
    action: popupAction(returnTo),
    state,
    postSubmitHtml,
    t,
  });
}

// Pages where a popup would stand in the visitor's way or make no sense: paying, unlocking,
// the splash and the popup's own page, leaving a list, access refused, errors.
const NEVER_ON: ReadonlySet<number> = new Set([
  PageType.CHECKOUT,
  PageType.ORDER_CONFIRMED,
  PageType.LOCK_SCREEN,
  PageType.SPLASH_PAGE,
  PageType.POPUP_OVERLAY,
  PageType.NEWSLETTER_UNSUBSCRIBE,
  PageType.PROTECTED_CONTENT,
  PageType.MEMBER_AREA_ACCESS_DENIED,
  PageType.PAYWALL,
  PageType.SINGLE_SIGN_ON,
  PageType.NOT_FOUND,
  PageType.ERROR,
]);

/** Whether the popup may be on a page of this type and path (never /config, checkout or the lock screen). */
export function popupAllowedOn(pageType: number, path: string): boolean {
  if (path === '/config' || path.startsWith('/config/') || path === '/checkout' || path.startsWith('/checkout/')) return false;
  return !NEVER_ON.has(pageType);
}

/** What this browser remembers of the popup (null where a key is absent). */
export interface PopupMemory {
  dateClosed: string | null;
  version: string | null;
  submitted: string | null;
}

/**
 * Whether a visitor sees the popup (version `version`): yes unless they closed it or sent its form
 * while this same version was up. A new version from the owner shows it again.
 */
export function popupDue(memory: PopupMemory, version: number): boolean {
  const dismissed = (memory.dateClosed !== null && memory.dateClosed !== '') || memory.submitted === 'true';
  return !(dismissed && memory.version === String(version));
}

/** The scroll position (0-100) of a page; a page that cannot scroll counts as read to the end. */
export function scrolledPercent(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const room = scrollHeight - viewportHeight;
  if (room <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / room) * 100));
}

// Non-modal (no JavaScript, or before the island opens it): an ordinary region in the page's flow,
// never over the content. Modal (the island's showModal): fixed at its place on the 3x3 grid.
const POPUP_CSS = `
.site-popup{box-sizing:border-box;max-width:min(32rem,calc(100vw - 2rem));padding:1.5rem;border:1px solid currentColor;border-radius:var(--popup-radius,8px);background:var(--popup-bg,#fff);color:var(--popup-text,#222)}
.site-popup:not(:modal){position:static;display:block;margin:2rem auto}
.site-popup:not([open]){display:none}
.site-popup:modal{position:fixed;margin:0;max-height:calc(100vh - 2rem);overflow:auto}
.site-popup::backdrop{background:rgba(0,0,0,.4)}
.site-popup[data-popup-position^="top-"]:modal{top:1rem;bottom:auto}
.site-popup[data-popup-position^="center-"]:modal{top:0;bottom:0;margin-block:auto}
.site-popup[data-popup-position^="bottom-"]:modal{bottom:1rem;top:auto}
.site-popup[data-popup-position$="-left"]:modal{left:1rem;right:auto}
.site-popup[data-popup-position$="-center"]:modal{left:0;right:0;margin-inline:auto}
.site-popup[data-popup-position$="-right"]:modal{right:1rem;left:auto}
.site-popup-close{float:right;margin:0 0 .5rem .5rem}
.site-popup-close button{font:inherit;cursor:pointer}
.site-popup h2{margin-top:0}`;
// Only with the owner's button colour: otherwise the theme's own button styles stand.
const ACCENT_CSS = `.site-popup .form-block button[type=submit]{background:var(--popup-accent);color:var(--popup-on-accent)}`;

export interface PopupView {
  popup: PopupTweak & { version: number };
  style: StyleTweak;
  /** The newsletter form's HTML (app/forms/form-html.ts), or null for a popup without a form. */
  formHtml: string | null;
}

/**
 * The popup: a <dialog open> at the end of the page, which without JavaScript is a plain region
 * (its Close button, a method="dialog" form, still hides it); the island turns it into a modal
 * dialog when its trigger fires.
 */
export function popupHtml({ popup, style, formHtml }: PopupView): string {
  return (
    `<dialog open class="site-popup" id="site-popup" data-popup aria-labelledby="site-popup-title"` +
    ` data-popup-version="${popup.version}" data-popup-trigger="${popup.trigger}"` +
    ` data-popup-delay="${popup.delaySeconds}" data-popup-scroll="${popup.scrollPercent}"` +
    ` data-popup-position="${popup.position}" style="${escapeHtml(overlayStyle(style, 'popup'))}">` +
    `<style>${POPUP_CSS}${style.accent ? ACCENT_CSS : ''}</style>` +
    `<form method="dialog" class="site-popup-close"><button type="submit" data-popup-close>${escapeHtml(popup.closeLabel)}</button></form>` +
    `<h2 id="site-popup-title">${escapeHtml(popup.title)}</h2>` +
    paragraphs(popup.text) +
    (formHtml ?? '') +
    `</dialog>`
  );
}
