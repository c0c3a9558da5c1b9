// The theme editor through the built server (issue 13; the checks on save of issue 10): saving makes
// a version that visitors do not see until it is published; publishing changes what a shopper gets
// at once; a template with a syntax error, or one that exhausts the render budget, is kept as a
// draft but cannot be published, and the owner is told which template, where and why; versions are
// compared and reverted; the preview's data is the page's real context; a role without
// design.write can look but not change. The theme live before the tests is published again after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

const PRODUCT = '/shop/p/linen-bread-bag';
let admin: Visitor;
let original: { version: number; product: string };

interface Preview {
  page: string;
  template: string;
  path: string;
  version: number;
  locale: string;
  context: Record<string, unknown> & { item?: { title?: string } };
  sources: { layout: string; pages: Record<string, string>; partials: Record<string, string>; stylesheet: string };
}

const preview = async (page = 'product', who: Visitor = admin) =>
  (await (await who.get(`/config/theme/preview?page=${page}`)).json()) as Preview;
const text = async (res: Response) => (await res.text()).replace(/<!-- -->/g, '');

/** Saves `source` as the product template; returns the new version's number. */
async function saveProduct(source: string, note = ''): Promise<number> {
  const res = await admin.postForm('/config/theme/edit/product', { intent: 'save', source, note });
  expect(res.status).toBe(303);
  const m = /\?saved=(\d+)$/.exec(res.headers.get('location') ?? '');
  expect(m).not.toBeNull();
  return Number(m![1]);
}

const publish = (version: number, who: Visitor = admin) => who.postForm('/config/theme', { intent: 'publish', version: String(version) });
const shopperSees = async (path = PRODUCT) => (await new Visitor().get(path)).text();

beforeAll(async () => {
  admin = await adminVisitor();
  const versions = await text(await admin.get('/config/theme'));
  const live = /Visitors see version (\d+)/.exec(versions);
  expect(live).not.toBeNull();
  original = { version: Number(live![1]), product: (await preview()).sources.pages.product };
});

afterAll(async () => {
  await admin.postForm('/config/theme/versions', { intent: 'revert', version: String(original.version), publish: 'on' });
});

describe('theme versions', () => {
  it('lists the templates with the draft and live versions', async () => {
    const res = await admin.get('/config/theme');
    expect(res.status).toBe(200);
    const html = await text(res);
    for (const name of ['layout', 'product', 'products', 'theme.css']) expect(html).toContain(`/config/theme/edit/${name}"`);
    expect(html).toMatch(/Draft: version \d+/);
  });

  it('saves a version visitors do not see, then publishes it and the shopper gets it at once', async () => {
    const marker = `Hand-thrown marker ${Date.now()}`;
    await shopperSees(); // cached by the storefront before the change
    const source = original.product.replace('{.section item}', `{.section item}<p class="theme-marker">${marker}</p>`);
    expect(source).not.toBe(original.product);
    const version = await saveProduct(source, 'A marker paragraph');
    const editor = await text(await admin.get(`/config/theme/edit/product?saved=${version}`));
    expect(editor).toContain(`Saved as version ${version}.`);
    expect(editor).toContain(`Publish version ${version}`);
    expect(await shopperSees()).not.toContain(marker);
    const res = await publish(version);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/config/theme?published=${version}`);
    expect(await shopperSees()).toContain(marker);
    const versions = await text(await admin.get('/config/theme/versions'));
    expect(versions).toContain('A marker paragraph');
    expect(await text(await admin.get('/config/theme'))).toContain(`Visitors see version ${version}`);
  });

  it('keeps a template with a syntax error as a draft that cannot be published, and says where', async () => {
    const version = await saveProduct('<h1>{title}</h1>\n{.section item}\n<p>{title}</p>\n', 'unclosed');
    const editor = await text(await admin.get(`/config/theme/edit/product?saved=${version}`));
    expect(editor).toContain(`Saved as version ${version}, which cannot be published until the problems below are fixed.`);
    expect(editor).toMatch(/Cannot publish: <\/strong>product, line \d+, column \d+: /);
    // What was typed is kept: the draft is the broken source.
    expect(editor).toContain('&lt;p&gt;{title}&lt;/p&gt;');
    const res = await publish(version);
    expect(res.status).toBe(400);
    expect(await text(res)).toMatch(new RegExp(`Version ${version} cannot be published: product, line \\d+, column \\d+: `));
    expect(await shopperSees()).not.toContain('{.section item}');
  });

  it('refuses to publish a template that exhausts the render budget, with the reason', async () => {
    // 3^15 macro calls, none of them deeper than the language's 16 levels: the budget stops it.
    const chain =
      Array.from({ length: 15 }, (_, i) => `{.macro m${i}}y{@|apply m${i + 1}}{@|apply m${i + 1}}{@|apply m${i + 1}}{.end}`).join('') +
      '{.macro m15}z{.end}{@|apply m0}';
    const version = await saveProduct(chain);
    const res = await publish(version);
    expect(res.status).toBe(400);
    const body = await text(res);
    expect(body).toContain(`Version ${version} cannot be published: product: Render stopped: more than 10000 partial and macro calls`);
    expect(await text(await admin.get('/config/theme/versions'))).toContain('Cannot publish: product');
    // The 60-character exponential macro ends at the language's recursion limit: refused too.
    const bomb = await saveProduct('{.macro m}y{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}');
    const refused = await publish(bomb);
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain('exceeded maximum recursion depth of 16');
  });

  it('refuses a save over a newer version than the editor opened, keeping the text and showing theirs', async () => {
    const first = await saveProduct(original.product);
    const theirs = `${original.product}<!-- their change -->`;
    await saveProduct(theirs, 'someone else');
    const res = await admin.postForm('/config/theme/edit/product', {
      intent: 'save',
      base: String(first),
      source: 'my late edit <b>kept</b>',
    });
    expect(res.status).toBe(409);
    const html = await text(res);
    expect(html).toContain(`Someone saved version ${first + 1} of the theme after you opened this template.`);
    // The editor holds the owner's text and builds on the newer version (a save now is deliberate)...
    expect(html).toContain('my late edit &lt;b&gt;kept&lt;/b&gt;');
    expect(html).toMatch(new RegExp(`<input type="hidden" name="base" value="${first + 1}"/>`));
    // ...and their version is on the screen beside it, with the two compared.
    const conflict = /<section class="theme-conflict"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(conflict).toContain(`product in version ${first + 1}, saved by`);
    expect(conflict).toContain('&lt;!-- their change --&gt;');
    expect(conflict).toContain(`href="/config/theme/versions?a=${first}&amp;b=${first + 1}"`);
  });

  it('saves at once land as successive versions, or one lands and the rest are refused as stale; never a 500', async () => {
    // Without a base (a script's post): each is built on the newest version when it lands.
    const free = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        admin.postForm('/config/theme/edit/product', { intent: 'save', source: original.product, note: `at once ${i}` }),
      ),
    );
    // Each lands as the next version; one overtaken again and again may be refused as stale instead.
    const landed = free.filter((r) => r.status === 303);
    expect(
      free.every((r) => r.status === 303 || r.status === 409),
      JSON.stringify(free.map((r) => r.status)),
    ).toBe(true);
    expect(landed.length).toBeGreaterThan(0);
    const numbers = landed.map((r) => Number(/\?saved=(\d+)$/.exec(r.headers.get('location') ?? '')?.[1]));
    const first = Math.min(...numbers);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers.map((_, i) => first + i));
    // From one editor's version: one lands, the others are each told the theme moved on, text kept.
    const base = String(Math.max(...numbers));
    const racing = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        admin.postForm('/config/theme/edit/product', { intent: 'save', base, source: `${original.product}<!-- racer ${i} -->` }),
      ),
    );
    const statuses = racing.map((r) => r.status).sort();
    expect(statuses).toEqual([303, 409, 409, 409, 409]);
    for (const r of racing.filter((x) => x.status === 409)) {
      const html = await text(r);
      expect(html).toContain('after you opened this template');
      expect(html).toMatch(/&lt;!-- racer \d --&gt;/);
    }
  });

  it('compares two versions line by line', async () => {
    const a = await saveProduct(original.product);
    const b = await saveProduct(original.product.replace('{.section item}', '{.section item}\n<p>Compared line</p>'));
    const html = await text(await admin.get(`/config/theme/versions?a=${a}&b=${b}`));
    expect(html).toContain(`Version ${a} → version ${b}`);
    expect(html).toContain('aria-label="Changes to product"');
    expect(html).toMatch(/<tr class="add">.*?\+ &lt;p&gt;Compared line&lt;\/p&gt;/);
    expect(await text(await admin.get(`/config/theme/versions?a=${a}&b=${a}`))).toContain('The two versions are the same.');
    expect(await text(await admin.get(`/config/theme/versions?a=${a}&b=99999`))).toContain('There is no such version of the theme.');
  });

  it('reverts to the original version and publishes it: the marker is gone for shoppers', async () => {
    const none = await admin.postForm('/config/theme/versions', { intent: 'revert', version: '99999' });
    expect(none.status).toBe(404);
    expect(await text(none)).toContain('<div class="form-error" role="alert">There is no such version of the theme.</div>');
    const res = await admin.postForm('/config/theme/versions', { intent: 'revert', version: String(original.version), publish: 'on' });
    expect(res.status).toBe(303);
    const made = Number(/reverted=(\d+)/.exec(res.headers.get('location') ?? '')?.[1]);
    expect(made).toBeGreaterThan(original.version);
    expect(await shopperSees()).not.toContain('Hand-thrown marker');
    expect((await preview()).sources.pages.product).toBe(original.product);
    expect(await text(await admin.get(res.headers.get('location')!))).toContain(
      `Version ${original.version} was saved again as version ${made}.`,
    );
  });
});

describe('preview data', () => {
  it("returns a product page's real context, its template and the draft's sources", async () => {
    const p = await preview('product');
    expect(p.template).toBe('product');
    expect(p.path).toMatch(/^\/[^/]+\/p\/[^/]+$/);
    expect(typeof p.context.item?.title).toBe('string');
    expect(p.sources.layout).toContain('{mainContent}');
    expect(p.sources.stylesheet.length).toBeGreaterThan(0);
    const cart = await preview('cart');
    expect(cart.template).toBe('cart');
    const missing = await preview('not-found');
    expect(missing.template).toBe('not-found');
  });

  it('refuses a page it does not know', async () => {
    const res = await admin.get('/config/theme/preview?page=secret');
    expect(res.status).toBe(400);
  });
});

describe('what the browser needs', () => {
  it('serves the engine build and lets owner pages, and only them, compile WebAssembly', async () => {
    const engine = await new Visitor().get('/engine-browser/engine.js');
    expect(engine.status).toBe(200);
    expect(engine.headers.get('content-type')).toMatch(/javascript/);
    const owner = await admin.get('/config/theme');
    expect(owner.headers.get('content-security-policy')).toMatch(/script-src [^;]*'wasm-unsafe-eval'/);
    const shop = await new Visitor().get('/');
    expect(shop.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    expect(shop.headers.get('content-security-policy')).not.toContain('wasm-unsafe-eval');
  });
});

describe('permissions', () => {
  it('lets a role without design.write look but not save or publish', async () => {
    const { visitor } = await visitorWithRole(admin, 4);
    const editor = await visitor.get('/config/theme/edit/product');
    expect(editor.status).toBe(200);
    const html = await text(editor);
    expect(html).not.toContain('>Save</button>');
    expect(html).toContain('an administrator or a website manager can change it');
    const saved = await visitor.postForm('/config/theme/edit/product', { intent: 'save', source: 'defaced' });
    expect(saved.status).toBe(403);
    expect((await publish(original.version, visitor)).status).toBe(403);
    expect(await shopperSees()).not.toContain('defaced');
  });
});
