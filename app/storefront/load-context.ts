// What the server (app/server/main.ts) hands every loader and the document render beside the
// request: the response's CSP nonce and, on a document request, the slot for the page's HTML.
import type { PageHtmlSlot } from '../components/page-html.js';

declare module '@remix-run/node' {
  interface AppLoadContext {
    cspNonce?: string;
    page?: PageHtmlSlot;
  }
}

export {};
