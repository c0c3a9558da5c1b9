// Response headers of owner pages: never cached anywhere (they show private data), and the
// Retry-After of a refused post (Remix sends a document's headers only through this function).
import type { HeadersFunction } from '@remix-run/node';

export const ownerPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const h = new Headers();
  h.set('Cache-Control', 'no-store');
  h.set('X-Robots-Tag', 'noindex');
  for (const from of [errorHeaders, actionHeaders, loaderHeaders]) {
    const retry = from?.get('Retry-After');
    if (retry) h.set('Retry-After', retry);
    const referrer = from?.get('Referrer-Policy');
    if (referrer) h.set('Referrer-Policy', referrer);
  }
  return h;
};
