// The Blog and Events screens through the built server: a post made in /config/blog is on the
// journal at its address with its body sanitised; a draft is not, until published; bad input keeps
// what was typed with the field's message; events are made with dates on the site's clock; a draft
// editor cannot publish and a viewer cannot write; deleting takes the entry off the storefront;
// gallery pictures are images of the file manager, added, moved and removed.
import { randomBytes } from 'node:crypto';
import { png } from '../support/sample-files.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';
import { adminVisitor, auditHas, OWNER, visitorWithRole } from './support/owner.js';

let admin: Visitor;
const made: { screen: string; id: string }[] = [];
const unique = () => randomBytes(3).toString('hex');
const visitor = () => new Visitor();

beforeAll(async () => {
  admin = await adminVisitor();
});

afterAll(async () => {
  for (const m of made) await admin.postForm(`${m.screen}/${encodeURIComponent(m.id)}`, { intent: 'delete' });
});

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

function event(f: Record<string, string>): Record<string, string> {
  return {
    intent: 'save',
    title: 'An event',
    urlId: '',
    start: '2030-05-04T10:00',
    end: '2030-05-04T12:30',
    addressTitle: 'The yard',
    addressLine1: '',
    addressLine2: '',
    addressCountry: '',
    excerpt: '',
    body: '<p>Come along.</p>',
    status: 'published',
    ...f,
  };
}

async function create(screen: string, fields: Record<string, string>, who: Visitor = admin): Promise<string> {
  const res = await who.postForm(`${screen}/new`, fields);
  if (res.status !== 303) throw new Error(`creating answered ${res.status}: ${(await res.text()).slice(0, 400)}`);
  const id = decodeURIComponent(res.headers.get('location')!.match(/^\/config\/(?:blog|events)\/([^?]+)\?saved=created$/)![1]);
  made.push({ screen, id });
  return id;
}

describe('/config/blog', () => {
  it('lists the journal’s posts, drafts included', async () => {
    const res = await admin.get('/config/blog');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Notes from the spring firing');
    expect(html).toContain('Rebuilding the kiln door (draft)');
    expect(html).toContain('href="/config/blog/new"');
  });

  it('publishes a new post on the journal, sanitised, with its tags as filters', async () => {
    const slug = `post-${unique()}`;
    const id = await create(
      '/config/blog',
      post({
        title: `Fresh post ${slug}`,
        urlId: slug,
        tags: ` Kiln,  Wood ash , Kiln`,
        categories: 'Ceramics',
        body: '<p onclick="x()">Hello</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      }),
    );
    const page = await visitor().get(`/journal/${slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<h1>Fresh post ${slug}</h1>`);
    expect(html).toContain('<p>Hello</p>');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onclick');
    expect(html).toContain('href="/journal?tag=Wood+ash"');
    expect((await (await visitor().get('/journal?tag=Wood+ash')).text()).includes(`/journal/${slug}"`)).toBe(true);
    // The form shows what was saved: tags once each, in the order typed.
    const form = await (await admin.get(`/config/blog/${encodeURIComponent(id)}`)).text();
    expect(form).toContain('value="Kiln, Wood ash"');
    expect(await auditHas(admin, 'post', { actor: OWNER.email, action: 'post.create', target: `/journal/${slug}` })).toBe(true);
  });

  it('keeps a draft off the storefront until it is published', async () => {
    const slug = `draft-${unique()}`;
    const id = await create('/config/blog', post({ title: 'Draft post', urlId: slug, status: 'draft' }));
    expect((await visitor().get(`/journal/${slug}`)).status).toBe(404);
    expect(await (await visitor().get('/sitemap.xml')).text()).not.toContain(slug);
    const res = await admin.postForm(`/config/blog/${encodeURIComponent(id)}`, post({ title: 'Draft post', urlId: slug }));
    expect(res.status).toBe(303);
    expect((await visitor().get(`/journal/${slug}`)).status).toBe(200);
  });

  it('refuses bad input with the field’s message and keeps what was typed', async () => {
    const long = 'x'.repeat(51);
    const res = await admin.postForm('/config/blog/new', post({ title: '', tags: `ok, ${long}`, urlId: 'Bad Slug!' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(html).toContain('Enter a title.');
    expect(html).toContain('A tag is at most 50 characters.');
    expect(html).toContain('Use lower-case letters, digits and hyphens for the address.');
    expect(html).toContain(`value="ok, ${long}"`);
    const taken = await admin.postForm('/config/blog/new', post({ title: 'Again', urlId: 'spring-firing-notes' }));
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain('There is already an entry at /journal/spring-firing-notes.');
  });

  it('deletes a post after a confirmation step', async () => {
    const slug = `gone-${unique()}`;
    const id = await create('/config/blog', post({ title: 'Short-lived', urlId: slug }));
    const confirm = await (await admin.get(`/config/blog/${encodeURIComponent(id)}?delete=confirm`)).text();
    expect(confirm).toContain('Delete Short-lived?');
    const res = await admin.postForm(`/config/blog/${encodeURIComponent(id)}`, { intent: 'delete' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/config/blog?deleted=1');
    expect((await visitor().get(`/journal/${slug}`)).status).toBe(404);
    expect((await admin.get(`/config/blog/${encodeURIComponent(id)}`)).status).toBe(404);
  });

  it('lets a draft editor save drafts but not publish, and a viewer only look', async () => {
    const { visitor: draftEditor } = await visitorWithRole(admin, 16);
    const refused = await draftEditor.postForm('/config/blog/new', post({ title: 'Eager', urlId: `eager-${unique()}` }));
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Your role can save drafts; an editor publishes them.');
    await create('/config/blog', post({ title: 'Patient', urlId: `patient-${unique()}`, status: 'draft' }), draftEditor);
    const { visitor: viewer } = await visitorWithRole(admin, 10);
    expect((await viewer.get('/config/blog')).status).toBe(200);
    expect((await viewer.postForm('/config/blog/new', post({ title: 'Nope' }))).status).toBe(403);
  });
});

describe('/config/events', () => {
  it('makes an event shown on the site’s clock, with its calendar file', async () => {
    const slug = `event-${unique()}`;
    const id = await create('/config/events', event({ title: `Firing day ${slug}`, urlId: slug }));
    const html = await (await visitor().get(`/events/${slug}`)).text();
    // The demo site's clock is America/Halifax: 10:00 there in May is 13:00 UTC.
    expect(html).toContain('10:00 AM');
    expect(html).toContain('dates=20300504T130000Z/20300504T153000Z');
    const ics = await (await visitor().get(`/events/${slug}/calendar.ics`)).text();
    expect(ics).toContain('DTSTART:20300504T130000Z');
    expect(ics).toContain('LOCATION:The yard');
    const list = await (await visitor().get('/events')).text();
    expect(list.indexOf(`/events/${slug}"`)).toBeLessThan(list.indexOf('Past events'));
    const form = await (await admin.get(`/config/events/${encodeURIComponent(id)}`)).text();
    expect(form).toContain('value="2030-05-04T10:00"');
  });

  it('refuses an event that ends before it starts, keeping what was typed', async () => {
    const res = await admin.postForm(
      '/config/events/new',
      event({ start: '2030-05-04T10:00', end: '2030-05-03T10:00', title: 'Backwards' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('The event must end after it starts.');
    expect(html).toContain('value="Backwards"');
    const missing = await admin.postForm('/config/events/new', event({ start: '', title: 'No start' }));
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Enter when the event starts.');
  });

  it('answers 404 for an entry of another kind or none', async () => {
    expect((await admin.get('/config/events/no-such-event')).status).toBe(404);
    expect((await admin.get('/config/events/itm-journal-spring-firing-notes')).status).toBe(404);
  });
});

describe('/config/gallery', () => {
  async function uploadImage(name: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(4, 3))], { type: 'image/png' }), name);
    const res = await admin.fetch('/config/files?index', { method: 'POST', body: form });
    const m = /^\/config\/files\/([a-f0-9]{24})\?uploaded=1$/.exec(res.headers.get('location') ?? '');
    if (!m) throw new Error(`upload answered ${res.status}`);
    return m[1];
  }

  it('adds a picture from the file manager to the gallery, moves it and removes it', async () => {
    const name = `pic-${unique()}.png`;
    const fileId = await uploadImage(name);
    const screen = await (await admin.get('/config/gallery')).text();
    expect(screen).toContain('Tide Pool Mugs');
    expect(screen).toContain(`value="${fileId}"`);
    const title = `Kiln shelf ${unique()}`;
    const added = await admin.postForm('/config/gallery', { intent: 'add', fileId, title, description: 'Still warm.' });
    expect(added.status).toBe(303);
    const gallery = await (await visitor().get('/gallery')).text();
    expect(gallery).toContain(`src="/files/${fileId}/${name}"`);
    expect(gallery).toContain('Still warm.');
    expect(gallery.indexOf(title)).toBeGreaterThan(gallery.indexOf('Linen tea towels'));
    const id = /name="id" value="([^"]+)"/.exec(
      (await (await admin.get('/config/gallery')).text()).split(`<strong>${title}</strong>`)[1],
    )![1];
    expect((await admin.postForm('/config/gallery', { intent: 'up', id })).status).toBe(303);
    const moved = await (await visitor().get('/gallery')).text();
    expect(moved.indexOf(title)).toBeLessThan(moved.indexOf('Linen tea towels'));
    expect((await admin.postForm('/config/gallery', { intent: 'remove', id })).status).toBe(303);
    expect(await (await visitor().get('/gallery')).text()).not.toContain(title);
  });

  it('refuses a picture without an image or a title, keeping what was typed', async () => {
    const res = await admin.postForm('/config/gallery', { intent: 'add', fileId: '', title: '', description: 'Typed' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Choose an image from the file manager.');
    expect(html).toContain('Enter a title.');
    expect(html).toContain('Typed</textarea>');
    const unknown = await admin.postForm('/config/gallery', { intent: 'add', fileId: 'f'.repeat(24), title: 'X' });
    expect(unknown.status).toBe(400);
    expect((await admin.postForm('/config/gallery', { intent: 'remove', id: 'no-such-picture' })).status).toBe(404);
  });
});
