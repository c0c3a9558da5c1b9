// Server entry: renders the document for a request, answering a matching If-None-Match with 304
// before any rendering happens.
import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { getDb } from '../db/client.server.js';
import { notModified, strongEtag } from './http.server.js';

const ABORT_DELAY_MS = 5_000;

// Open (migrate, seed) the database as the server starts, not on the first visitor's request. A
// failure here is only logged: each request retries and shows the static page while it is down.
getDb().catch((e: unknown) => console.error(`storefront: the database is not available yet: ${(e as Error)?.message ?? e}`));

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Response | Promise<Response> {
  const pageTag = responseHeaders.get('ETag');
  if (pageTag) {
    // The document is the page's data inside this build's shell: a new deploy must change the tag.
    responseHeaders.set('ETag', strongEtag(pageTag, remixContext.manifest.version));
    const hit = notModified(request, responseStatusCode, responseHeaders);
    if (hit) return hit;
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Page data is complete before rendering starts (no deferred data), so wait for all of it:
    // crawlers and shoppers get the same whole document.
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
      {
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is out are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}
