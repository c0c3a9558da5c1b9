// Every template of the demo theme rendered by our engine over real contexts (catalog + context
// modules on a seeded database): no engine errors, and the pieces each page must show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, type Catalog, type Resolved, type Site } from '../../app/catalog/catalog.server.js';
import { pageContext, templateFor, type ContextExtras } from '../../app/storefront/context.server.js';
import type { Db } from '../../db/client.server.js';
import { compile, render, type Backend } from '../../engine/node.js';
import { targets } from './support/databases.js';

const WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500];
const BACKENDS: Backend[] = ['ts', 'wasm'];

describe.each(targets)('theme on $name', (target) => {
  let db: Db;
  let catalog: Catalog;
  let site: Site;

  /** Renders the page template, then the layout around it, failing on any engine error. */
  function renderPage(
    resolved: Resolved,
    extras: Omit<ContextExtras, 'url'> & { path: string },
    backend: Backend = 'ts',
    template = templateFor(resolved),
  ): string {
    const { path, ...rest } = extras;
    const ctx = pageContext(site, resolved, { ...rest, url: new URL(`http://localhost:3000${path}`) });
    const partials: Record<string, string> = site.templates.partials;
    const opts = { locale: site.website.locale, timeZone: site.website.timeZone, partials, backend };
    const source = site.templates.pages[template];
    expect(source, `template ${template}`).toBeDefined();
    const compiled = compile(source, { backend });
    expect(compiled.errors, `${template}: syntax`).toEqual([]);
    const page = render(compiled.code, ctx, opts);
    expect(page.errors, `${template}: runtime`).toEqual([]);
    const layout = render(site.templates.layout, { ...ctx, mainContent: page.output }, opts);
    expect(layout.errors, 'layout').toEqual([]);
    return layout.output;
  }

  const show = async (path: string, opts: { page?: number; selected?: Record<string, string> } = {}, backend: Backend = 'ts') =>
    renderPage(await catalog.resolvePath(path.split('?')[0], { page: opts.page }), { path, selectedOptions: opts.selected }, backend);

  beforeAll(async () => {
    db = await target.open();
    catalog = createCatalog(db.sql);
    site = await catalog.loadSite();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('compiles every template and partial without syntax errors', () => {
    const all = { layout: site.templates.layout, ...site.templates.pages, ...site.templates.partials };
    for (const [name, source] of Object.entries(all)) expect(compile(source).errors, name).toEqual([]);
  });

  it.each(BACKENDS)('renders the layout: title, navigation, cart indicator, footer (%s)', async (backend) => {
    const html = await show('/about', {}, backend);
    expect(html).toContain('<a class="brand" href="/">Saltgrass Studio</a>');
    expect(html).toMatch(/<a href="\/about" class="active" aria-current="page">About<\/a>/);
    expect(html).toContain('<a href="/shop">Shop</a>');
    // A public page does not know the visitor's cart: the browser fills in the count (cart_qty).
    expect(html).toContain('<a class="cart-link" href="/cart" data-cart-indicator>');
    expect(html).toContain('<span class="cart-link-text">Cart</span>');
    expect(html).toContain('<span class="cart-count" data-cart-count hidden><span class="sqs-cart-quantity">0</span></span>');
    expect(html).toMatch(/<a class="cart-pill" href="\/cart" data-cart-pill hidden/);
    expect(html).toContain('<a href="/shipping-returns">Shipping &amp; Returns</a>');
    // The CSS is served as a file (/theme/<hash>.css), never inlined into the page.
    expect(html).not.toContain('<style');
    expect(site.templates.stylesheet).toContain('--ink:');
    expect(html).toMatch(/<main id="main" class="site-main">[\s\S]*<h1>About the studio<\/h1>[\s\S]*<\/main>/);
  });

  it('shows the cart count the cart module passes in', async () => {
    const resolved = await catalog.resolvePath('/');
    const html = renderPage(resolved, {
      path: '/',
      cartKnown: true,
      cart: {
        totalQuantity: 3,
        subtotalCents: 10200,
        entries: [
          {
            id: 'e1',
            itemId: 'itm-x',
            title: 'Mug',
            fullUrl: '/shop/p/x',
            assetUrl: null,
            sku: 'SG-X',
            attributes: {},
            quantity: 3,
            unitPriceCents: 3400,
            lineTotalCents: 10200,
            productType: 1,
          },
        ],
      },
    });
    // Label in name: the link's name is its visible text, no aria-label over it.
    expect(html).toContain('<a class="cart-link has-items" href="/cart" data-cart-indicator data-cart-known>');
    expect(html).toContain('<span class="sqs-cart-quantity">3</span>');
    expect(html).toContain('<span class="cart-subtotal" data-cart-subtotal>$102.00</span>');
    expect(html).toMatch(/<a class="cart-pill" href="\/cart" data-cart-pill aria-label="3 items in cart">/);
  });

  it.each(BACKENDS)('renders home: hero and featured products with prices (%s)', async (backend) => {
    const html = await show('/', {}, backend);
    expect(html).toContain('<h1>Made slowly, by the sea</h1>');
    expect(html).toContain('src="/images/pages/hero.svg"');
    expect(html).toContain('/images/pages/hero.svg?format=2500w 2500w');
    const cards = html.match(/<article class="card/g) ?? [];
    expect(cards.length).toBeGreaterThanOrEqual(4);
    expect(html).toContain('href="/shop/p/tide-pool-mug"');
    expect(html).toContain('$34.00');
    expect(html).toContain('$95.00 every 3 months');
  });

  it('renders a content page with its body and banner', async () => {
    const html = await show('/shipping-returns');
    expect(html).toContain('<h1>Shipping &amp; Returns</h1>');
    expect(html).toContain('<h2>Breakages</h2>');
    expect(html).toMatch(/<img src="\/images\/pages\/shipping\.svg" srcset="[^"]+" sizes="[^"]+" width="1600" height="800"/);
  });

  it.each(BACKENDS)('renders a listing: grid, prices, sale and sold-out marks, srcset widths, pagination (%s)', async (backend) => {
    const html = await show('/shop', {}, backend);
    expect(html).toContain('<h1>Shop</h1>');
    expect(html).toContain('30 products &middot; page 1 of 3');
    expect((html.match(/<article class="card/g) ?? []).length).toBe(12);
    expect(html).toContain('<div class="product-mark sale">sale</div>');
    expect(html).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(html).toContain('<article class="card is-sold-out">');
    expect(html).toContain('<article class="card is-on-sale">');
    // Sale price then original, through the engine's product-price formatter.
    expect(html).toMatch(
      /Sale Price:<\/span>\$18\.00 <span class="visually-hidden v6-visually-hidden">Original Price:<\/span><span class="original-price">\$24\.00<\/span>/,
    );
    expect(html).toContain('from $28.00');
    const srcset = /<img src="\/images\/products\/tide-pool-mug\.svg" srcset="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(srcset.split(',').map((s) => s.split(' ')[1])).toEqual(WIDTHS.map((w) => `${w}w`));
    expect(srcset).toContain('/images/products/tide-pool-mug.svg?format=300w 300w');
    expect(html).toContain('width="1200" height="1200"');
    expect(html).toContain('<span class="page-number" aria-current="page">1</span>');
    expect(html).toContain('<a class="page-number" href="/shop?page=2">2</a>');
    expect(html).toContain('<a class="page-step" rel="next" href="/shop?page=2">');
    expect(html).toContain('<span class="page-step is-disabled">&larr; Previous</span>');
  });

  it('renders the last listing page with a link back', async () => {
    const html = await show('/shop?page=3', { page: 3 });
    expect(html).toContain('<a class="page-step" rel="prev" href="/shop?page=2">');
    expect(html).toContain('<span class="page-step is-disabled">Next &rarr;</span>');
    expect((html.match(/<article class="card/g) ?? []).length).toBe(6);
  });

  it.each(BACKENDS)('renders a product whose option selects belong to the add-to-cart form (%s)', async (backend) => {
    const html = await show('/shop/p/tide-pool-mug', {}, backend);
    expect(html).toContain('<h1 class="product-title">Tide Pool Mug</h1>');
    // One form: the selects are posted with the add (option.<Name>), no separate "Choose" step.
    expect(html).not.toContain('variant-form');
    expect(html).not.toContain('>Choose<');
    const form = /<form class="add-to-cart has-options" method="post" action="\/cart"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toContain('<label for="option-color">Color</label>');
    expect(form).toContain('<select id="option-color" name="option.Color" data-option="Color">');
    expect(form).toContain('<option value="">Select Color</option>');
    expect(form).toContain('<option value="Ink">Ink (sold out)</option>');
    expect(form).toContain('<p class="notice purchase-message" data-purchase-message>Please select the Color option.</p>');
    // No sku: the server resolves the variant from the options.
    expect(form).not.toContain('name="sku"');
    // Enabled: without a choice the cart action answers with the message beside the button.
    expect(form).toMatch(
      /<button type="submit" class="button button-primary" data-add-button data-label="Add To Cart">Add To Cart<\/button>/,
    );
    // Without JavaScript, a GET view of a choice (never needed to buy), after the default button.
    expect(form).toMatch(
      /data-add-button[^>]*>Add To Cart<\/button>\s*<noscript><button type="submit" class="button button-ghost variant-view" formmethod="get" formaction="\/shop\/p\/tide-pool-mug" formnovalidate>Show price and stock<\/button><\/noscript>/,
    );
    expect(form).toContain('<p class="visually-hidden" data-variant-status aria-live="polite" aria-atomic="true"></p>');
    // Nothing chosen: the product's price shows, the chosen-price line and the summary wait hidden.
    expect(html).toMatch(/<div class="price-from" data-price-from>\s*<div class="product-price">\s*\$34\.00/);
    expect(html).toContain('<p class="product-price price-chosen variant-price" data-price-chosen hidden></p>');
    expect(form).toContain('<div class="variant-summary" data-variant-summary hidden>');
    // The island's data: a JSON block (not run, fine under the CSP) with every variant.
    const data = JSON.parse(/<script type="application\/json" data-variant-picker>([^<]*)<\/script>/.exec(form)?.[1] ?? 'null');
    expect(data.options).toEqual(['Color']);
    expect(data.variants.map((v: { sku: string }) => v.sku)).toEqual(['SG-TPM-01', 'SG-TPM-02', 'SG-TPM-03']);
    expect(data.variants[1]).toMatchObject({
      attributes: { Color: 'Sand' },
      name: 'Sand',
      price: '$34.00',
      salePrice: null,
      soldOut: false,
      stock: { text: 'Only 2 left', tone: 'low' },
      image: '/images/products/tide-pool-mug--sand.svg',
    });
    expect(data.variants[2]).toMatchObject({ soldOut: true, stock: { text: 'Sold out', tone: 'out' } });
    expect(html).toContain('<nav class="wrap breadcrumbs" aria-label="Breadcrumb">');
    // The pictures: a named, focusable strip (it scrolls sideways on a phone).
    expect(html).toContain('<div class="product-gallery" data-product-gallery role="region" aria-label="Product images" tabindex="0">');
  });

  it('keeps the data block inert: nothing in it can close the script element', async () => {
    const { scriptJson } = await import('../../app/storefront/context.server.js');
    const text = scriptJson({ name: '</script><script>alert(1)</script>', amp: 'a & b', ls: '\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>', amp: 'a & b', ls: '\u2028' });
  });

  it('renders the chosen variant: its picture, price line, stock and the add-to-cart form', async () => {
    const html = await show('/shop/p/tide-pool-mug?Color=Sand', { selected: { Color: 'Sand' } });
    expect(html).toContain('<option value="Sand" selected>Sand</option>');
    expect(html).toContain('<p class="variant-name" data-variant-name>Sand</p>');
    // The price line is the variant's price; the "from" price waits hidden for the island.
    expect(html).toContain(
      '<p class="product-price price-chosen variant-price" data-price-chosen><span class="price-now">$34.00</span></p>',
    );
    expect(html).toContain('<div class="price-from" data-price-from hidden>');
    expect(html).toContain('<span class="stock-low">Only 2 left</span>');
    expect(html).toMatch(/<img src="\/images\/products\/tide-pool-mug--sand\.svg" srcset="[^"]*2500w"/);
    expect(html).toContain('<div class="variant-summary" data-variant-summary data-sku="SG-TPM-02">');
    expect(html).not.toContain('name="sku"');
    expect(html).toMatch(/<input type="number" name="quantity" min="1" max="9999" step="1" value="1"/);
    expect(html).toMatch(
      /<button type="submit" class="button button-primary" data-add-button data-label="Add To Cart">Add To Cart<\/button>/,
    );
    expect(html).toContain('<p class="notice purchase-message" data-purchase-message></p>');
    expect(html).not.toContain('role="status"');
  });

  it('renders the options the last post kept (the flash) over the query', async () => {
    const resolved = await catalog.resolvePath('/shop/p/saltmarsh-apron');
    const flash = { itemId: 'itm-saltmarsh-apron', options: { Size: 'L/XL' }, error: 'Please select the Color option.' };
    const html = renderPage(resolved, {
      path: '/shop/p/saltmarsh-apron?Size=S%2FM&Color=Oat',
      selectedOptions: { Size: 'S/M', Color: 'Oat' },
      flash,
    });
    expect(html).toContain('<option value="L/XL" selected>L/XL</option>');
    expect(html).not.toMatch(/<option value="(S\/M|Oat)" selected>/);
    // The error is the message: the purchase message stays empty.
    expect(html).toContain('<p class="notice purchase-message" data-purchase-message></p>');
    expect(html).toContain('<span class="cart-error-message">Please select the Color option.</span>');
    // Another product's flash does not choose anything here.
    const other = renderPage(resolved, { path: '/shop/p/saltmarsh-apron', flash: { ...flash, itemId: 'itm-other' } });
    expect(other).not.toContain('selected>');
  });

  it('renders sale, sold-out and subscription products', async () => {
    const bowl = await show('/shop/p/shoreline-bowl?Size=Medium', { selected: { Size: 'Medium' } });
    expect(bowl).toContain(
      '<span class="price-now">$29.00</span> <s class="price-was"><span class="visually-hidden">Original price: </span>$36.00</s>',
    );
    expect(bowl).toContain('from $26.00');
    expect(bowl).toContain('<article class="wrap product is-on-sale" data-product>');

    const teapot = await show('/shop/p/harbour-teapot');
    expect(teapot).toContain('<div class="product-mark sold-out">sold out</div>');
    expect(teapot).toContain('<span class="stock-out">Sold out</span>');
    expect(teapot).toMatch(
      /<button type="submit" class="button button-primary" data-add-button data-label="Add To Cart" disabled>Sold Out<\/button>/,
    );
    expect(teapot).not.toContain('data-option=');
    expect(teapot).not.toContain('data-variant-picker');

    // Sold out in every variant: Sold Out whatever is chosen, no "please select".
    const tote = await show('/shop/p/canvas-market-tote');
    expect(tote).toMatch(/data-add-button data-label="Add To Cart" disabled>Sold Out<\/button>/);
    expect(tote).toContain('<p class="notice purchase-message" data-purchase-message></p>');
    expect(tote).toContain('"soldOut":true,"addLabel"');

    const throwHtml = await show('/shop/p/wave-quilted-throw');
    expect(throwHtml).toContain('<span class="stock-low">Only 1 left</span>');
    // One unit in stock: no quantity input (SPEC section 5).
    expect(throwHtml).not.toContain('name="quantity" min');
    expect(throwHtml).toContain('<input type="hidden" name="quantity" value="1">');

    const membership = await show('/workshops/p/studio-membership');
    expect(membership).toContain('$90.00 every month for 1 year');
    expect(membership).toMatch(
      /<button type="submit" class="button button-primary" data-add-button data-label="Subscribe">Subscribe<\/button>/,
    );
    expect(membership).not.toContain('name="quantity" min');
  });

  it('renders gift card and class pages with their options in the add-to-cart form', async () => {
    const card = await show('/shop/p/saltgrass-gift-card?Amount=%2450', { selected: { Amount: '$50' } });
    expect(card).toContain('<select id="option-amount" name="option.Amount" data-option="Amount">');
    expect(card).toContain('<option value="$50" selected>$50</option>');
    expect(card).toContain('data-price-chosen><span class="price-now">$50.00</span></p>');
    expect(card).toContain('data-gift-card');
    const none = await show('/shop/p/saltgrass-gift-card');
    expect(none).toContain('data-purchase-message>Select a denomination for the Gift Card.</p>');

    const taster = await show('/workshops/p/wheel-throwing-taster');
    expect(taster).toContain('<select id="option-session" name="option.Session" data-option="Session">');
    expect(taster).toContain('<option value="Saturday morning">Saturday morning (sold out)</option>');
    expect(taster).toContain('data-purchase-message>Please select the Session option.</p>');
    // Services may be bought several at a time (the store allows it).
    expect(taster).toMatch(/<input type="number" name="quantity"/);
  });

  it.each(BACKENDS)('renders search results, and "No results found" (%s)', async (backend) => {
    const search = async (q: string) =>
      renderPage(
        { kind: 'search' },
        { path: `/search?q=${encodeURIComponent(q)}`, search: { query: q, hits: await catalog.searchCatalog(q) } },
        backend,
      );
    const html = await search('shipping');
    expect(html).toContain('<form class="search-form" method="get" action="/search" role="search">');
    expect(html).toContain('value="shipping"');
    expect(html).toContain('<a href="/shipping-returns">Shipping &amp; Returns</a>');
    expect(html).not.toContain('No results found');

    const mug = await search('mug');
    expect(mug).toContain('<a href="/shop/p/tide-pool-mug">Tide Pool Mug</a>');
    expect(mug).toContain('$34.00');

    const none = await search('xqzzyv');
    expect(none).toContain('No results found');
    expect(none).toContain('0 results for &ldquo;xqzzyv&rdquo;');

    const empty = renderPage({ kind: 'search' }, { path: '/search', search: { query: '', hits: [] } }, backend);
    expect(empty).not.toContain('No results found');
    expect(empty).toContain('<input id="search-q" type="search" name="q" value=""');
  });

  it('escapes what visitors type', async () => {
    const evil = '"><script>alert(1)</script>';
    const html = renderPage({ kind: 'search' }, { path: '/search', search: { query: evil, hits: [], error: `Bad: ${evil}` } });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<p class="notice notice-error" role="alert">Bad: "&gt;&lt;script&gt;alert(1)&lt;/script&gt;</p>');
    const nf = renderPage({ kind: 'not-found' }, { path: '/%3Cscript%3E' });
    expect(nf).toContain('<code>/%3Cscript%3E</code>');
  });

  it('renders not found and error pages', async () => {
    const nf = await show('/no-such-page');
    expect(nf).toContain('<h1>Page not found</h1>');
    expect(nf).toContain('<code>/no-such-page</code>');
    expect(nf).toContain('action="/search"');
    const err = renderPage({ kind: 'error' }, { path: '/shop' });
    expect(err).toContain('<h1>Something went wrong</h1>');
    expect(err).toContain('<a class="button" href="/shop">Try again</a>');
  });

  it('renders every product page without engine errors', async () => {
    const ids = await db.sql<{ path: string }[]>`
      select '/' || c.url_id || '/p/' || i.url_id as path from item i join product p on p.item_id = i.id join collection c on c.id = i.collection_id order by 1`;
    expect(ids.length).toBe(36);
    for (const { path } of ids) {
      const html = await show(path);
      expect(html, path).toContain('class="product-price"');
      expect(html, path).toMatch(/<form class="add-to-cart( has-options)?" method="post" action="\/cart" novalidate data-add-to-cart/);
    }
  });
});
