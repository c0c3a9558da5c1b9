// The draft editor (role 16, ADR 0010) through the built server: a published page, post, block or
// gallery changes only with pages.publish, whatever status the form asks for (saving it "as a
// draft" too); a draft editor deletes only drafts that were never live. Each refusal is read back.
// Also: restock sign-ups (shoppers' emails) are refused to viewers and reporting (forms.read), and
// the store manager's page editor says only that the role cannot change pages.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

const unique = () => randomBytes(3).toString('hex');
const strip = (html: string) => html.replace(/<!-- -->/g, '');

let admin: Visitor;
let draft: Visitor;
const madePages: string[] = [];
const madePosts: string[] = [];
beforeAll(async () => {
  admin = await adminVisitor();
  draft = (await visitorWithRole(admin, 16)).visitor;
});
afterAll(async () => {
  for (const id of madePages) await admin.postForm(`/config/pages/${encodeURIComponent(id)}`, { intent: 'delete' });
  for (const id of madePosts) await admin.postForm(`/config/blog/${encodeURIComponent(id)}`, { intent: 'delete' });
});

function pageFields(f: { title: string; urlId: string; body?: string; status: string }): Record<string, string> {
  return {
    intent: 'save',
    title: f.title,
    urlId: f.urlId,
    description: '',
    body: f.body ?? '<p>Body text.</p>',
    seoTitle: '',
    seoDescription: '',
    status: f.status,
    publishAt: '',
    hidden: 'on',
  };
}

async function createPage(who: Visitor, f: { title: string; urlId: string; body?: string; status: string }): Promise<string> {
  const res = await who.postForm('/config/pages/new', pageFields(f));
  if (res.status !== 303) throw new Error(`creating ${f.title} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const id = decodeURIComponent(res.headers.get('location')!.match(/^\/config\/pages\/([^?]+)\?/)![1]);
  madePages.push(id);
  return id;
}

/** The page as the admin's editor loads it (JSON: the loader's own data). */
async function pageData(id: string): Promise<{ page: { title: string; body: string; status: string }; blocks: unknown[] }> {
  const res = await admin.get(`/config/pages/${encodeURIComponent(id)}?_data=routes/config.pages.$pageId`);
  expect(res.status).toBe(200);
  return res.json();
}

function post(f: Record<string, string>): Record<string, string> {
  return {
    intent: 'save',
    title: 'A post',
    urlId: '',
    author: 'Maren Holt',
    publishedAt: '',
    excerpt: '<p>Short.</p>',
    body: '<p>Body.</p>',
    tags: '',
    categories: '',
    comments: 'open',
    status: 'published',
    ...f,
  };
}

async function createPost(who: Visitor, f: Record<string, string>): Promise<string> {
  const res = await who.postForm('/config/blog/new', post(f));
  if (res.status !== 303) throw new Error(`creating a post answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const id = decodeURIComponent(res.headers.get('location')!.match(/^\/config\/blog\/([^?]+)\?/)![1]);
  madePosts.push(id);
  return id;
}

describe('a draft editor and published pages', () => {
  it('cannot change the title and body of a published page, as published or "as a draft", with or without JavaScript', async () => {
    const slug = `live-${unique()}`;
    const id = await createPage(admin, { title: 'Live title', urlId: slug, body: '<p>Live body.</p>', status: 'published' });
    const path = `/config/pages/${encodeURIComponent(id)}`;
    for (const status of ['published', 'draft', 'needs-review']) {
      const f = pageFields({ title: 'Changed by a draft editor', urlId: slug, body: '<p>Changed.</p>', status });
      const plain = await draft.postForm(path, f);
      expect(plain.status).toBe(403);
      expect(strip(await plain.text())).toContain('This page is published: your role cannot change it; an editor can.');
      expect((await draft.postForm(`${path}?_data=routes/config.pages.$pageId`, f)).status).toBe(403);
    }
    const after = await pageData(id);
    expect(after.page).toMatchObject({ title: 'Live title', body: '<p>Live body.</p>', status: 'published' });
    const live = strip(await (await new Visitor().get(`/${slug}`)).text());
    expect(live).toContain('Live body.');
    expect(live).not.toContain('Changed.');
    // The editor screen says so once, and offers no save.
    const screen = strip(await (await draft.get(path)).text());
    expect(screen).toContain('This page is published: your role cannot change it; an editor can.');
    expect(screen).toMatch(/<button type="submit" disabled="">Save page<\/button>/);
  });

  it('cannot delete a published page, not even by first saving it as a draft', async () => {
    const slug = `live-del-${unique()}`;
    const id = await createPage(admin, { title: 'Keep me', urlId: slug, status: 'published' });
    const path = `/config/pages/${encodeURIComponent(id)}`;
    expect((await draft.postForm(path, pageFields({ title: 'Keep me', urlId: slug, status: 'draft' }))).status).toBe(403);
    expect((await draft.postForm(path, { intent: 'delete' })).status).toBe(403);
    expect((await pageData(id)).page.status).toBe('published');
    expect((await new Visitor().get(`/${slug}`)).status).toBe(200);
  });

  it('may change a page an editor took offline, but not delete it: it was live once', async () => {
    const slug = `was-live-${unique()}`;
    const id = await createPage(admin, { title: 'Once live', urlId: slug, status: 'published' });
    const path = `/config/pages/${encodeURIComponent(id)}`;
    expect((await admin.postForm(path, pageFields({ title: 'Once live', urlId: slug, status: 'draft' }))).status).toBe(303);
    expect((await draft.postForm(path, pageFields({ title: 'Reworked', urlId: slug, status: 'needs-review' }))).status).toBe(303);
    const refused = await draft.postForm(path, { intent: 'delete' });
    expect(refused.status).toBe(403);
    expect(strip(await refused.text())).toContain('Your role can delete only drafts that have never been published.');
    expect((await pageData(id)).page).toMatchObject({ title: 'Reworked', status: 'needs-review' });
  });

  it('may edit and delete its own draft that was never live', async () => {
    const slug = `own-draft-${unique()}`;
    const id = await createPage(draft, { title: 'Mine', urlId: slug, status: 'draft' });
    const path = `/config/pages/${encodeURIComponent(id)}`;
    expect((await draft.postForm(path, pageFields({ title: 'Mine, edited', urlId: slug, status: 'draft' }))).status).toBe(303);
    const code = await draft.postForm(`${path}/blocks/new?type=code`, { language: 'plain', text: 'draft code' });
    expect(code.status).toBe(303);
    const gone = await draft.postForm(path, { intent: 'delete' });
    expect(gone.status).toBe(303);
    expect((await admin.get(path)).status).toBe(404);
  });

  it('cannot add, change, move or remove a block of a live page', async () => {
    const slug = `live-blocks-${unique()}`;
    const id = await createPage(admin, { title: 'Live with blocks', urlId: slug, status: 'published' });
    const base = `/config/pages/${encodeURIComponent(id)}/blocks`;
    const made = await admin.postForm(`${base}/new?type=code`, { language: 'plain', text: 'kept code' });
    expect(made.status).toBe(303);
    const blockId = made.headers.get('location')!.match(/\/blocks\/([^?]+)\?/)![1];
    const added = await draft.postForm(`${base}/new?type=code`, { language: 'plain', text: 'sneaky code' });
    expect(added.status).toBe(403);
    expect(
      (await draft.postForm(`${base}/new?type=code&_data=routes/config.pages.$pageId_.blocks.new`, { language: 'plain', text: 'x' }))
        .status,
    ).toBe(403);
    expect((await draft.postForm(`${base}/${blockId}`, { language: 'plain', text: 'changed code' })).status).toBe(403);
    expect((await draft.postForm(`${base}/${blockId}`, { intent: 'up' })).status).toBe(403);
    expect((await draft.postForm(`${base}/${blockId}`, { intent: 'remove' })).status).toBe(403);
    const after = await pageData(id);
    expect(after.blocks).toHaveLength(1);
    // The block screens offer no save to the draft editor here (an editor keeps it).
    const blockData = `${base}/${blockId}?_data=${encodeURIComponent('routes/config.pages.$pageId_.blocks.$blockId')}`;
    expect((await (await draft.get(blockData)).json()).canWrite).toBe(false);
    expect((await (await admin.get(blockData)).json()).canWrite).toBe(true);
    const live = strip(await (await new Visitor().get(`/${slug}`)).text());
    expect(live).toContain('kept code');
    expect(live).not.toContain('sneaky code');
    expect(live).not.toContain('changed code');
  });
});

describe('a draft editor and published posts, events and the gallery', () => {
  it('cannot change or delete a published post; may delete its own never-published draft', async () => {
    const slug = `live-post-${unique()}`;
    const id = await createPost(admin, { title: 'Live post', urlId: slug, body: '<p>Live words.</p>' });
    const path = `/config/blog/${encodeURIComponent(id)}`;
    for (const status of ['published', 'draft']) {
      const res = await draft.postForm(path, post({ title: 'Rewritten', urlId: slug, body: '<p>Other words.</p>', status }));
      expect(res.status).toBe(403);
      expect(strip(await res.text())).toContain('This entry is published: your role cannot change it; an editor can.');
    }
    expect((await draft.postForm(path, { intent: 'delete' })).status).toBe(403);
    const live = strip(await (await new Visitor().get(`/journal/${slug}`)).text());
    expect(live).toContain('Live words.');
    expect(live).not.toContain('Other words.');

    const mine = await createPost(draft, { title: 'My draft', urlId: `my-draft-${unique()}`, status: 'draft' });
    expect((await draft.postForm(`/config/blog/${encodeURIComponent(mine)}`, { intent: 'delete' })).status).toBe(303);
  });

  it('cannot change or delete a published event, "as a draft" either', async () => {
    const slug = `live-event-${unique()}`;
    const fields = {
      intent: 'save',
      title: 'Live event',
      urlId: slug,
      start: '2031-05-04T10:00',
      end: '2031-05-04T12:00',
      addressTitle: '',
      addressLine1: '',
      addressLine2: '',
      addressCountry: '',
      excerpt: '',
      body: '<p>Come along.</p>',
      status: 'published',
    };
    const made = await admin.postForm('/config/events/new', fields);
    expect(made.status).toBe(303);
    const path = made.headers.get('location')!.replace(/\?.*$/, '');
    try {
      const res = await draft.postForm(path, { ...fields, title: 'Cancelled', status: 'draft' });
      expect(res.status).toBe(403);
      expect((await draft.postForm(path, { intent: 'delete' })).status).toBe(403);
      expect(strip(await (await new Visitor().get(`/events/${slug}`)).text())).toContain('Live event');
    } finally {
      await admin.postForm(path, { intent: 'delete' });
    }
  });

  it('cannot add a picture to the published gallery', async () => {
    const before = await (await admin.get('/config/gallery?_data=routes/config.gallery')).json();
    const res = await draft.postForm('/config/gallery', { intent: 'add', fileId: 'any', title: 'Sneaky', description: '' });
    expect(res.status).toBe(403);
    expect(strip(await res.text())).toContain('The gallery is published: your role cannot change it; an editor can.');
    const after = await (await admin.get('/config/gallery?_data=routes/config.gallery')).json();
    expect(after.pictures).toEqual(before.pictures);
  });
});

describe('other roles', () => {
  it('refuses back-in-stock sign-ups to viewers and reporting (forms.read), screen and API', async () => {
    for (const role of [10, 3]) {
      const { visitor } = await visitorWithRole(admin, role);
      expect((await visitor.get('/config/restock')).status).toBe(403);
      expect((await visitor.get('/config/restock?_data=routes/config.restock')).status).toBe(403);
      expect((await visitor.get('/api/site-users/account/notifications/restock?productId=p&variantId=v')).status).toBe(403);
      expect((await visitor.get('/api/site-users/account/notifications/restock/groups')).status).toBe(403);
      expect(strip(await (await visitor.get('/config')).text())).not.toContain('href="/config/restock"');
    }
    const { visitor: store } = await visitorWithRole(admin, 8);
    expect((await store.get('/config/restock')).status).toBe(200);
  });

  it('tells a store manager only that the role cannot change pages', async () => {
    const { visitor: store } = await visitorWithRole(admin, 8);
    const html = strip(await (await store.get('/config/pages/col-about')).text());
    expect(html).toContain('Your role can look at pages but not change them.');
    expect(html).not.toContain('as a draft');
    const fresh = strip(await (await store.get('/config/pages/new')).text());
    expect(fresh).toContain('Your role can look at pages but not change them.');
    expect(fresh).not.toContain('as a draft');
  });
});
