// SPEC 7's owner calls that build a store through the built server (issue 30): GetTemplateSchema,
// the content-service product collection and category creation, and UpdateNavigation, each by the
// owner's session or an API key, refused without credentials (401), from another site (CSRF), and
// to a role without the permission (403, nothing changed); bad input is a 400 with its text.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';

const SCHEMA = '/api/template/GetTemplateSchema';
const NAV = '/api/widget/UpdateNavigation';
const LAYOUT = '/api/commondata/GetSiteLayout';
const products = (websiteId: string) => `/api/content-service/product/1.1/websites/${websiteId}/products`;
const categories = (websiteId: string, collectionId: string) => `${products(websiteId)}/${collectionId}/categories`;

type Link = { title: string; collectionId: string | null; externalLink: string | null; children: Link[] };
async function mainLinks(v: Visitor): Promise<Link[]> {
  const { layout } = (await (await v.get(LAYOUT)).json()) as { layout: { identifier: string; links: Link[] }[] };
  return layout.find((l) => l.identifier === 'mainNavigation')?.links ?? [];
}

let admin: Visitor;
/** A website manager of the demo site who made a journal site (no store) and edits it. */
let owner: Visitor;
let ownerEmail: string;
let websiteId: string;
beforeAll(async () => {
  admin = await adminVisitor();
  ({ visitor: owner, email: ownerEmail } = await visitorWithRole(admin, 15));
  const made = await owner.postForm('/config/sites/new', { name: `Spec seven ${randomBytes(3).toString('hex')}`, theme: 'journal' });
  expect(made.status).toBe(303);
  websiteId = ((await (await owner.get('/api/v1/commerce-preferences/spec7')).json()) as { websiteId: string }).websiteId;
  expect(websiteId).not.toBe('saltgrass');
});

describe('SPEC 7 store-building calls', () => {
  it('GetTemplateSchema gives the form block: its formId choice among the site forms; another type is a 400', async () => {
    const res = await owner.get(`${SCHEMA}?type=form`);
    expect(res.status).toBe(200);
    const schema = await res.json();
    expect(schema).toMatchObject({ type: 'form', blockType: 9, label: 'Form' });
    expect(schema.fields).toHaveLength(1);
    expect(schema.fields[0]).toMatchObject({ name: 'formId', kind: 'choice', required: true });
    expect(Array.isArray(schema.fields[0].choices)).toBe(true);
    expect((await owner.get(`${SCHEMA}?type=9`)).status).toBe(200);
    for (const q of ['?type=gallery', '']) {
      const bad = await owner.get(`${SCHEMA}${q}`);
      expect(bad.status, q).toBe(400);
      expect(await bad.json()).toEqual({ error: 'type must be the form block: form or 9.' });
    }
  });

  it('creates the product collection, then categories, then links it in the main navigation', async () => {
    // Bad input first: nothing is made.
    const untitled = await owner.json(products(websiteId), { title: '', urlId: 'goods', enabled: true });
    expect(untitled.status).toBe(400);
    expect(await untitled.json()).toEqual({ error: 'Enter a title for the store page.' });
    const disabled = await owner.json(products(websiteId), { title: 'Goods', enabled: false });
    expect(disabled.status).toBe(400);
    expect(await disabled.json()).toEqual({ error: 'enabled must be true.' });
    expect((await owner.json(products(websiteId), '{"title":', 'POST')).status).toBe(400);
    const otherSite = await owner.json(products('saltgrass'), { title: 'Goods' });
    expect(otherSite.status).toBe(404);
    expect(await otherSite.json()).toEqual({ error: 'There is no such site.' });

    const made = await owner.json(products(websiteId), {
      navigationTitle: 'Shop',
      title: 'Goods',
      urlId: 'goods',
      description: 'Things we make.',
      enabled: true,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const store = (await made.json()) as { id: string; urlId: string; rootCategoryId: string };
    expect(store).toMatchObject({ title: 'Goods', navigationTitle: 'Shop', urlId: 'goods', description: 'Things we make.', enabled: true });
    expect(store.id).toMatch(/^.+-col-[0-9a-f]{12}$/);
    const again = await owner.json(products(websiteId), { title: 'Goods again' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'This site already has a store.' });
    expect((await owner.get('/goods')).status).not.toBe(500);

    // Categories: the store has its root already; one under it is added.
    const root = await owner.json(categories(websiteId, store.id), {
      displayName: 'Goods',
      parentCategoryId: '',
      type: 'ROOT',
      pageRendering: 'LIST_VIEW',
      displayIndex: 1,
    });
    expect(root.status).toBe(409);
    expect(await root.json()).toEqual({ error: 'This store already has a root category.' });
    const cat = await owner.json(categories(websiteId, store.id), {
      displayName: 'Mugs',
      parentCategoryId: store.rootCategoryId,
      type: 'CATEGORY',
      pageRendering: 'LIST_VIEW',
      displayIndex: 2,
    });
    expect(cat.status, await cat.clone().text()).toBe(201);
    expect(await cat.json()).toMatchObject({
      displayName: 'Mugs',
      parentCategoryId: store.rootCategoryId,
      type: 'CATEGORY',
      displayIndex: 2,
    });
    const cases: [unknown, number, string][] = [
      [{ displayName: 'x'.repeat(26), parentCategoryId: store.rootCategoryId }, 400, 'displayName must be 1 to 25 characters.'],
      [{ displayName: 'Bowls', parentCategoryId: 'nope' }, 400, 'parentCategoryId must be a category of this store.'],
      [{ displayName: 'Bowls', type: 'LEAF' }, 400, 'type must be ROOT or CATEGORY.'],
      [
        { displayName: 'Bowls', displayIndex: 1.5, parentCategoryId: store.rootCategoryId },
        400,
        'displayIndex must be a whole number from 1.',
      ],
    ];
    for (const [body, status, error] of cases) {
      const res = await owner.json(categories(websiteId, store.id), body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    const noStore = await owner.json(categories(websiteId, 'col-none'), { displayName: 'Bowls', type: 'ROOT' });
    expect(noStore.status).toBe(404);
    expect(await noStore.json()).toEqual({ error: 'There is no such store on this site.' });

    // The navigation: the store's link by collection id, and an outside link with a child.
    const payload = {
      fieldName: 'mainNavigation',
      templateId: 'journal',
      navigation: {
        items: [
          { collectionId: store.id, externalLink: null, memberAreaId: null },
          { title: 'Elsewhere', externalLink: 'https://example.org/', items: [{ title: 'Search', externalLink: '/search' }] },
        ],
      },
    };
    const saved = await owner.json(NAV, payload);
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { version } = (await saved.json()) as { version: string };
    expect(await mainLinks(owner)).toEqual([
      { title: 'Goods', collectionId: store.id, externalLink: null, memberAreaId: null, children: [] },
      {
        title: 'Elsewhere',
        collectionId: null,
        externalLink: 'https://example.org/',
        memberAreaId: null,
        children: [{ title: 'Search', collectionId: null, externalLink: '/search', memberAreaId: null, children: [] }],
      },
    ]);
    // The editor's version rule: a save over a menu changed since is refused; the current one passes.
    const stale = await owner.json(NAV, { ...payload, version: 'stale-version' });
    expect(stale.status).toBe(409);
    expect((await stale.json()).version).toBe(version);
    expect((await owner.json(NAV, { ...payload, version })).status).toBe(200);
    expect(await auditHas(owner, 'navigation', { actor: ownerEmail, action: 'navigation.update', target: 'mainNavigation' })).toBe(true);

    const bad: [unknown, string][] = [
      [{ ...payload, fieldName: 'sidebar' }, 'fieldName must be one of mainNavigation, footerNavigation.'],
      [
        { fieldName: 'mainNavigation', navigation: { items: 'none' } },
        'navigation.items must be a list of links, each with a collectionId or an externalLink.',
      ],
      [
        { ...payload, navigation: { items: [{ title: 'Bad', externalLink: 'javascript:alert(1)' }] } },
        'javascript:alert(1) is not a valid page URL',
      ],
      [{ ...payload, navigation: { items: [{ title: 'Gone', collectionId: 'col-none' }] } }, 'Choose a page of this site.'],
    ];
    for (const [body, error] of bad) {
      const res = await owner.json(NAV, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    expect((await mainLinks(owner)).map((l) => l.title)).toEqual(['Goods', 'Elsewhere']);
  });

  it('takes an API key with the scope; refuses no credentials (401) and a post from another site (403)', async () => {
    const made = await owner.postForm('/config/api-keys', { intent: 'create', name: 'Navigation sync', scope_pages_write: 'on' });
    const html = await made.text();
    const key = /value="(sk_[A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(key, `${made.status} ${html.slice(0, 3000)}`).toBeDefined();
    const viaKey = await fetch(new URL(NAV, baseUrl()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fieldName: 'mainNavigation', navigation: { items: [{ title: 'Home', externalLink: '/' }] } }),
    });
    expect(viaKey.status, await viaKey.clone().text()).toBe(200);
    expect((await mainLinks(owner)).map((l) => l.title)).toEqual(['Home']);
    // The key has no products.write: no categories with it.
    const noScope = await fetch(new URL(categories(websiteId, 'col-none'), baseUrl()), {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ displayName: 'Bowls' }),
    });
    expect(noScope.status).toBe(403);

    const anon = new Visitor();
    for (const [path, body] of [
      [`${SCHEMA}?type=form`, undefined],
      [NAV, { fieldName: 'mainNavigation', navigation: { items: [] } }],
      [products(websiteId), { title: 'Goods' }],
      [categories(websiteId, 'col-none'), { displayName: 'Bowls' }],
    ] as const) {
      const res = body === undefined ? await anon.get(path) : await anon.json(path, body);
      expect(res.status, path).toBe(401);
      expect(await res.json()).toEqual({ error: 'Please sign in to continue.' });
    }
    const forged = await owner.json(NAV, { fieldName: 'mainNavigation', navigation: { items: [] } }, 'POST', {
      Origin: 'https://evil.example',
    });
    expect(forged.status).toBe(403);
    expect((await mainLinks(owner)).map((l) => l.title)).toEqual(['Home']);
  });

  it('refuses a role without the permission (403) and changes nothing', async () => {
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    const { visitor: storeManager } = await visitorWithRole(admin, 8);
    const before = await mainLinks(admin);
    expect(before.length).toBeGreaterThan(0);
    const wipe = { fieldName: 'mainNavigation', navigation: { items: [] } };
    for (const v of [viewer, storeManager]) {
      const res = await v.json(NAV, wipe);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Your role on this site does not allow this.' });
    }
    expect((await viewer.json(products('saltgrass'), { title: 'Second store', urlId: 'second' })).status).toBe(403);
    expect((await viewer.json(categories('saltgrass', 'col-shop'), { displayName: 'Viewer cat', parentCategoryId: 'x' })).status).toBe(403);
    expect((await viewer.get(`${SCHEMA}?type=form`)).status).toBe(200);
    expect(await mainLinks(admin)).toEqual(before);
  });
});
