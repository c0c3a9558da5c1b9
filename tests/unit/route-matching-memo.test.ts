// The route-matching memos our patches add to the CommonJS builds the server loads (patches/*.patch,
// ADR 0009): they must answer exactly what upstream answers, hand each caller its own objects, and stay bounded.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The server loads these CommonJS files (patched); the browser's ES build of the router is upstream's, unpatched.
const require = createRequire(import.meta.url);
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: { id: string } };
type MatchRoutes = (routes: unknown[], location: string | { pathname: string }, basename?: string) => Match[] | null;
const patched = require('@remix-run/router') as { matchRoutes: MatchRoutes };
const { createStaticRouter } = require('react-router-dom/server') as {
  createStaticRouter: (routes: unknown[], context: unknown) => { routes: unknown[]; state: { matches: Match[] } };
};
const { createEntryRouteModules } = require('@remix-run/server-runtime/dist/entry.js') as {
  createEntryRouteModules: (manifest: Record<string, { module: unknown }>) => Record<string, unknown>;
};
const upstream = (await import('@remix-run/router/dist/router.js')) as unknown as { matchRoutes: MatchRoutes };

/** A tree shaped like the app's: a root layout, static and dynamic segments, optional ones, an owner area, a splat last. */
function routeTree() {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        { id: 'cart', path: 'cart' },
        { id: 'search', path: 'search' },
        {
          id: 'config',
          path: 'config',
          children: [
            { id: 'config-home', index: true },
            { id: 'config-products', path: 'products' },
            { id: 'config-product', path: 'products/:productId' },
            { id: 'config-files', path: 'files/*' },
          ],
        },
        { id: 'lang-page', path: ':lang?/pages/:slug' },
        { id: 'api-cart', path: 'api/commerce/shopping-cart/entries' },
        { id: 'storefront', path: '*' },
      ],
    },
  ];
}

const PATHS = [
  '/',
  '/cart',
  '/search',
  '/config',
  '/config/products',
  '/config/products/42',
  '/config/files/a/b/c.pdf',
  '/pages/about',
  '/fr/pages/about',
  '/shop/p/tide-pool-mug',
  '/shop/p/caf%C3%A9-mug',
  '/fr/shop',
  '/api/commerce/shopping-cart/entries',
  '/nope/not/here/',
];

const plain = (ms: Match[] | null) =>
  ms?.map((m) => ({ params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase, id: m.route.id }));

describe('matchRoutes, memoised per routes array and pathname', () => {
  it('answers what upstream answers, the first time and every time after', () => {
    const routes = routeTree();
    for (let round = 0; round < 3; round++) {
      for (const path of PATHS) {
        expect(plain(patched.matchRoutes(routes, path)), `${path}, round ${round}`).toEqual(plain(upstream.matchRoutes(routes, path)));
        expect(plain(patched.matchRoutes(routes, { pathname: path }))).toEqual(plain(upstream.matchRoutes(routes, path)));
      }
      expect(plain(patched.matchRoutes(routes, '/base/cart', '/base'))).toEqual(plain(upstream.matchRoutes(routes, '/base/cart', '/base')));
      expect(patched.matchRoutes(routes, '/elsewhere', '/base')).toBeNull();
    }
  });

  it('gives each caller its own matches and params: what one changes, the next does not see', () => {
    const routes = routeTree();
    const first = patched.matchRoutes(routes, '/config/products/42')!;
    // As matchRouteBranch makes them: one params object for all of a result's matches.
    expect(new Set(first.map((m) => m.params)).size).toBe(1);
    first[0].params.productId = 'changed';
    first[0].pathname = '/changed';
    first.pop();
    const again = patched.matchRoutes(routes, '/config/products/42')!;
    expect(again).not.toBe(first);
    expect(plain(again)).toEqual(plain(upstream.matchRoutes(routes, '/config/products/42')));
    expect(again.at(-1)!.params.productId).toBe('42');
  });

  it('stays right past its bound, for paths it had to let go', () => {
    const routes = routeTree();
    for (let i = 0; i < 2500; i++) patched.matchRoutes(routes, `/shop/p/product-${i}`);
    for (const i of [0, 1, 1499, 2499]) {
      const path = `/shop/p/product-${i}`;
      expect(plain(patched.matchRoutes(routes, path))).toEqual(plain(upstream.matchRoutes(routes, path)));
    }
    const long = '/shop/' + 'x'.repeat(2000);
    expect(plain(patched.matchRoutes(routes, long))).toEqual(plain(upstream.matchRoutes(routes, long)));
  });

  it('keeps results apart per routes array', () => {
    const a = routeTree();
    const b = [{ id: 'only', path: 'cart' }];
    expect(patched.matchRoutes(a, '/cart')!.at(-1)!.route.id).toBe('cart');
    expect(patched.matchRoutes(b, '/cart')!.at(-1)!.route.id).toBe('only');
    expect(patched.matchRoutes(b, '/shop/p/tide-pool-mug')).toBeNull();
    expect(patched.matchRoutes(a, '/shop/p/tide-pool-mug')!.at(-1)!.route.id).toBe('storefront');
  });
});

describe('route trees built once per build', () => {
  it('createStaticRouter converts a routes array once, and still maps each request’s matches onto it', () => {
    const routes = routeTree();
    const context = (path: string) => ({ matches: patched.matchRoutes(routes, path), location: { pathname: path }, loaderData: {} });
    const one = createStaticRouter(routes, context('/cart'));
    const two = createStaticRouter(routes, context('/config/products/42'));
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.route.id)).toEqual(['root', 'cart']);
    expect(two.state.matches.map((m) => m.route.id)).toEqual(['root', 'config', 'config-product']);
    // The matched routes are the converted (data) routes, as upstream makes them.
    expect(two.state.matches[2].route).toBe((one.routes[0] as { children: { children?: unknown[] }[] }).children[3].children![2]);
    expect(createStaticRouter(routeTree(), context('/cart')).routes).not.toBe(one.routes);
  });

  it('createEntryRouteModules makes one map per build’s route manifest', () => {
    const modules = { root: {}, cart: {} };
    const manifest = { root: { module: modules.root }, cart: { module: modules.cart } };
    const first = createEntryRouteModules(manifest);
    expect(first).toEqual(modules);
    expect(createEntryRouteModules(manifest)).toBe(first);
    const other = createEntryRouteModules({ root: { module: modules.root } });
    expect(other).not.toBe(first);
    expect(other).toEqual({ root: modules.root });
  });
});
