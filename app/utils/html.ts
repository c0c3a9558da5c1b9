// The one HTML escaper of the app: text and attribute values put into markup by hand (emails,
// notices, overlays, form blocks, the sitemap's XML). Imports nothing, so any layer may use it.

const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `s` safe as HTML (or XML) text and as a quoted attribute value, either quote. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITY[c]);
