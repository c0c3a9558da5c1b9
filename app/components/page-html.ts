// A theme page's HTML on its way from the loader to the server render, outside the loader data: a
// document request would otherwise serialize it into `window.__remixContext` only to drop it again.
import { createContext } from 'react';

/** The current document's theme HTML while the server renders it; null in the browser. */
export const PageHtmlContext = createContext<string | null>(null);
