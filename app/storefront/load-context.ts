// What the server (app/server/main.ts) hands every loader and the document render beside the
// request: the response's CSP nonce, the site the host reaches and, on a document request, the
// slot for the page's HTML.
import type { SiteRef } from '../sites/domains.server.js';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string;
    /** On a document request: the theme HTML, put here by the page loader for the document render (see app/components/page-html.ts). */
    page?: { html: string | null };
    /** The site the request's host reaches (app/server/main.ts resolves it before any route). */
    site?: SiteRef;
  }
}

export {};
