// The Pages and Navigation screens through the built server: a page made in /config is on the
// storefront at its address; drafts, pages for review and pages scheduled for later answer 404 and
// leave the menus, search and sitemap; the body is sanitised on save; pages go into and out of the
// main navigation; the menus are edited row by row without JavaScript; a draft editor cannot
// publish and a viewer cannot write; bad input keeps what was typed. Pages made here are deleted.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';

let admin: Visitor;
const made: string[] = [];

beforeAll(async () => {
  admin = await adminVisitor();
});

afterAll(async () => {
  for (const id of made) await admin.postForm(`/config/pages/${encodeURIComponent(id)}`, { intent: 'delete' });
});

const unique = () => randomBytes(3).toString('hex');

interface PageFields {
  title: string;
  urlId?: string;
  body?: string;
  status?: string;
  publishAt?: string;
  hidden?: boolean;
  description?: string;
}

function fields(f: PageFields): Record<string, string> {
  return {
    intent: 'save',
    title: f.title,
    urlId: f.urlId ?? '',
    description: f.description ?? '',
    body: f.body ?? '<p>Body text.</p>',
    seoTitle: '',
    seoDescription: '',
    status: f.status ?? 'published',
    publishAt: f.publishAt ?? '',
    ...(f.hidden ? { hidden: 'on' } : {}),
  };
}

/** Creates a page as `who`; returns its id (remembered for clean-up). */
async function createPage(f: PageFields, who: Visitor = admin): Promise<string> {
  const res = await who.postForm('/config/pages/new', fields(f));
  if (res.status !== 303) throw new Error(`creating ${f.title} answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
  const id = decodeURIComponent(res.headers.get('location')!.match(/^\/config\/pages\/([^?]+)\?saved=created$/)![1]);
  made.push(id);
  return id;
}

const savePage = (id: string, f: PageFields, who: Visitor = admin) => who.postForm(`/config/pages/${encodeURIComponent(id)}`, fields(f));

const visitor = () => new Visitor();
const mainNav = (html: string) => html.match(/<nav class="main-nav"[\s\S]*?<\/nav>/)?.[0] ?? '';
const footerNav = (html: string) => html.match(/<nav class="footer-nav"[\s\S]*?<\/nav>/)?.[0] ?? '';
const home = async () => (await visitor().get('/')).text();

describe('pages on the storefront', () => {
  it('shows a new page at its address, in the main navigation, search and sitemap', async () => {
    const slug = `kiln-notes-${unique()}`;
    await createPage({ title: 'Kiln notes from the harbour', urlId: slug, body: '<h2>Cone six</h2><p>Glaze firing schedule.</p>' });
    const res = await visitor().get(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Kiln notes from the harbour');
    expect(html).toContain('<h2>Cone six</h2><p>Glaze firing schedule.</p>');
    expect(mainNav(await home())).toContain(`href="/${slug}"`);
    expect(await (await visitor().get('/sitemap.xml')).text()).toContain(`/${slug}</loc>`);
    expect(await (await visitor().get('/search?q=kiln+harbour')).text()).toContain(`/${slug}`);
  });

  it('makes the address from the title when the slug is left empty, and another one when taken', async () => {
    const title = `Firing Diary ${unique()}`;
    const a = await createPage({ title, hidden: true });
    const b = await createPage({ title, hidden: true });
    const slug = title.toLowerCase().replace(/ /g, '-');
    expect(await (await admin.get(`/config/pages/${encodeURIComponent(a)}`)).text()).toContain(`value="${slug}"`);
    expect(await (await admin.get(`/config/pages/${encodeURIComponent(b)}`)).text()).toContain(`value="${slug}-2"`);
    expect((await visitor().get(`/${slug}-2`)).status).toBe(200);
  });

  it('answers 404 for a draft, and takes it out of the navigation, sitemap and search', async () => {
    const slug = `draft-glazes-${unique()}`;
    const id = await createPage({ title: 'Glazes we are testing', urlId: slug, body: '<p>Shino celadon tenmoku.</p>' });
    expect((await visitor().get(`/${slug}`)).status).toBe(200);
    expect((await savePage(id, { title: 'Glazes we are testing', urlId: slug, status: 'draft' })).status).toBe(303);
    expect((await visitor().get(`/${slug}`)).status).toBe(404);
    expect(mainNav(await home())).not.toContain(`href="/${slug}"`);
    expect(await (await visitor().get('/sitemap.xml')).text()).not.toContain(`/${slug}<`);
    expect(await (await visitor().get('/search?q=shino+celadon')).text()).not.toContain(`/${slug}`);
    for (const status of ['needs-review', 'private']) {
      expect((await savePage(id, { title: 'Glazes we are testing', urlId: slug, status })).status).toBe(303);
      expect((await visitor().get(`/${slug}`)).status, status).toBe(404);
    }
    const list = await (await admin.get(`/config/pages?q=${slug}`)).text();
    expect(list).toContain('Private');
    // Published again: back, and still linked (the link was kept, only not shown).
    expect((await savePage(id, { title: 'Glazes we are testing', urlId: slug })).status).toBe(303);
    expect((await visitor().get(`/${slug}`)).status).toBe(200);
    expect(mainNav(await home())).toContain(`href="/${slug}"`);
  });

  it('answers 404 for a page scheduled later, and shows one whose time has come', async () => {
    const slug = `open-studio-${unique()}`;
    const id = await createPage({
      title: 'Open studio weekend',
      urlId: slug,
      status: 'scheduled',
      publishAt: '2099-05-01T10:00',
      hidden: true,
    });
    expect((await visitor().get(`/${slug}`)).status).toBe(404);
    const list = await (await admin.get(`/config/pages?q=${slug}`)).text();
    expect(list).toMatch(/<span class="badge warn">Scheduled<\/span>/);
    const edit = await (await admin.get(`/config/pages/${encodeURIComponent(id)}`)).text();
    expect(edit).toContain('value="2099-05-01T10:00"');
    expect(
      (await savePage(id, { title: 'Open studio weekend', urlId: slug, status: 'scheduled', publishAt: '2020-05-01T10:00', hidden: true }))
        .status,
    ).toBe(303);
    expect((await visitor().get(`/${slug}`)).status).toBe(200);
  });

  it('needs a publish date for a scheduled page', async () => {
    const res = await admin.postForm('/config/pages/new', fields({ title: 'No date', status: 'scheduled' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Choose the date and time the page goes live.');
    expect(html).toContain('Update the missing or invalid information above.');
  });

  it('removes scripts, event handlers and javascript: links from the body on save', async () => {
    const slug = `care-notes-${unique()}`;
    await createPage({
      title: 'Care notes',
      urlId: slug,
      hidden: true,
      body: '<p onmouseover="pwnedHandler()">Wash cool.</p><script>window.pwnedScript = 1</script><a href="javascript:pwnedLink()">tap</a><img src="/images/pages/hero.svg" onerror="pwnedImage()" alt="Hero"><iframe src="https://evil.example/pwnedFrame"></iframe>',
    });
    const html = await (await visitor().get(`/${slug}`)).text();
    expect(html).toContain('<p>Wash cool.</p>');
    expect(html).toContain('<img src="/images/pages/hero.svg" alt="Hero" />');
    expect(html).not.toMatch(/pwned/);
    expect(html).not.toMatch(/javascript:/i);
  });
});

describe('pages in the navigation', () => {
  it('adds a page to the main navigation, hides it (to _hidden), and shows it again', async () => {
    const slug = `studio-map-${unique()}`;
    const id = await createPage({ title: 'Studio map', urlId: slug, hidden: true });
    expect((await visitor().get(`/${slug}`)).status).toBe(200);
    expect(mainNav(await home())).not.toContain(`href="/${slug}"`);
    expect(await (await admin.get(`/config/pages?q=${slug}`)).text()).toContain('<td>Hidden</td>');

    expect((await savePage(id, { title: 'Studio map', urlId: slug })).status).toBe(303);
    expect(mainNav(await home())).toContain(`href="/${slug}"`);
    expect(await (await admin.get(`/config/pages?q=${slug}`)).text()).toContain('<td>Main navigation</td>');

    // A new address: the link follows it.
    const moved = `${slug}-moved`;
    expect((await savePage(id, { title: 'Studio map', urlId: moved })).status).toBe(303);
    const nav = mainNav(await home());
    expect(nav).toContain(`href="/${moved}"`);
    expect(nav).not.toContain(`href="/${slug}"`);
    expect((await visitor().get(`/${slug}`)).status).toBe(404);

    expect((await savePage(id, { title: 'Studio map', urlId: moved, hidden: true })).status).toBe(303);
    expect(mainNav(await home())).not.toContain(`href="/${moved}"`);
    expect((await visitor().get(`/${moved}`)).status).toBe(200);
  });
});

interface NavData {
  menus: Record<'mainNavigation' | 'footerNavigation', { title: string; target: string; url: string; depth: number }[]>;
  versions: Record<'mainNavigation' | 'footerNavigation', string>;
  targets: { id: string; urlId: string }[];
}

function rowFields(
  menu: string,
  rows: { title: string; target: string; url: string; depth: number }[],
  intent: string,
): [string, string][] {
  const out: [string, string][] = [
    ['menu', menu],
    ['intent', intent],
  ];
  rows.forEach((r, i) => {
    out.push(
      [`items[${i}].title`, r.title],
      [`items[${i}].target`, r.target],
      [`items[${i}].url`, r.url],
      [`items[${i}].depth`, String(r.depth)],
    );
  });
  return out;
}

describe('the navigation screen', () => {
  let original: NavData;
  beforeAll(async () => {
    original = (await (await admin.get('/config/navigation?_data=routes%2Fconfig.navigation')).json()) as NavData;
  });
  afterAll(async () => {
    await admin.postForm('/config/navigation', rowFields('footerNavigation', original.menus.footerNavigation, 'save'));
    await admin.postForm('/config/navigation', rowFields('mainNavigation', original.menus.mainNavigation, 'save'));
  });

  it('shows both menus as rows with a page or address per link', async () => {
    const html = await (await admin.get('/config/navigation')).text();
    expect(html).toContain('Main navigation');
    expect(html).toContain('Secondary navigation (footer)');
    expect(html).toContain('name="items[0].title"');
    expect(html).toContain('aria-label="Move Shop down"');
    expect(original.menus.mainNavigation.length).toBeGreaterThan(1);
  });

  it('adds, indents and moves rows without saving, then saves the menu for visitors', async () => {
    const rows = original.menus.footerNavigation;
    const added = await admin.postForm('/config/navigation', rowFields('footerNavigation', rows, 'add'));
    expect(added.status).toBe(200);
    const addedHtml = await added.text();
    expect(addedHtml).toContain(`name="items[${rows.length}].title"`);
    expect(addedHtml).toContain('Not saved yet');
    expect(footerNav(await home())).toContain('Care Guide');

    const withNew = [...rows, { title: 'Studio blog', target: '', url: 'https://blog.saltgrass.example/', depth: 0 }];
    const indented = await admin.postForm('/config/navigation', rowFields('footerNavigation', withNew, `indent:${rows.length}`));
    expect(await indented.text()).toContain(`name="items[${rows.length}].depth" value="1"`);

    const up = await admin.postForm('/config/navigation', rowFields('footerNavigation', withNew, `up:${rows.length}`));
    expect(await up.text()).toMatch(new RegExp(`name="items\\[${rows.length - 1}\\]\\.title" value="Studio blog"`));

    const saved = await admin.postForm('/config/navigation', rowFields('footerNavigation', [withNew.at(-1)!, ...rows.slice(1)], 'save'));
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/config/navigation?saved=footerNavigation');
    const footer = footerNav(await home());
    expect(footer).toContain('href="https://blog.saltgrass.example/"');
    expect(footer).not.toContain(rows[0].title);
  });

  it('links a page chosen from the list, and keeps children under their link', async () => {
    const slug = `nav-target-${unique()}`;
    const id = await createPage({ title: 'Nav target', urlId: slug, hidden: true });
    const rows = [
      ...original.menus.mainNavigation,
      { title: 'Our kiln', target: id, url: '', depth: 0 },
      { title: 'Kiln map', target: '', url: `/${slug}#map`, depth: 1 },
    ];
    expect((await admin.postForm('/config/navigation', rowFields('mainNavigation', rows, 'save'))).status).toBe(303);
    const nav = mainNav(await home());
    expect(nav).toContain(`<a href="/${slug}">Our kiln</a>`);
    const data = (await (await admin.get('/config/navigation?_data=routes%2Fconfig.navigation')).json()) as NavData;
    expect(data.menus.mainNavigation.slice(-2)).toEqual([
      { title: 'Our kiln', target: id, url: '', depth: 0 },
      { title: 'Kiln map', target: '', url: `/${slug}#map`, depth: 1 },
    ]);
    expect(await (await admin.get(`/config/pages?q=${slug}`)).text()).toContain('<td>Main navigation</td>');
  });

  it('refuses to save over a menu someone else changed since it was opened, keeping the rows typed', async () => {
    const opened = (await (await admin.get('/config/navigation?_data=routes%2Fconfig.navigation')).json()) as NavData;
    const rows = opened.menus.footerNavigation;
    const version = opened.versions.footerNavigation;
    const theirs = [...rows, { title: 'Their link', target: '', url: '/their-link', depth: 0 }];
    const mine = [...rows, { title: 'My link', target: '', url: '/my-link', depth: 0 }];
    const first = await admin.postForm('/config/navigation', [...rowFields('footerNavigation', theirs, 'save'), ['version', version]]);
    expect(first.status).toBe(303);

    const second = await admin.postForm('/config/navigation', [...rowFields('footerNavigation', mine, 'save'), ['version', version]]);
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain('Someone else changed this menu after you opened it.');
    expect(html).toContain('value="My link"');
    expect(footerNav(await home())).toContain('href="/their-link"');
    expect(footerNav(await home())).not.toContain('href="/my-link"');

    // The form now carries the menu's new version: saving again replaces their change, knowingly.
    const newer = /name="version" value="([^"]+)"/.exec(html.slice(html.indexOf('footerNavigation-h')))?.[1];
    expect(newer).toBeTruthy();
    expect(newer).not.toBe(version);
    const again = await admin.postForm('/config/navigation', [...rowFields('footerNavigation', mine, 'save'), ['version', newer!]]);
    expect(again.status).toBe(303);
    expect(footerNav(await home())).toContain('href="/my-link"');
    expect(footerNav(await home())).not.toContain('href="/their-link"');
  });

  it('answers a post with nothing to do above both menus, as loaded', async () => {
    const res = await admin.postForm(
      '/config/navigation',
      rowFields('mainNavigation', [{ title: 'Typed', target: '', url: '/t', depth: 0 }], 'fly:1'),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html.indexOf('Choose what to do.')).toBeGreaterThan(-1);
    expect(html.indexOf('Choose what to do.')).toBeLessThan(html.indexOf('mainNavigation-h'));
    expect(html).not.toContain('value="Typed"');
  });

  it('refuses a link without a title or with a bad address, keeping the rows typed', async () => {
    const rows = [
      { title: '', target: '', url: '/about', depth: 0 },
      { title: 'Sneaky', target: '', url: 'javascript:alert(1)', depth: 0 },
      { title: 'Elsewhere', target: 'someone-elses-page', url: '', depth: 0 },
    ];
    const res = await admin.postForm('/config/navigation', rowFields('mainNavigation', rows, 'save'));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(html).toContain('Enter a title for this link.');
    expect(html).toContain('javascript:alert(1) is not a valid page URL');
    expect(html).toContain('Choose a page of this site.');
    expect(html).toContain('value="Sneaky"');
    expect(html).toMatch(/name="items\[0\]\.title" aria-invalid="true"[^>]* value=""/);
    expect(mainNav(await home())).toContain('href="/shop"');
  });
});

describe('who may do what', () => {
  it('lets a draft editor save drafts but not publish, nor put a page in the navigation', async () => {
    const { visitor: editor } = await visitorWithRole(admin, 16);
    const slug = `draft-by-editor-${unique()}`;
    const id = await createPage({ title: 'Draft by an editor', urlId: slug, status: 'draft', hidden: true }, editor);
    expect((await visitor().get(`/${slug}`)).status).toBe(404);
    const review = await savePage(id, { title: 'Draft by an editor', urlId: slug, status: 'needs-review', hidden: true }, editor);
    expect(review.status).toBe(303);

    const publish = await savePage(id, { title: 'Draft by an editor', urlId: slug, status: 'published', hidden: true }, editor);
    expect(publish.status).toBe(403);
    expect(await publish.text()).toContain('Your role can save a page as a draft or for review; an editor publishes it.');
    const unhide = await savePage(id, { title: 'Draft by an editor', urlId: slug, status: 'draft' }, editor);
    expect(unhide.status).toBe(403);
    const created = await editor.postForm('/config/pages/new', fields({ title: 'Straight to live', status: 'published', hidden: true }));
    expect(created.status).toBe(403);
    expect((await visitor().get(`/${slug}`)).status).toBe(404);
    expect(await (await admin.get(`/config/pages?q=${slug}`)).text()).toContain('Needs Review');

    // The menus: rows can be arranged, not saved.
    const nav = await editor.postForm(
      '/config/navigation',
      rowFields('mainNavigation', [{ title: 'X', target: '', url: '/x', depth: 0 }], 'save'),
    );
    expect(nav.status).toBe(403);
    const navHtml = await nav.text();
    expect(navHtml).toContain('Your role cannot change the navigation visitors see; an editor can.');
    expect(navHtml).toMatch(/name="items\[0\]\.title"[^>]* value="X"/);
    expect(mainNav(await home())).toContain('href="/shop"');
  });

  it('refuses a viewer any write, with 403', async () => {
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    expect((await viewer.get('/config/pages')).status).toBe(200);
    expect((await viewer.postForm('/config/pages/new', fields({ title: 'Nope' }))).status).toBe(403);
    expect((await viewer.postForm('/config/navigation', { menu: 'mainNavigation', intent: 'add' })).status).toBe(403);
  });
});

describe('the pages screen', () => {
  it('says the slug is taken on its field, keeping everything typed', async () => {
    const res = await admin.postForm(
      '/config/pages/new',
      fields({ title: 'My typed title', urlId: 'about', body: '<p>Typed body</p>', description: 'Typed description' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(html).toContain('This site already has a page at /about.');
    expect(html).toMatch(/id="f-urlId" name="urlId" aria-invalid="true"/);
    expect(html).toContain('value="My typed title"');
    expect(html).toContain('&lt;p&gt;Typed body&lt;/p&gt;');
    expect(html).toContain('Typed description');
  });

  it('refuses the addresses the site uses itself, and an empty title', async () => {
    const res = await admin.postForm('/config/pages/new', fields({ title: '', urlId: 'cart' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Enter a title.');
    // The cart's address, the splash page's and a language's prefix would hide the page.
    for (const urlId of ['cart', 'splash', 'fr']) {
      const again = await admin.postForm('/config/pages/new', fields({ title: 'Typed', urlId }));
      expect(again.status).toBe(400);
      expect(await again.text()).toContain(`/${urlId} is used by the site itself: choose another address.`);
    }
  });

  it('lists pages with search and a status filter, and moves them up and down', async () => {
    const tag = unique();
    const first = await createPage({ title: `Order first ${tag}`, hidden: true });
    const second = await createPage({ title: `Order second ${tag}`, hidden: true });
    const order = async () => {
      const html = await (await admin.get('/config/pages')).text();
      return [html.indexOf(`Order first ${tag}`), html.indexOf(`Order second ${tag}`)];
    };
    const [a, b] = await order();
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(b);
    const moved = await admin.postForm('/config/pages', { intent: 'up', id: second });
    expect(moved.status).toBe(303);
    expect(moved.headers.get('location')).toBe('/config/pages?moved=1');
    const [a2, b2] = await order();
    expect(b2).toBeLessThan(a2);
    expect((await admin.postForm('/config/pages', { intent: 'down', id: second })).status).toBe(303);
    const [a3, b3] = await order();
    expect(a3).toBeLessThan(b3);
    expect(await (await admin.get('/config/pages?moved=1')).text()).toContain('Page order saved.');

    const found = await (await admin.get(`/config/pages?q=${encodeURIComponent(`first ${tag}`)}`)).text();
    expect(found).toContain(`Order first ${tag}`);
    expect(found).not.toContain(`Order second ${tag}`);
    expect(found).not.toContain('Move up');
    const drafts = await (await admin.get('/config/pages?status=draft')).text();
    expect(drafts).not.toContain(`Order first ${tag}`);
    expect(await (await admin.get('/config/pages?q=no-such-page-anywhere')).text()).toContain('No pages match this search.');
    void first;
  });

  it('deletes a page after a confirmation step, with its menu links', async () => {
    const slug = `to-delete-${unique()}`;
    const id = await createPage({ title: 'Short-lived page', urlId: slug });
    expect(mainNav(await home())).toContain(`href="/${slug}"`);
    const confirm = await (await admin.get(`/config/pages/${encodeURIComponent(id)}?delete=confirm`)).text();
    expect(confirm).toContain('Delete Short-lived page?');
    expect(confirm).toContain('name="intent" value="delete"');
    const res = await admin.postForm(`/config/pages/${encodeURIComponent(id)}`, { intent: 'delete' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/config/pages?deleted=1');
    expect((await visitor().get(`/${slug}`)).status).toBe(404);
    expect(mainNav(await home())).not.toContain(`href="/${slug}"`);
    expect((await admin.get(`/config/pages/${encodeURIComponent(id)}`)).status).toBe(404);
  });

  it('keeps the home page, and answers 404 for what is not a page of this site', async () => {
    const res = await admin.postForm('/config/pages/saltgrass-col-home', { intent: 'delete' });
    // The demo's ids have no prefix: find the home page's id from the list.
    expect([400, 404]).toContain(res.status);
    const list = await (await admin.get('/config/pages?q=home')).text();
    const homeId = list.match(/href="\/config\/pages\/([^"]+)">Made slowly, by the sea</)?.[1];
    expect(homeId).toBeTruthy();
    const refused = await admin.postForm(`/config/pages/${homeId}`, { intent: 'delete' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('This is the home page of the site: it cannot be deleted.');
    expect((await visitor().get('/')).status).toBe(200);
    // The shop is a collection, not a page.
    expect((await admin.get('/config/pages/col-shop')).status).toBe(404);
    expect((await admin.postForm('/config/pages/col-shop', fields({ title: 'Hijack' }))).status).toBe(404);
    expect((await visitor().get('/shop')).status).toBe(200);
  });

  it('offers no store form on a site that has a store', async () => {
    const html = await (await admin.get('/config/pages')).text();
    expect(html).toContain('New page');
    expect(html).not.toContain('Add a store');
  });
});
