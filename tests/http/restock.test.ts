// Back-in-stock sign-ups through the built server: the shopper's JSON API (every text), the product
// page's form without JavaScript (303 back with the answer, the address kept on an error), and the
// owner's calls (lists for forms.read, sending for products.write only); and, on a server of its
// own, the Settings screen's Back in stock section (settings.write; a viewer is refused): the site's
// CAPTCHA on the form (SPEC 3 and 5: the forms' self-hosted one, ADR 0034), then the form's texts
// (SPEC 3 restockNotificationMessages) on the product page, with JavaScript's API and without.
import fs from 'node:fs';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Visitor } from './support/client.js';
import { OwnStore } from './support/own-store.js';
import { formFields, withField } from './support/form-fields.js';
import { adminVisitor, auditHas, visitorWithRole } from './support/owner.js';
import { ROLES } from '../../app/auth/roles.js';
import { scaled } from '../support/time-scale.js';

const API = '/api/site-users/account/notifications/restock';
const TEAPOT = '/shop/p/harbour-teapot';

async function restockForm(v: Visitor, path: string) {
  const html = await (await v.get(path)).text();
  const m = /<div class="product-restock-notification" data-product-id="([^"]+)" data-variant-id="([^"]+)"[^>]*>/.exec(html);
  expect(m, `${path} shows a restock form`).not.toBeNull();
  return { html, tag: m![0], productId: m![1], variantId: m![2] };
}

describe('restock sign-ups over HTTP', () => {
  it('shows the form for a sold-out variant, posting to the page, with the join-mailing-list box (the demo site has its Newsletter list)', async () => {
    const v = new Visitor();
    const f = await restockForm(v, TEAPOT);
    expect(f.tag).not.toContain(' hidden');
    expect(f.html).toMatch(new RegExp(`<form class="product-restock-form" id="[^"]+" action="${TEAPOT}" method="post"`));
    expect(f.html).toContain('name="isJoinMailingList"');
    // Its button is one of the theme's buttons (issue 33: it had the browser's own look).
    expect(f.html).toContain('<input class="sqs-editable-button button" type="submit" value="Notify me">');
    // A product with every variant in stock has none.
    expect(await (await v.get('/shop/p/driftwood-dinner-plate')).text()).not.toContain('product-restock-notification');
  });

  it('answers the JSON sign-up with the spec texts', async () => {
    const v = new Visitor();
    const { productId, variantId } = await restockForm(v, TEAPOT);
    const post = (email: string, extra: Record<string, unknown> = {}) =>
      v.json(API, {
        productId,
        variantId,
        siteVisitorEmail: { email },
        isJoinMailingList: false,
        recaptchaEnterpriseV3Token: null,
        ...extra,
      });
    const blank = await post('');
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ error: 'Email cannot be blank' });
    expect(await (await post('nobody')).json()).toEqual({ error: 'Email is invalid' });
    const ok = await post('http-json@example.com', { language: 'en' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: 'Signed up!' });
    // A repeat is accepted (one row stays).
    expect((await post('HTTP-json@example.com')).status).toBe(200);
    const unknown = await post('a@example.com', { variantId: 'nope' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toEqual(expect.any(String));
    const bad = await v.json(API, '{not json');
    expect(bad.status).toBe(400);
  });

  it('signs up without JavaScript: 303 back, the answer in the form place, the address kept on an error', async () => {
    const v = new Visitor();
    const { productId, variantId } = await restockForm(v, TEAPOT);
    const bad = await v.postForm(TEAPOT, { _action: 'restock', productId, variantId, email: 'not an email' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe(TEAPOT);
    const shown = await (await v.get(TEAPOT)).text();
    expect(shown).toContain('Email is invalid');
    expect(shown).toContain('value="not an email"');
    // Shown once.
    expect(await (await v.get(TEAPOT)).text()).not.toContain('Email is invalid');
    const ok = await v.postForm(TEAPOT, { _action: 'restock', productId, variantId, email: 'nojs@example.com' });
    expect(ok.status).toBe(303);
    const done = await (await v.get(TEAPOT)).text();
    expect(done).toContain('Signed up!');
    expect(done).not.toContain('<form class="product-restock-form"');
  });

  it('lets owners list sign-ups, and only products.write send (a sold-out variant is refused with why)', async () => {
    const shopper = new Visitor();
    const { productId, variantId } = await restockForm(shopper, TEAPOT);
    await shopper.json(API, { productId, variantId, siteVisitorEmail: { email: 'owner-api@example.com' }, isJoinMailingList: false });

    expect((await new Visitor().get(`${API}/groups`)).status).toBe(401);
    const admin = await adminVisitor();
    const groups = await (await admin.get(`${API}/groups`)).json();
    expect(groups).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const g = groups.signUpGroups.find((x: { variantId: string }) => x.variantId === variantId);
    expect(g).toMatchObject({ productId, productName: 'Harbour Teapot', inStock: false });
    expect(g.waiting).toBeGreaterThan(0);
    const list = await (await admin.get(`${API}?productId=${productId}&variantId=${variantId}`)).json();
    expect(list.signUps.map((s: { email: string }) => s.email)).toContain('owner-api@example.com');
    expect((await admin.get(`${API}?productId=${productId}`)).status).toBe(400);

    const soldOut = await admin.json(`${API}/send`, { productId, variantId });
    expect(soldOut.status).toBe(409);
    expect((await soldOut.json()).error).toMatch(/sold out/);
    const all = await admin.json(`${API}/send/all`, { sendRequests: [{ productId, variantId }] });
    expect(all.status).toBe(202);
    expect((await all.json()).results[0]).toMatchObject({ ok: false });

    // An editor reads products but may not send.
    const { visitor: editor } = await visitorWithRole(admin, 4);
    expect((await editor.get(`${API}/groups`)).status).toBe(200);
    expect((await editor.json(`${API}/send`, { productId, variantId })).status).toBe(403);
    expect((await editor.json(`${API}/send/all`, { sendRequests: [{ productId, variantId }] })).status).toBe(403);
  });

  it('shows the owner screen with the waiting variant and why it cannot be sent yet', async () => {
    const admin = await adminVisitor();
    const res = await admin.get('/config/restock');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Harbour Teapot');
    expect(html).toContain('Sold out: can be sent once back in stock');
    const refused = await admin.postForm('/config/restock', { intent: 'send-all' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('No variant with shoppers waiting is in stock');
  });

  it('refuses a variant in stock, and sends a restocked variant notice once through the job', async () => {
    const shopper = new Visitor();
    const { productId, variantId } = await restockForm(shopper, '/shop/p/beachcomber-planter?Size=Large');
    const email = `sent-${Date.now().toString(36)}@example.com`;
    const signUp = () => shopper.json(API, { productId, variantId, siteVisitorEmail: { email }, isJoinMailingList: false });
    expect((await signUp()).status).toBe(200);
    const admin = await adminVisitor();
    const saved = await admin.postForm('/config/inventory', { 'rows[0].id': variantId, 'rows[0].was': '0:0', 'rows[0].qty': '3' });
    expect(saved.status).toBe(303);
    const refused = await signUp();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: 'This variant is in stock: add it to your cart instead.' });
    // The inventory panel offers to send.
    expect(await (await admin.get('/config/inventory')).text()).toContain('Back in stock, shoppers waiting');
    const sent = await admin.json(`${API}/send`, { productId, variantId });
    expect(sent.status).toBe(202);
    const dir = path.join(inject('dataDir'), 'outbox');
    const mails = () =>
      (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter(
        (f) => f.includes('-restock-') && fs.readFileSync(path.join(dir, f), 'utf8').includes(`To: ${email}`),
      );
    await expect.poll(() => mails().length, { timeout: scaled(15_000) }).toBe(1);
    // Nobody waits any more: a second send is refused, and nothing more is written.
    expect((await admin.json(`${API}/send`, { productId, variantId })).status).toBe(409);
    expect(mails()).toHaveLength(1);
  });
});

describe("the Back in stock settings (own server: its owner turns on the CAPTCHA, then sets the form's texts)", () => {
  const store = new OwnStore();
  const url = () => store.url();
  const CAPTCHA_TEXT = 'Complete CAPTCHA before submitting.';
  const BOX = /<input type="checkbox" id="f-restockCaptcha" name="restockCaptcha"[^>]*>/;

  beforeAll(async () => {
    await store.start();
  });
  afterAll(async () => {
    await store.dispose();
  });

  it("is the Settings screen's Back in stock section: off at first, a viewer may not change it, the owner turns it on", async () => {
    const admin = await adminVisitor(url);
    const settings = await (await admin.get('/config/settings')).text();
    expect(settings).toContain('<h2 id="restock-h">Back in stock</h2>');
    expect(BOX.exec(settings)?.[0]).not.toContain('checked');
    expect(await (await admin.get('/config/restock')).text()).toContain('Sign-ups do not ask for a CAPTCHA.');
    // Off, the product page has no CAPTCHA area.
    expect((await restockForm(new Visitor(url), TEAPOT)).html).not.toContain('captcha-container');

    // A viewer sees the box, disabled, and a post of it is refused.
    const { visitor: viewer } = await visitorWithRole(admin, 10, { base: url, dataDir: store.dataDir });
    expect(await (await viewer.get('/config/settings')).text()).toMatch(BOX);
    expect((await viewer.postForm('/config/settings', { intent: 'restock', restockCaptcha: 'on' })).status).toBe(403);
    // Without the CSRF origin the owner's post is refused too.
    const forged = await admin.postForm(
      '/config/settings',
      { intent: 'restock', restockCaptcha: 'on' },
      { Origin: 'https://evil.example' },
    );
    expect(forged.status).toBe(403);
    expect(BOX.exec(await (await admin.get('/config/settings')).text())?.[0]).not.toContain('checked');

    // What a browser without JavaScript sends: the section's own form, its hidden fields and the box.
    const section = /<form method="post" action="\/config\/settings" id="settings-restock"[\s\S]*?<\/form>/.exec(settings)?.[0] ?? '';
    expect(section).toMatch(BOX);
    expect(section).toMatch(/<button type="submit">Save (<!-- -->)?back in stock(<!-- -->)? settings<\/button>/);
    const hidden = Object.fromEntries(
      [...section.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(hidden.intent).toBe('restock');
    const saved = await admin.postForm('/config/settings', { ...hidden, restockCaptcha: 'on' });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/config/settings?saved=restock#restock');
    const after = await (await admin.get('/config/settings?saved=restock')).text();
    expect(after).toContain('Back in stock settings saved.');
    expect(BOX.exec(after)?.[0]).toContain('checked');
    expect(await (await admin.get('/config/restock')).text()).toContain('Sign-ups ask for a CAPTCHA.');
  });

  /** What the widget does in the browser: fetch a challenge, do the work, hand back the solution. */
  async function solved(v: Visitor): Promise<string> {
    const challenge = await (await v.get('/api/form/captcha')).json();
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  it('shows the captcha area inside the form, saying without JavaScript that it needs it', async () => {
    const f = await restockForm(new Visitor(url), TEAPOT);
    const form = /<form class="product-restock-form"[\s\S]*?<\/form>/.exec(f.html)?.[0] ?? '';
    expect(form).toContain(
      `<div class="form-captcha captcha-container" data-form-captcha="/api/form/captcha"><noscript><p>${CAPTCHA_TEXT} This form needs JavaScript.</p></noscript></div>`,
    );
    // Once: the engine's empty area outside the form is gone.
    expect(f.html.match(/captcha-container/g)).toHaveLength(1);
  });

  it('refuses a JSON sign-up without a solution or with a bad one, and takes a solved one once', async () => {
    const v = new Visitor(url);
    const { productId, variantId } = await restockForm(v, TEAPOT);
    const post = (token: string | null, email = 'captcha-json@example.com') =>
      v.json(API, { productId, variantId, siteVisitorEmail: { email }, isJoinMailingList: false, recaptchaEnterpriseV3Token: token });
    const missing = await post(null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: CAPTCHA_TEXT });
    const bad = await post(Buffer.from(JSON.stringify({ challenge: {}, solution: {} })).toString('base64'));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: CAPTCHA_TEXT });
    // The address's own text comes first.
    expect(await (await post(null, '')).json()).toEqual({ error: 'Email cannot be blank' });
    const token = await solved(v);
    const ok = await post(token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, message: 'Signed up!' });
    // A solution is good once.
    const again = await post(token);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: CAPTCHA_TEXT });
  });

  it('without JavaScript: refused with the CAPTCHA text, the address kept; taken with a solution', async () => {
    const v = new Visitor(url);
    const { productId, variantId } = await restockForm(v, TEAPOT);
    const form = { _action: 'restock', productId, variantId, email: 'captcha-nojs@example.com' };
    const missing = await v.postForm(TEAPOT, form);
    expect(missing.status).toBe(303);
    const refused = await (await v.get(TEAPOT)).text();
    expect(refused).toContain(`role="alert">${CAPTCHA_TEXT}</p>`);
    expect(refused).toContain('value="captcha-nojs@example.com"');
    expect((await v.postForm(TEAPOT, { ...form, altcha: 'not-a-solution' })).status).toBe(303);
    expect(await (await v.get(TEAPOT)).text()).toContain(`role="alert">${CAPTCHA_TEXT}</p>`);
    // The owner's list has the address only once a sign-up went through.
    const admin = await adminVisitor(url);
    const waiting = async () =>
      (await (await admin.get(`${API}?productId=${productId}&variantId=${variantId}`)).json()).signUps.map(
        (s: { email: string }) => s.email,
      );
    expect(await waiting()).not.toContain('captcha-nojs@example.com');
    expect((await v.postForm(TEAPOT, { ...form, altcha: await solved(v) })).status).toBe(303);
    const done = await (await v.get(TEAPOT)).text();
    expect(done).toContain('Signed up!');
    expect(done).not.toContain(CAPTCHA_TEXT);
    expect(await waiting()).toContain('captcha-nojs@example.com');
  });

  describe("the form's texts", () => {
    const FR_OAT = '/fr/boutique/p/saltmarsh-apron?Size=S%2FM&Color=Oat';
    const OWN = {
      CTAText: 'Gone for now <b>soon</b> & back',
      placeholderText: 'Your email',
      buttonText: 'Tell me',
      mailingListDescription: 'And send me the newsletter',
      successText: 'We will write the day it is back.',
    };
    const field = (html: string, name: string) => formFields(html, 'settings-restock').find(([k]) => k === name)?.[1];
    const control = (html: string, name: string) => new RegExp(`<input[^>]*id="f-${name}"[^>]*>`).exec(html)?.[0] ?? '';
    const errorOf = (html: string, name: string) => new RegExp(`<span class="error" id="f-${name}-error">([^<]*)</span>`).exec(html)?.[1];
    const openSection = async (v: Visitor) => formFields(await (await v.get('/config/settings')).text(), 'settings-restock');

    it('are empty fields showing their defaults; too long a text is refused at its field, what was typed kept', async () => {
      const admin = await adminVisitor(url);
      const html = await (await admin.get('/config/settings')).text();
      expect(control(html, 'buttonText')).toMatch(/value=""/);
      expect(control(html, 'buttonText')).toContain('placeholder="Notify me"');
      expect(control(html, 'buttonText')).toContain('maxLength="40"');
      expect(html).toContain('Default: Sold out. Get an email when it is back in stock.');
      expect(html).toContain('Default: Signed up!');

      const opened = await openSection(admin);
      const typed = withField(withField(opened, 'CTAText', 'x'.repeat(201)), 'buttonText', 'Typed, not saved');
      const res = await admin.postForm('/config/settings', typed);
      expect(res.status).toBe(400);
      const refused = await res.text();
      expect(refused).toContain('Update the missing or invalid information above.');
      expect(errorOf(refused, 'CTAText')).toBe('The sold-out text is at most 200 characters.');
      expect(control(refused, 'CTAText')).toContain('aria-invalid="true"');
      expect(field(refused, 'buttonText')).toBe('Typed, not saved');
      expect(field(await (await admin.get('/config/settings')).text(), 'buttonText')).toBe('');
      expect((await restockForm(new Visitor(url), TEAPOT)).html).toContain('value="Notify me"');
    });

    it('a role without settings.write may not set them (403)', async () => {
      const admin = await adminVisitor(url);
      const { visitor: editor } = await visitorWithRole(admin, ROLES.editor, { base: url, dataDir: store.dataDir });
      const res = await editor.postForm('/config/settings', { intent: 'restock', restockCaptcha: 'on', buttonText: 'Editor was here' });
      expect(res.status).toBe(403);
      expect((await restockForm(new Visitor(url), TEAPOT)).html).not.toContain('Editor was here');
    });

    it('saved, show on the product page as plain text, in every language, and the sign-up answers with the own text, with JavaScript and without', async () => {
      const admin = await adminVisitor(url);
      let post = await openSection(admin);
      for (const [k, v] of Object.entries(OWN)) post = withField(post, k, v);
      const saved = await admin.postForm('/config/settings', post);
      expect(saved.status, await saved.clone().text()).toBe(303);
      const after = await (await admin.get('/config/settings')).text();
      expect(field(after, 'CTAText')).toBe(OWN.CTAText);
      expect(field(after, 'successText')).toBe(OWN.successText);
      expect(await auditHas(admin, 'settings', { actor: 'owner@example.com', action: 'settings.update', target: 'Back in stock' })).toBe(
        true,
      );

      const v = new Visitor(url);
      const f = await restockForm(v, TEAPOT);
      expect(f.html).toContain('<span class="product-restock-cta">Gone for now &lt;b&gt;soon&lt;/b&gt; &amp; back</span>');
      expect(f.html).not.toContain('<b>soon');
      expect(f.html).toContain('placeholder="Your email"');
      expect(f.html).toContain('value="Tell me"');
      expect(f.html).toContain('And send me the newsletter');
      expect(f.tag).toContain(`data-success-text="${OWN.successText}"`);
      expect(f.html).not.toContain('Notify me');
      // A page in French shows the owner's texts too: they are the site's, in no one language.
      const fr = await (await new Visitor(url).get(FR_OAT)).text();
      expect(fr).toContain('value="Tell me"');

      // The JSON API (the island's) and the page post (no JavaScript) answer with the own text.
      const json = await v.json(API, {
        productId: f.productId,
        variantId: f.variantId,
        siteVisitorEmail: { email: 'own-text-json@example.com' },
        isJoinMailingList: false,
        recaptchaEnterpriseV3Token: await solved(v),
      });
      expect(await json.json()).toEqual({ ok: true, message: OWN.successText });
      const form = { _action: 'restock', productId: f.productId, variantId: f.variantId, email: 'own-text-nojs@example.com' };
      expect((await v.postForm(TEAPOT, { ...form, altcha: await solved(v) })).status).toBe(303);
      const done = await (await v.get(TEAPOT)).text();
      expect(done).toContain(`role="status">${OWN.successText}</p>`);
      expect(done).not.toContain('Signed up!');
    });

    it('a save over texts changed since the form was opened is a 409 that keeps what was typed', async () => {
      const ownerA = await adminVisitor(url);
      const { visitor: ownerB, email: emailB } = await visitorWithRole(ownerA, ROLES.admin, { base: url, dataDir: store.dataDir });
      const openedA = await openSection(ownerA);
      expect((await ownerB.postForm('/config/settings', withField(await openSection(ownerB), 'buttonText', 'Ping me'))).status).toBe(303);
      const res = await ownerA.postForm('/config/settings', withField(openedA, 'placeholderText', 'Mail address'));
      expect(res.status).toBe(409);
      const html = (await res.text()).replace(/<!-- -->/g, '');
      expect(html).toContain('Someone else changed this back in stock section of the settings after you opened it.');
      expect(html).toMatch(/data-conflict-theirs[^>]*>Changed since you opened it: Button text\.</);
      expect(html).toContain(emailB);
      expect(field(html, 'placeholderText')).toBe('Mail address');
      const now = await (await ownerA.get('/config/settings')).text();
      expect(field(now, 'placeholderText')).toBe(OWN.placeholderText);
      expect(field(now, 'buttonText')).toBe('Ping me');
    });

    it("emptied, are the defaults again, in the page's language: the answer to a sign-up too", async () => {
      const admin = await adminVisitor(url);
      let post = await openSection(admin);
      for (const k of Object.keys(OWN)) post = withField(post, k, ' ');
      expect((await admin.postForm('/config/settings', post)).status).toBe(303);
      const f = await restockForm(new Visitor(url), TEAPOT);
      expect(f.html).toContain('value="Notify me"');
      expect(f.html).toContain('Sold out. Get an email when it is back in stock.');
      expect(f.tag).toContain('data-success-text=""');
      const shopper = new Visitor(url);
      const fr = await restockForm(shopper, FR_OAT);
      expect(fr.html).toContain('value="Me prévenir"');
      expect(fr.html).toContain('placeholder="Adresse e-mail"');
      // Signed up without JavaScript on the French page: the answer is the French default too.
      const form = { _action: 'restock', productId: fr.productId, variantId: fr.variantId, email: 'fr-nojs@example.com' };
      expect((await shopper.postForm(FR_OAT, { ...form, altcha: await solved(shopper) })).status).toBe(303);
      const done = await (await shopper.get(FR_OAT)).text();
      expect(done).toContain('role="status">C’est noté !</p>');
      expect(done).not.toContain('Signed up!');
    });
  });
});
