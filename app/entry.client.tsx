// Client entry: hydrates the server document; the theme's HTML is already working without it.
import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { rememberServerPageHtml } from './components/ThemePage.js';

// The server sends a theme page's HTML once, in the document: keep it before React takes over.
rememberServerPageHtml();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
