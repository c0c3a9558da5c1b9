// The document shell around every page: <html>, <head> (meta tags from the matched route), the
// page body (theme HTML rendered by the route) and Remix's scripts.
import type { LinksFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { useNonce } from './components/nonce.js';

// An inline icon spares every page view a /favicon.ico request that would reach the catalog.
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23234'/%3E%3Cpath d='M9 12h14l-1.5 12h-11z' fill='none' stroke='%23fff' stroke-width='2.2' stroke-linejoin='round'/%3E%3Cpath d='M12.5 12a3.5 3.5 0 0 1 7 0' fill='none' stroke='%23fff' stroke-width='2.2'/%3E%3C/svg%3E";

export const links: LinksFunction = () => [{ rel: 'icon', href: ICON, type: 'image/svg+xml' }];

function pageLang(matches: ReturnType<typeof useMatches>): string {
  for (const m of [...matches].reverse()) {
    const lang = (m.data as { seo?: { lang?: unknown } } | undefined)?.seo?.lang;
    if (typeof lang === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) return lang;
  }
  return 'en';
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const nonce = useNonce();
  return (
    <html lang={pageLang(matches)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the document as enhanced: the e2e tests wait for it before clicking.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** Last resort when rendering itself fails: a static page that needs neither theme nor database. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '36rem', margin: '4rem auto', padding: '0 1rem' }}>
      <title>{notFound ? 'Page not found' : 'Something went wrong'}</title>
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{notFound ? 'The page you asked for does not exist.' : 'Please try again in a moment.'}</p>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
