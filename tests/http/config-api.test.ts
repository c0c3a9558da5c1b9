// The owner JSON API and its keys through the built server: a key made on the API keys screen is
// shown once and works as a Bearer token within its scopes; the owner's session works too; no
// credentials is a 401, a missing scope a 403, a revoked key a 401. Commerce preferences and the
// site header and footer round-trip; GetSiteLayout maps the demo's menu to its collections.
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, Visitor } from './support/client.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';

const PREFS = '/api/v1/commerce-preferences';
const strip = (html: string) => html.replace(/<!-- -->/g, '');

let admin: Visitor;
beforeAll(async () => {
  admin = await adminVisitor();
});

/** Creates a key on the screen (as `by`, the admin by default) and reads it, once, from the answer. */
async function createKey(name: string, scopes: string[], by: Visitor = admin): Promise<{ key: string; html: string }> {
  const fields: Record<string, string> = { intent: 'create', name };
  for (const s of scopes) fields[`scope_${s.replace('.', '_')}`] = 'on';
  const res = await by.postForm('/config/api-keys', fields);
  expect(res.status).toBe(200);
  const html = strip(await res.text());
  const key = /<input id="new-key" readonly="" size="50" value="(sk_[A-Za-z0-9_-]+)"/.exec(html)?.[1];
  expect(key, html.slice(0, 2000)).toBeDefined();
  return { key: key!, html };
}

/** The list row of the key starting with `prefix`. */
function row(html: string, prefix: string): string {
  return new RegExp(`<tr data-key-prefix="${prefix}">[\\s\\S]*?</tr>`).exec(html)?.[0] ?? '';
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A client program: no cookies, no Origin, no Sec-Fetch-Site; just its key. */
function program(path: string, key: string, method = 'GET', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = bearer(key);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(new URL(path, baseUrl()), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

describe('API keys screen', () => {
  it('creates a key shown once (sk_ + 32 bytes base64url), then lists only its prefix, scopes and Never used', async () => {
    const { key, html } = await createKey('Inventory sync', ['settings.read', 'settings.write']);
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(html).toContain('It will not be shown again.');
    const list = strip(await (await admin.get('/config/api-keys')).text());
    expect(list).not.toContain(key);
    const r = row(list, key.slice(0, 10));
    expect(r).toContain(`<code>${key.slice(0, 10)}…</code>`);
    expect(r).toContain('settings.read, settings.write');
    expect(r).toContain('<td data-last-used="true">Never</td>');
    expect(await auditHas(admin, 'apikey', { actor: 'owner@example.com', action: 'apikey.create', target: 'Inventory sync' })).toBe(true);
  });

  it('refuses a key without a name or scopes: 400 with both errors, what was typed kept', async () => {
    const res = await admin.postForm('/config/api-keys', { intent: 'create', name: '   ' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Enter a name for the key.');
    expect(html).toContain('Choose at least one scope.');
    const again = await admin.postForm('/config/api-keys', { intent: 'create', name: 'Kept name' });
    const kept = await again.text();
    expect(kept).toMatch(/id="f-name"[^>]*value="Kept name"/);
    expect(kept).not.toContain('new-key');
  });

  it('a viewer cannot open the API keys screen (403)', async () => {
    const { visitor } = await visitorWithRole(admin, 10);
    expect((await visitor.get('/config/api-keys')).status).toBe(403);
    expect((await visitor.postForm('/config/api-keys', { intent: 'create', name: 'x', scope_settings_read: 'on' })).status).toBe(403);
  });
});

/** The owner id of the member with `email`, from the members screen's row. */
async function memberId(email: string): Promise<string> {
  const html = await (await admin.get('/config/members')).text();
  const id = new RegExp(`name="ownerId" value="([^"]+)"/><input type="hidden" name="email" value="${email.replace(/[.]/g, '\\.')}"`).exec(
    html,
  )?.[1];
  expect(id, `member ${email}`).toBeDefined();
  return id!;
}

describe('a key acts for the member who made it', () => {
  it('stops working when its maker is removed from the site; the list shows who made it', async () => {
    const { visitor: manager, email } = await visitorWithRole(admin, 15);
    const { key } = await createKey('Made by a manager', ['settings.read', 'settings.write'], manager);
    expect((await program(`${PREFS}/by-manager`, key, 'PUT', { v: 1 })).status).toBe(200);

    const ownerId = await memberId(email);
    expect((await admin.postForm('/config/members', { intent: 'remove', ownerId, email })).status).toBe(200);
    const put = await program(`${PREFS}/by-manager`, key, 'PUT', { v: 2 });
    expect(put.status).toBe(401);
    expect(await put.json()).toEqual({
      error: 'This API key no longer works: the member who made it is no longer a member of this site.',
    });
    expect((await program(`${PREFS}/by-manager`, key)).status).toBe(401);
    // The seen case: the languages endpoint (its body left invalid, so a pass would be a 400 that changes nothing).
    expect((await program('/api/multilingual/languages', key, 'PUT', { languages: 'none' })).status).toBe(401);
    // Nothing was written by the refused PUT.
    expect(await (await admin.get(`${PREFS}/by-manager`)).json()).toEqual({ v: 1, websiteId: 'saltgrass' });
    // The list says who made it, and that it no longer works.
    const after = row(strip(await (await admin.get('/config/api-keys')).text()), key.slice(0, 10));
    expect(after).toContain(
      `<td data-created-by="true">${email} <span class="badge warn">No longer a member: the key does not work</span></td>`,
    );
  });

  it('does only what its maker may do now: a maker made a viewer can read with it, not write', async () => {
    const { visitor: manager, email } = await visitorWithRole(admin, 15);
    const { key } = await createKey('Manager turned viewer', ['settings.read', 'settings.write'], manager);
    expect((await program(`${PREFS}/by-viewer`, key, 'PUT', { v: 1 })).status).toBe(200);
    const ownerId = await memberId(email);
    expect((await admin.postForm('/config/members', { intent: 'role', ownerId, email, roleId: '10' })).status).toBe(200);
    const put = await program(`${PREFS}/by-viewer`, key, 'PUT', { v: 2 });
    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({
      error: 'This API key may no longer do this: the role of the member who made it does not allow it.',
    });
    const get = await program(`${PREFS}/by-viewer`, key);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ v: 1, websiteId: 'saltgrass' });
    // Still a member: the list names the maker without a warning.
    const listed = row(strip(await (await admin.get('/config/api-keys')).text()), key.slice(0, 10));
    expect(listed).toContain(`<td data-created-by="true">${email}</td>`);
  });
});

describe('commerce preferences', () => {
  it('round-trips a namespace with the owner session, answered with the site id', async () => {
    const empty = await admin.get(`${PREFS}/owner-test`);
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toContain('application/json');
    expect(await empty.json()).toEqual({ websiteId: 'saltgrass' });
    const put = await admin.json(`${PREFS}/owner-test`, { giftWrap: true, note: { max: 3, tags: ['a', 'b'] }, websiteId: 'other' }, 'PUT');
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ giftWrap: true, note: { max: 3, tags: ['a', 'b'] }, websiteId: 'saltgrass' });
    expect(await (await admin.get(`${PREFS}/owner-test`)).json()).toEqual({
      giftWrap: true,
      note: { max: 3, tags: ['a', 'b'] },
      websiteId: 'saltgrass',
    });
    // PUT replaces the whole object; other namespaces are untouched.
    await admin.json(`${PREFS}/other-ns`, { x: 1 }, 'PUT');
    expect((await admin.json(`${PREFS}/owner-test`, { giftWrap: false }, 'PUT')).status).toBe(200);
    expect(await (await admin.get(`${PREFS}/owner-test`)).json()).toEqual({ giftWrap: false, websiteId: 'saltgrass' });
    expect(await (await admin.get(`${PREFS}/other-ns`)).json()).toEqual({ x: 1, websiteId: 'saltgrass' });
    expect(
      await auditHas(admin, 'settings', {
        actor: 'owner@example.com',
        action: 'settings.update',
        target: 'commerce-preferences/owner-test',
      }),
    ).toBe(true);
  });

  it('refuses a bad namespace, a body that is not an object or over 16 KB (400 JSON), and other methods (405)', async () => {
    for (const ns of ['Upper', '9lives', 'a'.repeat(41), 'under_score']) {
      const res = await admin.get(`${PREFS}/${ns}`);
      expect(res.status, ns).toBe(400);
      expect((await res.json()).error).toMatch(/^A namespace is/);
    }
    const arr = await admin.json(`${PREFS}/ok`, [1, 2], 'PUT');
    expect(arr.status).toBe(400);
    expect(await arr.json()).toEqual({ error: 'Send a JSON object.' });
    const big = await admin.json(`${PREFS}/ok`, { blob: 'x'.repeat(17 * 1024) }, 'PUT');
    expect(big.status).toBe(400);
    expect(await big.json()).toEqual({ error: 'The object is larger than 16 KB.' });
    const broken = await admin.json(`${PREFS}/ok`, '{"a":', 'PUT');
    expect(broken.status).toBe(400);
    const nul = await admin.json(`${PREFS}/ok`, '{"a":"\\u0000"}', 'PUT');
    expect(nul.status).toBe(400);
    const post = await admin.json(`${PREFS}/ok`, { a: 1 }, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, PUT');
  });

  it('takes a Bearer key with the scope (no cookie, no Origin); the list then shows when it was last used', async () => {
    const { key } = await createKey('Prefs client', ['settings.read', 'settings.write']);
    const put = await program(`${PREFS}/from-key`, key, 'PUT', { source: 'key' });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(await put.json()).toEqual({ source: 'key', websiteId: 'saltgrass' });
    const get = await program(`${PREFS}/from-key`, key);
    expect(get.status).toBe(200);
    expect(await get.json()).toEqual({ source: 'key', websiteId: 'saltgrass' });
    const r = row(strip(await (await admin.get('/config/api-keys')).text()), key.slice(0, 10));
    expect(r).toMatch(/<td data-last-used="true"><time dateTime="\d{4}-\d\d-\d\dT[^"]+">[^<]+ UTC<\/time><\/td>/);
    expect(
      await auditHas(admin, 'settings', {
        actor: 'API key Prefs client',
        action: 'settings.update',
        target: 'commerce-preferences/from-key',
      }),
    ).toBe(true);
  });

  it('is a 401 without credentials or with an unknown key, a 403 for a key without the scope', async () => {
    const anon = await new Visitor().get(`${PREFS}/x`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'Please sign in to continue.' });
    const anonPut = await new Visitor().json(`${PREFS}/x`, { a: 1 }, 'PUT');
    expect(anonPut.status).toBe(401);
    const unknown = await new Visitor().get(`${PREFS}/x`, bearer('sk_not-a-real-key'));
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ error: 'This API key is not valid, or it has been revoked.' });

    const { key } = await createKey('Pages only', ['pages.read']);
    const read = await new Visitor().get(`${PREFS}/x`, bearer(key));
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({ error: 'This API key does not have the scope this request needs.' });
    const readOnly = await createKey('Read only', ['settings.read']);
    expect((await new Visitor().get(`${PREFS}/x`, bearer(readOnly.key))).status).toBe(200);
    const write = await new Visitor().json(`${PREFS}/x`, { a: 1 }, 'PUT', bearer(readOnly.key));
    expect(write.status).toBe(403);
    expect((await new Visitor().get('/api/commondata/GetSiteLayout', bearer(key))).status).toBe(200);
  });

  it('reads the back-in-stock sign-ups with the forms.read scope, and only with it', async () => {
    const groups = '/api/site-users/account/notifications/restock/groups';
    const { key } = await createKey('Restock reader', ['forms.read']);
    const ok = await new Visitor().get(groups, bearer(key));
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toMatchObject({ signUpGroups: expect.any(Array), hasNextPage: expect.any(Boolean) });
    const other = await createKey('Orders reader', ['orders.read']);
    expect((await new Visitor().get(groups, bearer(other.key))).status).toBe(403);
  });

  it('a revoked key is a 401; revoking is in the list and the audit log', async () => {
    const { key } = await createKey('Short lived', ['settings.read']);
    expect((await new Visitor().get(`${PREFS}/x`, bearer(key))).status).toBe(200);
    const list = strip(await (await admin.get('/config/api-keys')).text());
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(row(list, key.slice(0, 10)))?.[1];
    expect(id).toBeDefined();
    const revoked = await admin.postForm('/config/api-keys', { intent: 'revoke', id: id! });
    expect(revoked.status).toBe(200);
    expect(strip(await revoked.text())).toContain('API key Short lived revoked.');
    const res = await new Visitor().get(`${PREFS}/x`, bearer(key));
    expect(res.status).toBe(401);
    const after = row(strip(await (await admin.get('/config/api-keys?state=revoked')).text()), key.slice(0, 10));
    expect(after).toContain('Revoked');
    expect(after).not.toContain('name="intent" value="revoke"');
    expect((await admin.postForm('/config/api-keys', { intent: 'revoke', id: id! })).status).toBe(404);
    expect(await auditHas(admin, 'apikey', { actor: 'owner@example.com', action: 'apikey.revoke', target: 'Short lived' })).toBe(true);
  });

  it('a viewer may read but not PUT (403)', async () => {
    const { visitor } = await visitorWithRole(admin, 10);
    expect((await visitor.get(`${PREFS}/owner-test`)).status).toBe(200);
    const put = await visitor.json(`${PREFS}/owner-test`, { a: 1 }, 'PUT');
    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({ error: 'Your role on this site does not allow this.' });
    expect((await visitor.json('/api/site-header-footer', { header: {}, footer: {} }, 'PUT')).status).toBe(403);
  });
});

describe('site header and footer', () => {
  it('round-trips the header and footer objects; anything else is a 400', async () => {
    const first = await admin.get('/api/site-header-footer');
    expect(first.status).toBe(200);
    expect(Object.keys(await first.json()).sort()).toEqual(['footer', 'header']);
    const value = { header: { layout: 'centered', showCart: true }, footer: { text: 'Made by the sea', columns: [1, 2] } };
    const put = await admin.json('/api/site-header-footer', value, 'PUT');
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(value);
    expect(await (await admin.get('/api/site-header-footer')).json()).toEqual(value);
    const bad = await admin.json('/api/site-header-footer', { header: 'x', footer: {} }, 'PUT');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Send a JSON object with a header object and a footer object.' });
    expect((await new Visitor().get('/api/site-header-footer')).status).toBe(401);
  });
});

describe('GetSiteLayout', () => {
  it("gives the demo's main navigation first, each link its collection's id, with children and member area", async () => {
    const res = await admin.get('/api/commondata/GetSiteLayout');
    expect(res.status).toBe(200);
    const { layout } = (await res.json()) as {
      layout: { identifier: string; links: { title: string; collectionId: string | null; externalLink: string | null }[] }[];
    };
    expect(layout[0].identifier).toBe('mainNavigation');
    expect(layout[0].links.slice(0, 6)).toEqual([
      { title: 'Shop', collectionId: 'col-shop', externalLink: null, memberAreaId: null, children: [] },
      { title: 'Classes', collectionId: 'col-workshops', externalLink: null, memberAreaId: null, children: [] },
      { title: 'Journal', collectionId: 'col-journal', externalLink: null, memberAreaId: null, children: [] },
      { title: 'Events', collectionId: 'col-events', externalLink: null, memberAreaId: null, children: [] },
      { title: 'About', collectionId: 'col-about', externalLink: null, memberAreaId: null, children: [] },
      { title: 'Contact', collectionId: 'col-contact', externalLink: null, memberAreaId: null, children: [] },
    ]);
    const footer = layout.find((l) => l.identifier === 'footerNavigation');
    expect(footer?.links.find((l) => l.title === 'Search')).toMatchObject({ collectionId: null, externalLink: '/search' });
    expect((await new Visitor().get('/api/commondata/GetSiteLayout')).status).toBe(401);
  });
});
