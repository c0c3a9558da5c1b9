// The live preview of the tweak screen (/config/tweaks/$type): the document shown in a sandboxed
// iframe, made in the browser from what the form holds now (no server round trip, as the theme
// editor's preview), with the same markup builders the storefront uses.
import { popupHtml } from './popup.js';
import { splashHtml } from './splash.js';
import { escapeHtml, overlayStyle, paragraphs } from './markup.js';
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
.preview-page{opacity:.35;padding:1rem}`;

const SAMPLE_FORM =
  '<div class="form-block"><form class="form-block-form"><p class="field"><label>Email<br><input type="email" disabled></label></p>' +
  '<p><button type="submit" disabled>Sign up</button></p></form></div>';

function box(style: StyleTweak, body: string): string {
  return (
    `<section class="overlay-preview" style="${escapeHtml(overlayStyle(style, 'overlay'))};max-width:32rem;margin:3rem auto;padding:2rem;` +
    `border-radius:var(--overlay-radius);background:var(--overlay-bg,#fff);color:var(--overlay-text,#222)">${body}</section>`
  );
}

/** The preview's markup (the part inside <body>) for `type` with the form's current values. */
export function tweakPreviewBody(type: TweakType, values: Record<string, string>, styleValues: Record<string, string>): string {
  const style = readTweak('style', type === 'style' ? values : styleValues);
  const button = (label: string) =>
    `<button type="button" disabled style="background:var(--overlay-accent,#222);color:#fff;border:0;padding:.6rem 1.2rem;border-radius:var(--overlay-radius)">${escapeHtml(label)}</button>`;
  switch (type) {
    case 'popup-overlay':
    case 'style': {
      const popup = {
        ...readTweak('popup-overlay', type === 'style' ? { title: 'Join our newsletter', formId: 'sample' } : values),
        version: 1,
      };
      const page = '<div class="preview-page"><h1>Your page</h1><p>The page under the popup.</p></div>';
      return `<style>${PREVIEW_POPUP_CSS}</style>${page}${popupHtml({ popup, style, formHtml: popup.formId ? SAMPLE_FORM : null })}`;
    }
    case 'splash-page':
      return splashHtml(readTweak('splash-page', values), style);
    case 'lock-screen': {
      const l = readTweak('lock-screen', values);
      return box(
        style,
        `<h1>${escapeHtml(l.title)}</h1>${paragraphs(l.text)}<p><label>${escapeHtml(l.passwordLabel)}<br><input type="password" disabled></label></p>${button(l.buttonLabel)}`,
      );
    }
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
export function tweakPreviewDocument(body: string, stylesheet: string | null): string {
  return (
    '<!doctype html><html><head><meta charset="utf-8">' +
    (stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : '') +
    `</head><body>${body}</body></html>`
  );
}
