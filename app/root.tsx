// The document shell around every page: <html>, <head> (meta tags from the matched route, the
// theme's stylesheet), the page body (theme HTML rendered by the route) and Remix's scripts.
import type { LinksFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNonce } from './components/nonce.js';
import { censusOf, pixelUrl } from './analytics/page-census.js';

// The icon is a static file (public/): /favicon.svg for browsers that take SVG, /favicon.ico
// (16, 32 and 48 px) for the others and for clients that ask for /favicon.ico on their own.
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico', sizes: '48x48' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

function pageLang(matches: ReturnType<typeof useMatches>): string {
  for (const m of [...matches].reverse()) {
    const lang = (m.data as { seo?: { lang?: unknown } } | undefined)?.seo?.lang;
    if (typeof lang === 'string' && /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(lang)) return lang;
  }
  return 'en';
}

/** The theme's stylesheet URL the page's loader sends (`/theme/<hash>.css`), if any. */
function themeStylesheet(matches: ReturnType<typeof useMatches>): string | null {
  for (const m of [...matches].reverse()) {
    const href = (m.data as { stylesheet?: unknown } | undefined)?.stylesheet;
    if (typeof href === 'string' && href.startsWith('/theme/')) return href;
  }
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const nonce = useNonce();
  const stylesheet = themeStylesheet(matches);
  const census = censusOf(matches);
  const location = useLocation();
  return (
    <html lang={pageLang(matches)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* In the head, so the browser waits for it before the first paint: no unstyled flash. */}
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
      </head>
      <body>
        {/* The page view of a visitor without JavaScript (with it, browsers never fetch this). */}
        {census ? (
          <noscript>
            <img src={pixelUrl(census, location.pathname, location.search)} alt="" width={1} height={1} style={{ position: 'absolute' }} />
          </noscript>
        ) : null}
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * After a client-side navigation to another page, focus goes to the new page's h1 (made focusable
 * with tabindex=-1), as a full page load would put a screen reader at the top of the new page.
 * Not on the first load, and not when only the query changes on the same page (a cart update, a
 * variant choice, a new search), where focus stays on the control that was used.
 */
function useFocusHeadingOnNavigation() {
  const location = useLocation();
  const shown = useRef(location.pathname);
  useEffect(() => {
    if (shown.current === location.pathname) return;
    shown.current = location.pathname;
    const h1 = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!h1) return;
    if (!h1.hasAttribute('tabindex')) h1.setAttribute('tabindex', '-1');
    h1.focus({ preventScroll: true });
  }, [location.pathname]);
}

/**
 * The analytics collector (app/analytics/collector.ts), loaded on its own after hydration: told
 * of the first page and of each client-side navigation to another page (path or query), with the
 * page's census. Pages that carry none (search, not found...) do not load it.
 */
let collectorLoaded = false;

function useAnalytics() {
  const matches = useMatches();
  const location = useLocation();
  const census = censusOf(matches);
  const previous = useRef<string | null>(null);
  const page = location.pathname + location.search;
  useEffect(() => {
    const first = previous.current === null;
    const referrer = first ? document.referrer : (previous.current as string);
    previous.current = window.location.href;
    // Nothing recorded on this page, and nothing started before it: no need for the collector.
    if (!census && !collectorLoaded) return;
    collectorLoaded = true;
    import('./analytics/collector.js').then(
      (m) => m.trackPage({ census, first, referrer }),
      () => undefined,
    );
    // The census belongs to the page: a new page brings a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page]);
}

export default function App() {
  useEffect(() => {
    // Marks the document as enhanced: the e2e tests wait for it before clicking.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  useFocusHeadingOnNavigation();
  useAnalytics();
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
