// What the server (app/server/main.ts) hands every loader and the document render beside the
// request: the response's CSP nonce, the site the host reaches and, on a document request, the
// slot for the page's HTML.
import type { PageHtmlSlot } from '../components/page-html.js';
import type { SiteRef } from '../sites/domains.server.js';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string;
    page?: PageHtmlSlot;
    /** The site the request's host reaches (app/server/main.ts resolves it before any route). */
    site?: SiteRef;
  }
}

export {};
