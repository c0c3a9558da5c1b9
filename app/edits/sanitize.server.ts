// The one sanitiser for owner HTML (a page's body, and any other rich text an owner saves): run on
// save, and again where stored HTML reaches the storefront (defence in depth). Its allowlist is the
// rich-text toolbar's (SPEC 2): paragraphs and line breaks, bold, italic, headings, lists, alignment,
// links, text and background colour; plus images from the site's own paths. Everything else goes:
// scripts, styles, frames, forms, event handlers, and any href not of app/edits/rich-text-links.ts's shapes.
import sanitizeHtml from 'sanitize-html';
import { isAllowedHref } from './rich-text-links.js';

const TEXT_ALIGN = [/^(left|right|center|justify)$/];
// Colours as the toolbar writes them: #hex, rgb()/rgba() or a name; never url(), var() or expressions.
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)$/i, /^[a-z]{3,20}$/i];
// Class names: plain identifiers (Quill's ql-align-*/ql-indent-*, and the classes the starting
// themes' pages use, such as the journal's "entry"); a class only styles, it runs nothing.
const CLASS_NAME = /^[a-z][a-z0-9_-]{0,40}$/i;
// An id is an anchor (/notes#a-spine-...): a hyphenated slug, so it cannot clobber a global
// (window.cart, document.forms...) that a script of ours might read.
const ANCHOR_ID = /^[a-z0-9]+(-[a-z0-9]+)+$/;
// Images only from the site itself: its file manager (/files/<id>/<name>) and its bundled /images/.
const OWN_IMAGE = /^\/(files|images)\/[^\s"'<>\\`]+$/;

/** Drops an id that is not a hyphenated anchor (see ANCHOR_ID). */
function anchorIdOnly(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(attribs)) if (k !== 'id' || ANCHOR_ID.test(v)) out[k] = v;
  return { tagName, attribs: out };
}

/**
 * The allowlist. Tags: what Quill writes for the toolbar (p, br, strong/em and their b/i forms,
 * h1-h4, ol/ul/li with Quill 2's data-list, a, span for colour), img from our paths, and the few
 * structural tags the starting themes' pages are written in (article, blockquote, cite, time), so
 * that cleaning stored pages again on the storefront leaves them as they were. Styles: text-align,
 * color and background-color with plain colour values. Classes: plain identifiers; ids: hyphenated
 * anchors on articles and headings. Links: target only _blank (the transform below), which gets
 * rel="noopener noreferrer".
 */
export const OWNER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'h1', 'h2', 'h3', 'h4', 'ol', 'ul', 'li', 'a', 'span', 'img'],
    ...['article', 'blockquote', 'cite', 'time'],
  ],
  allowedAttributes: {
    article: ['id'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    time: ['datetime'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    li: ['data-list'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedClasses: { '*': [CLASS_NAME] },
  allowedStyles: {
    '*': { 'text-align': TEXT_ALIGN, color: COLOUR, 'background-color': COLOUR },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // Dropped with their content, not left as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object', 'svg', 'math'],
  // Attributes keep their order (the output of a clean input is the input).
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(attribs)) {
        // An href of no allowed shape goes (the link's text stays); rel is ours to set.
        if (k === 'href' && isAllowedHref(v.trim())) out.href = v.trim();
        else if (k === 'target' && v === '_blank') out.target = v;
        else if (k !== 'href' && k !== 'rel' && k !== 'target') out[k] = v;
      }
      // A link that opens a new window must not hand it our window (reverse tabnabbing).
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
    article: anchorIdOnly,
    h2: anchorIdOnly,
    h3: anchorIdOnly,
    h4: anchorIdOnly,
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(attribs)) {
        if (k === 'src' && OWN_IMAGE.test(v.trim())) out.src = v.trim();
        else if (k !== 'src') out[k] = v;
      }
      return { tagName, attribs: out };
    },
  },
  // An image that lost its source shows nothing: drop it.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** `html` with only what OWNER_HTML_OPTIONS allows. */
export function sanitizeOwnerHtml(html: string): string {
  return sanitizeHtml(html, OWNER_HTML_OPTIONS).trim();
}

// Stored HTML is sanitised again on its way to visitors; the same few bodies are rendered over and
// over, so the results are remembered (small: a page body is at most 200,000 characters).
const RENDERED = new Map<string, string>();
const RENDERED_MAX = 200;

/** sanitizeOwnerHtml for stored HTML on its way to the storefront, remembered per text. */
export function sanitizeStoredHtml(html: string): string {
  if (html === '' || html.length > 50_000) return html === '' ? html : sanitizeOwnerHtml(html);
  const hit = RENDERED.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeOwnerHtml(html);
  if (RENDERED.size >= RENDERED_MAX) RENDERED.delete(RENDERED.keys().next().value as string);
  RENDERED.set(html, clean);
  return clean;
}
