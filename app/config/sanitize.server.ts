// Owner HTML (a page's body, and any other rich text an owner saves) is cleaned on save with
// sanitize-html: common formatting, links, images, headings, lists and tables stay; scripts, styles,
// frames, forms, event handlers and javascript:/data: URLs go. The storefront then prints it as is.
import sanitizeHtml from 'sanitize-html';

const TEXT_ALIGN = [/^(left|right|center|justify)$/];
// Colours as the rich-text toolbar writes them: #hex, rgb()/rgba() or a name; never url() or expressions.
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*){2,3}\)$/i, /^[a-z]{3,20}$/i];

export const OWNER_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'picture', 'source'],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading'],
    source: ['srcset', 'sizes', 'media', 'type'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'reversed', 'type'],
    time: ['datetime'],
    '*': ['class', 'style', 'lang', 'dir'],
  },
  allowedStyles: {
    '*': { 'text-align': TEXT_ALIGN, color: COLOUR, 'background-color': COLOUR },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  // Dropped with their content, not left as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'object'],
  transformTags: {
    // A link that opens a new window must not hand it our window (reverse tabnabbing).
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/** `html` with only what OWNER_HTML_OPTIONS allows. */
export function sanitizeOwnerHtml(html: string): string {
  return sanitizeHtml(html, OWNER_HTML_OPTIONS).trim();
}
