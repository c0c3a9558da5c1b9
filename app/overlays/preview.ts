// The live preview of the tweak screen (/config/tweaks/$type): the document shown in a sandboxed
// iframe, made in the browser from what the form holds now (no server round trip, as the theme
// editor's preview), with the same markup builders the storefront uses. The lock screen is a theme
// template, so its preview is rendered by the server (app/routes/config_.tweaks.lock-screen.preview.ts).
import type { FormDefinition } from '../forms/form-definition.js';
import { popupFormBlock, popupHtml } from './popup.js';
import { splashHtml } from './splash.js';
import { overlayStyle, paragraphs } from './markup.js';
import { escapeHtml } from '../utils/html.js';
import { readTweak, type StyleTweak, type TweakType } from './tweaks.js';

// In the preview the popup stands where the modal dialog will (no script runs in the frame).
const PREVIEW_POPUP_CSS = `
.site-popup[open]{position:fixed!important;margin:0!important}
.site-popup[data-popup-position^="top-"]{top:1rem;bottom:auto}
.site-popup[data-popup-position^="center-"]{top:0;bottom:0;margin-block:auto!important;height:fit-content}
.site-popup[data-popup-position^="bottom-"]{bottom:1rem;top:auto}
.site-popup[data-popup-position$="-left"]{left:1rem;right:auto}
.site-popup[data-popup-position$="-center"]{left:0;right:0;margin-inline:auto!important}
.site-popup[data-popup-position$="-right"]{right:1rem;left:auto}
.preview-page{padding:1rem;border:2px dashed currentColor}`;

// The page's own content in a landmark, at full contrast (axe checks this document too, issue 32).
const PAGE_UNDER = '<main class="preview-page"><h1>Your page</h1><p>The page under the popup.</p></main>';

// The style tweak's preview shows a popup with a stand-in form (the popup's own is not chosen there).
const SAMPLE_FORM =
  '<div class="form-block"><form class="form-block-form"><p class="field"><label>Email<br><input type="email" disabled></label></p>' +
  '<p><button type="submit" disabled>Sign up</button></p></form></div>';

function box(style: StyleTweak, body: string): string {
  return (
    `<section class="overlay-preview" style="${escapeHtml(overlayStyle(style, 'overlay'))};max-width:32rem;margin:3rem auto;padding:2rem;` +
    `border-radius:var(--overlay-radius);background:var(--overlay-bg,#fff);color:var(--overlay-text,#222)">${body}</section>`
  );
}

/** One of the site's forms as the popup preview renders it. */
export interface PreviewForm {
  id: string;
  name: string;
  definition: FormDefinition;
  /** Its post-submit HTML as visitors get it (sanitised on the server), waiting in the form as live. */
  postSubmitHtml: string;
}

/** What the popup preview shows beside the form's values: the popup's version and the site's forms. */
export interface PreviewData {
  version: number;
  forms: readonly PreviewForm[];
}

/** The page the popup preview stands for: its form returns there, as the live popup's on the home page. */
export const POPUP_PREVIEW_PATH = '/';

/** The popup exactly as the live home page renders it for these settings (app/overlays/popup.server.ts). */
export function popupPreviewHtml(values: Record<string, string>, styleValues: Record<string, string>, data: PreviewData): string {
  const popup = { ...readTweak('popup-overlay', values), version: data.version };
  const form = data.forms.find((f) => f.id === popup.formId);
  return popupHtml({
    popup,
    style: readTweak('style', styleValues),
    formHtml: form ? popupFormBlock(form, POPUP_PREVIEW_PATH, undefined, form.postSubmitHtml) : null,
  });
}

/** The preview's markup (the part inside <body>) for `type` with the form's current values. */
export function tweakPreviewBody(
  type: TweakType,
  values: Record<string, string>,
  styleValues: Record<string, string>,
  data: PreviewData = { version: 1, forms: [] },
): string {
  const style = readTweak('style', type === 'style' ? values : styleValues);
  const button = (label: string) =>
    `<button type="button" disabled style="background:var(--overlay-accent,#222);color:#fff;border:0;padding:.6rem 1.2rem;border-radius:var(--overlay-radius)">${escapeHtml(label)}</button>`;
  switch (type) {
    case 'popup-overlay':
      return `<style>${PREVIEW_POPUP_CSS}</style>${PAGE_UNDER}${popupPreviewHtml(values, styleValues, data)}`;
    case 'style': {
      const popup = { ...readTweak('popup-overlay', { title: 'Join our newsletter', formId: 'sample' }), version: 1 };
      return `<style>${PREVIEW_POPUP_CSS}</style>${PAGE_UNDER}${popupHtml({ popup, style, formHtml: SAMPLE_FORM })}`;
    }
    case 'splash-page':
      return splashHtml(readTweak('splash-page', values), style);
    case 'lock-screen':
      // Rendered by the server through the theme, as locked pages are (lockScreenPreviewUrl).
      return '';
    case 'checkout': {
      const c = readTweak('checkout', values);
      return `<section style="max-width:40rem;margin:2rem auto"><h1>${escapeHtml(c.heading)}</h1>${paragraphs(c.note)}<p><em>The checkout form follows.</em></p></section>`;
    }
    case 'sso-page': {
      const s = readTweak('sso-page', values);
      return box(style, `<h1>${escapeHtml(s.title)}</h1>${paragraphs(s.text)}${button(s.buttonLabel)}`);
    }
  }
}

/** A whole document for the iframe's srcdoc: the site's stylesheet, then the preview's body. */
export function tweakPreviewDocument(body: string, stylesheet: string | null, lang = 'en'): string {
  return (
    `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>Preview</title>` +
    (stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '') +
    `</head><body>${body}</body></html>`
  );
}

/** Where the lock screen's preview is rendered, for these (unsaved) values of the form. */
export function lockScreenPreviewUrl(values: Record<string, string>): string {
  const l = readTweak('lock-screen', values);
  const q = new URLSearchParams({ title: l.title, text: l.text, passwordLabel: l.passwordLabel, buttonLabel: l.buttonLabel });
  return `/config/tweaks/lock-screen/preview?${q}`;
}
