// The tag and category manager (/config/tags) through the built server on the demo store: counts per
// name, the filter, adding with the spec's limits and texts, renaming one at a time, merging without
// duplicates, removing after a confirmation, who may change them, and that only the edited site's
// items change. The tests make tags of their own (a random suffix), so the demo's tags stay as seeded.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../db/seed/store.js';
import { createSite } from '../../app/sites/create.server.js';
import type { Sql } from '../../db/client.server.js';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { scaled } from '../support/time-scale.js';

const PAGE = '/config/tags';
const MUG = { id: 'itm-tide-pool-mug', path: '/shop/p/tide-pool-mug' };
const BOWL = { id: 'itm-shoreline-bowl', path: '/shop/p/shoreline-bowl' };
const PLATE = { id: 'itm-driftwood-dinner-plate', path: '/shop/p/driftwood-dinner-plate' };

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`;
const seeded = (tag: string) => PRODUCTS.filter((p) => p.tags.includes(tag)).length;
const seededCategory = (c: string) => PRODUCTS.filter((p) => p.category === c).length;

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

/** Name → item count, as the list shows them (`<td>name</td><td>count</td>`). */
async function counts(v: Visitor, query = ''): Promise<Map<string, number>> {
  const res = await v.get(`${PAGE}${query}`);
  expect(res.status).toBe(200);
  const html = await res.text();
  return new Map([...html.matchAll(/<td>([^<]*)<\/td><td>(\d+)<\/td>/g)].map((m) => [decode(m[1]), Number(m[2])]));
}

/** The tags a product page lists. */
async function productTags(path: string): Promise<string[]> {
  const res = await new Visitor().get(path);
  expect(res.status).toBe(200);
  const ul = (await res.text()).match(/<ul class="tags" aria-label="Tags">([\s\S]*?)<\/ul>/)?.[1] ?? '';
  return [...ul.matchAll(/<li>([^<]*)<\/li>/g)].map((m) => decode(m[1]));
}

/** Posts a form whose checkbox names repeat (`selected`, `itemIds`). */
function post(v: Visitor, fields: [string, string][], query = '?type=tag') {
  return v.postForm(`${PAGE}${query}`, fields);
}

async function addTag(v: Visitor, name: string, itemIds: string[], type = 'tag'): Promise<Response> {
  return post(v, [['intent', 'add'], ['type', type], ['name', name], ...itemIds.map((id): [string, string] => ['itemIds', id])]);
}

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});

describe('the list', () => {
  it('lists every tag of the site with the number of items using it, and categories on the other tab', async () => {
    const res = await admin.get(PAGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/config\/tags\?type=tag"|<a[^>]*href="\/config\/tags\?type=tag"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/config/tags?type=category"');
    const tags = await counts(admin);
    expect(tags.get('stoneware')).toBe(seeded('stoneware'));
    expect(tags.get('gift')).toBe(seeded('gift'));
    expect(tags.get('wall art')).toBe(seeded('wall art'));
    expect(tags.has('Ceramics')).toBe(false);

    const categories = await counts(admin, '?type=category');
    expect(categories.get('Ceramics')).toBe(seededCategory('Ceramics'));
    expect(categories.get('Workshops')).toBe(seededCategory('Workshops'));
    expect(categories.has('stoneware')).toBe(false);
  });

  it('filters by a part of the name, whatever its case, and says when nothing matches', async () => {
    const found = await counts(admin, '?type=tag&q=STONE');
    expect([...found.keys()]).toEqual(['stoneware']);
    const page = await (await admin.get(`${PAGE}?type=tag&q=STONE`)).text();
    expect(page).toContain('value="STONE"');

    const none = await admin.get(`${PAGE}?type=category&q=no-such-thing`);
    expect(none.status).toBe(200);
    expect(await none.text()).toContain('No categories match “no-such-thing”.');
  });
});

describe('adding', () => {
  it('refuses a tag over 50 and a category over 25 characters, keeping what was typed', async () => {
    const long = 'a'.repeat(51);
    const res = await addTag(admin, long, [MUG.id, BOWL.id]);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('A tag can be at most 50 characters long; this one has 51.');
    expect(html).toContain(`value="${long}"`);
    // Every ticked item comes back ticked, not only one of the repeated name's values.
    expect(html).toContain(`name="itemIds" checked="" value="${MUG.id}"`);
    expect(html).toContain(`name="itemIds" checked="" value="${BOWL.id}"`);
    expect(html).toContain(`name="itemIds" value="${PLATE.id}"`);
    expect(html).toMatch(/aria-invalid="true"/);

    const cat = 'b'.repeat(26);
    const res2 = await addTag(admin, cat, [MUG.id], 'category');
    expect(res2.status).toBe(400);
    const html2 = await res2.text();
    expect(html2).toContain('A category can be at most 25 characters long; this one has 26.');
    expect(html2).toContain(`value="${cat}"`);

    // Exactly at the limits is fine.
    const ok = await addTag(admin, unique('c').padEnd(25, 'c'), [MUG.id], 'category');
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toContain('type=category');
  });

  it('adds a new tag to the chosen items, tidying spaces; a name in use, in any case, already exists', async () => {
    const name = unique('seaside');
    const res = await addTag(admin, `  ${name.replace('-', '   -')} `, [MUG.id, BOWL.id]);
    expect(res.status).toBe(303);
    const tidy = name.replace('-', ' -');
    const back = await admin.get(res.headers.get('location') ?? '');
    expect(await back.text()).toContain(`Tag “${tidy}” added.`);
    expect((await counts(admin, `?q=${encodeURIComponent(tidy)}`)).get(tidy)).toBe(2);
    expect(await productTags(MUG.path)).toContain(tidy);

    const dup = await addTag(admin, tidy.toUpperCase(), [PLATE.id]);
    expect(dup.status).toBe(400);
    expect(await dup.text()).toContain('This tag already exists');
    const dupCategory = await addTag(admin, 'ceramics', [PLATE.id], 'category');
    expect(dupCategory.status).toBe(400);
    expect(await dupCategory.text()).toContain('This category already exists');
  });

  it('needs at least one item of this site', async () => {
    const none = await addTag(admin, unique('lonely'), []);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose at least one item to add the tag to.');
    const name = unique('stray');
    const foreign = await addTag(admin, name, [MUG.id, 'itm-of-another-site']);
    expect(foreign.status).toBe(400);
    expect((await counts(admin, `?q=${name}`)).has(name)).toBe(false);
  });
});

describe('editing', () => {
  it('edits one tag at a time', async () => {
    const a = unique('ed-a');
    const b = unique('ed-b');
    expect((await addTag(admin, a, [MUG.id])).status).toBe(303);
    expect((await addTag(admin, b, [BOWL.id])).status).toBe(303);
    for (const intent of ['edit', 'rename']) {
      const res = await post(admin, [
        ['intent', intent],
        ['type', 'tag'],
        ['selected', a],
        ['selected', b],
        ['newName', 'whatever'],
      ]);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('You may only edit one tag at a time');
    }
    const cat = await post(
      admin,
      [
        ['intent', 'rename'],
        ['type', 'category'],
        ['selected', 'Ceramics'],
        ['selected', 'Prints'],
        ['newName', 'Pots'],
      ],
      '?type=category',
    );
    expect(cat.status).toBe(400);
    expect(await cat.text()).toContain('You may only edit one category at a time');
    expect((await counts(admin, '?type=category')).get('Ceramics')).toBe(seededCategory('Ceramics'));
  });

  it('renames a tag on every item that has it; a name in use already exists', async () => {
    const from = unique('old');
    const to = unique('new');
    expect((await addTag(admin, from, [MUG.id, BOWL.id])).status).toBe(303);

    const step = await post(admin, [
      ['intent', 'edit'],
      ['type', 'tag'],
      ['selected', from],
    ]);
    expect(step.status).toBe(200);
    const form = await step.text();
    expect(form).toContain('name="newName"');
    expect(form).toContain(`value="${from}"`);

    const clash = await post(admin, [
      ['intent', 'rename'],
      ['type', 'tag'],
      ['selected', from],
      ['newName', 'Stoneware'],
    ]);
    expect(clash.status).toBe(400);
    const clashHtml = await clash.text();
    expect(clashHtml).toContain('This tag already exists');
    expect(clashHtml).toContain('merge');
    expect(clashHtml).toContain('value="Stoneware"');

    const res = await post(admin, [
      ['intent', 'rename'],
      ['type', 'tag'],
      ['selected', from],
      ['newName', to],
    ]);
    expect(res.status).toBe(303);
    const list = await counts(admin);
    expect(list.get(to)).toBe(2);
    expect(list.has(from)).toBe(false);
    const mugTags = await productTags(MUG.path);
    expect(mugTags).toContain(to);
    expect(mugTags).not.toContain(from);
    // The rest of the item's tags stay as they were, in order.
    expect(mugTags.slice(0, 3)).toEqual(PRODUCTS.find((p) => p.slug === 'tide-pool-mug')?.tags);
  });
});

describe('merging', () => {
  it('gives every item with any of the tags the survivor once, and drops the others', async () => {
    const a = unique('mg-a');
    const b = unique('mg-b');
    expect((await addTag(admin, a, [MUG.id, BOWL.id])).status).toBe(303);
    expect((await addTag(admin, b, [BOWL.id, PLATE.id])).status).toBe(303);

    const step = await post(admin, [
      ['intent', 'merge'],
      ['type', 'tag'],
      ['selected', a],
      ['selected', b],
    ]);
    expect(step.status).toBe(200);
    const html = await step.text();
    expect(html).toContain('All 3 items with any of them will be updated');
    expect(html).toContain(`name="survivor" checked="" value="${a}"`);
    expect(html).toContain(`name="survivor" value="${b}"`);

    const one = await post(admin, [
      ['intent', 'merge'],
      ['type', 'tag'],
      ['selected', a],
    ]);
    expect(one.status).toBe(400);
    expect(await one.text()).toContain('Select two or more tags to merge.');

    const res = await post(admin, [
      ['intent', 'confirm-merge'],
      ['type', 'tag'],
      ['selected', a],
      ['selected', b],
      ['survivor', b],
      ['newName', ''],
    ]);
    expect(res.status).toBe(303);
    const list = await counts(admin);
    expect(list.get(b)).toBe(3);
    expect(list.has(a)).toBe(false);
    const bowl = await productTags(BOWL.path);
    expect(bowl.filter((t) => t === b)).toHaveLength(1);
    expect(bowl).not.toContain(a);
    expect(await productTags(MUG.path)).toContain(b);
  });

  it('merges into a new name', async () => {
    const a = unique('mn-a');
    const b = unique('mn-b');
    const into = unique('mn-into');
    expect((await addTag(admin, a, [MUG.id])).status).toBe(303);
    expect((await addTag(admin, b, [MUG.id, PLATE.id])).status).toBe(303);
    const res = await post(admin, [
      ['intent', 'confirm-merge'],
      ['type', 'tag'],
      ['selected', a],
      ['selected', b],
      ['survivor', a],
      ['newName', into],
    ]);
    expect(res.status).toBe(303);
    const list = await counts(admin);
    expect(list.get(into)).toBe(2);
    expect(list.has(a) || list.has(b)).toBe(false);
    expect((await productTags(MUG.path)).filter((t) => t === into)).toHaveLength(1);
  });
});

describe('removing', () => {
  it('asks first, saying every item with the tag will be updated, then removes it', async () => {
    const name = unique('rm');
    expect((await addTag(admin, name, [MUG.id, BOWL.id, PLATE.id])).status).toBe(303);

    const ask = await post(admin, [
      ['intent', 'remove'],
      ['type', 'tag'],
      ['selected', name],
    ]);
    expect(ask.status).toBe(200);
    const html = await ask.text();
    expect(html).toContain(`Remove the tag “${name}”? All 3 items with this tag will be updated.`);
    expect(html).toContain('value="confirm-remove"');
    // Asking changes nothing.
    expect((await counts(admin)).get(name)).toBe(3);

    const done = await post(admin, [
      ['intent', 'confirm-remove'],
      ['type', 'tag'],
      ['selected', name],
    ]);
    expect(done.status).toBe(303);
    expect((await counts(admin)).has(name)).toBe(false);
    expect(await productTags(MUG.path)).not.toContain(name);
    // The mug keeps its other tags.
    expect(await productTags(MUG.path)).toContain('stoneware');
  });
});

describe('who may change tags', () => {
  it('lets a viewer look but not change anything', async () => {
    const { visitor } = await visitorWithRole(admin, 10);
    const page = await visitor.get(PAGE);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('stoneware');
    expect(html).not.toContain('name="selected"');
    expect(html).not.toContain('value="add"');
    const name = unique('viewer');
    const res = await addTag(visitor, name, [MUG.id]);
    expect(res.status).toBe(403);
    const removing = await post(visitor, [
      ['intent', 'confirm-remove'],
      ['type', 'tag'],
      ['selected', 'stoneware'],
    ]);
    expect(removing.status).toBe(403);
    expect((await counts(admin)).get('stoneware')).toBe(seeded('stoneware'));
  });

  it('lets a store manager edit', async () => {
    const { visitor } = await visitorWithRole(admin, 8);
    const name = unique('manager');
    expect((await addTag(visitor, name, [PLATE.id])).status).toBe(303);
    const renamed = unique('managed');
    const res = await post(visitor, [
      ['intent', 'rename'],
      ['type', 'tag'],
      ['selected', name],
      ['newName', renamed],
    ]);
    expect(res.status).toBe(303);
    expect((await counts(visitor)).get(renamed)).toBe(1);
  });
});

describe('another site on the same server', () => {
  const store = new OwnStore({ TRUST_PROXY: '1' });
  let other = { websiteId: '', host: '' };

  beforeAll(async () => {
    await store.start();
    await store.change(async (sql) => {
      other = await createSite(sql, { name: 'Harbour Goods', theme: 'store' });
    });
  }, scaled(240_000));
  afterAll(async () => {
    await store.dispose();
  });

  it(
    'changes only the edited site’s items, and records each change in the audit log',
    async () => {
      const demo = await adminVisitor(() => store.url());
      const renamed = unique('earthenware');
      const res = await demo.postForm(`${PAGE}?type=tag`, [
        ['intent', 'rename'],
        ['type', 'tag'],
        ['selected', 'stoneware'],
        ['newName', renamed],
      ]);
      expect(res.status).toBe(303);
      const removed = await demo.postForm(`${PAGE}?type=category`, [
        ['intent', 'confirm-remove'],
        ['type', 'category'],
        ['selected', 'Ceramics'],
      ]);
      expect(removed.status).toBe(303);
      // An item of the other site cannot be tagged from this one.
      const foreign = await demo.postForm(`${PAGE}?type=tag`, [
        ['intent', 'add'],
        ['type', 'tag'],
        ['name', 'foreign'],
        ['itemIds', `${other.websiteId}-itm-tide-pool-mug`],
      ]);
      expect(foreign.status).toBe(400);

      const mine = await counts(demo);
      expect(mine.get(renamed)).toBe(seeded('stoneware'));
      expect(mine.has('stoneware')).toBe(false);

      // The other site's owner view and its storefront still have the seeded names.
      const there = await adminVisitor(() => store.url(), other.host);
      const theirs = await counts(there);
      expect(theirs.get('stoneware')).toBe(seeded('stoneware'));
      expect(theirs.has(renamed)).toBe(false);
      expect((await counts(there, '?type=category')).get('Ceramics')).toBe(seededCategory('Ceramics'));
      const theirMug = await new Visitor(() => store.url(), other.host).get(MUG.path);
      expect(await theirMug.text()).toMatch(/<li>stoneware<\/li>/);

      let audit: { action: string; target: string; website_id: string }[] = [];
      await store.change(async (sql: Sql) => {
        const rows = await sql<{ action: string; target: string; website_id: string }[]>`
        select action, target, website_id from audit_log where action like 'tag.%' or action like 'category.%' order by id`;
        audit = rows.map((r) => ({ ...r }));
      });
      expect(audit).toEqual([
        { action: 'tag.rename', target: renamed, website_id: 'saltgrass' },
        { action: 'category.remove', target: 'Ceramics', website_id: 'saltgrass' },
      ]);
    },
    scaled(240_000),
  );
});
