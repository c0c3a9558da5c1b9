// Popups, splash and tweaks through the built server (issue 16), on a server of this file's own (the
// splash and the popup would change every page of the suite's shared demo site): the tweak screen
// saves with design.write only; the popup's markup is on pages it may be on and absent elsewhere;
// its newsletter form works by plain POST to /popup, its post-submit HTML shown (sanitised) once
// sent, its built-in texts in a French page's language; the splash page comes before the home page once per session; the newsletter unsubscribe
// link works with one click, with a valid token only.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailSoon } from '../support/eml.js';
import { Visitor } from './support/client.js';
import { adminVisitor, visitorWithRole } from './support/owner.js';
import { OwnStore } from './support/own-store.js';
import { scaled } from '../support/time-scale.js';

const store = new OwnStore({ TRUST_PROXY: '1' });
let admin: Visitor;
const at = () => new Visitor(() => store.url());

beforeAll(async () => {
  await store.start();
  admin = await adminVisitor(() => store.url());
}, scaled(120_000));
afterAll(async () => {
  await store.dispose();
});

const POPUP = {
  enabled: 'on',
  title: 'Ten percent off',
  text: 'Join the list.\n\nNo spam.',
  position: 'bottom-right',
  trigger: 'scroll',
  delaySeconds: '3',
  scrollPercent: '40',
  formId: 'form-contact',
  closeLabel: 'No thanks',
};

/** An HTML attribute's value as the browser reads it (React escapes these five). */
const attr = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The popup's markup in a document, from <dialog> to its end ('' when none). */
function dialogOf(html: string): string {
  const start = html.indexOf('<dialog open class="site-popup"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</dialog>', start) + '</dialog>'.length);
}

/** The lock screen's section in a document (the element carrying data-access-page). */
function lockSectionOf(html: string): string {
  const start = html.lastIndexOf('<section', html.indexOf('data-access-page'));
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start) + '</section>'.length);
}

const mailSoon = (address: string) => outboxMailSoon(path.join(store.dataDir, 'outbox'), address);

describe('the tweak screens', () => {
  it('show a form per tweak type with its preview', async () => {
    for (const type of ['splash-page', 'lock-screen', 'popup-overlay', 'checkout', 'style', 'sso-page']) {
      const res = await admin.get(`/config/tweaks/${type}`);
      expect(res.status, type).toBe(200);
      const html = await res.text();
      expect(html, type).toMatch(/<iframe[^>]*title="Preview"[^>]*sandbox=""/);
      expect(html, type).toContain('<button type="submit">Save</button>');
    }
    expect((await admin.get('/config/tweaks/nothing')).status).toBe(404);
  });

  it('refuse a save without design.write (403) and keep what was typed on bad input', async () => {
    const { visitor: viewer } = await visitorWithRole(admin, 10, { base: () => store.url(), dataDir: store.dataDir });
    expect((await viewer.get('/config/tweaks/popup-overlay')).status).toBe(200);
    expect((await viewer.postForm('/config/tweaks/popup-overlay', POPUP)).status).toBe(403);
    const bad = await admin.postForm('/config/tweaks/popup-overlay', { ...POPUP, delaySeconds: 'soon', title: 'Typed title' });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain('Update the missing or invalid information above.');
    expect(html).toContain('Enter a whole number from 0 to 600.');
    expect(html).toContain('value="Typed title"');
    const otherForm = await admin.postForm('/config/tweaks/popup-overlay', { ...POPUP, formId: 'form-of-someone-else' });
    expect(otherForm.status).toBe(400);
    expect(await otherForm.text()).toContain('Choose one of your forms, or none.');
  });
});

describe('the popup overlay', () => {
  it('is absent while off', async () => {
    expect(await (await at().get('/')).text()).not.toContain('data-popup');
  });

  it('once saved, is at the end of content pages as a non-modal region with its newsletter form', async () => {
    const saved = await admin.postForm('/config/tweaks/popup-overlay', POPUP);
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/config/tweaks/popup-overlay?saved=1');
    for (const p of ['/', '/shop', '/about']) {
      const html = await (await at().get(p)).text();
      expect(html, p).toMatch(/<dialog open class="site-popup"[^>]*data-popup[^>]*data-popup-version="1"[^>]*data-popup-trigger="scroll"/);
      expect(html, p).toContain('data-popup-position="bottom-right"');
      expect(html, p).toContain('<h2 id="site-popup-title">Ten percent off</h2>');
      expect(html, p).toContain('<p>Join the list.</p><p>No spam.</p>');
      // Its close button needs no script; its form posts to /popup, back to this page after.
      expect(html, p).toContain(
        '<form method="dialog" class="site-popup-close"><button type="submit" data-popup-close>No thanks</button></form>',
      );
      expect(html, p).toContain(`action="/popup?return=${encodeURIComponent(p)}#form-popup"`);
      // At the end of the page: nothing of the page comes after it.
      expect(html.indexOf('</dialog>', html.indexOf('data-popup'))).toBeGreaterThan(html.lastIndexOf('</footer>'));
    }
  });

  it("speaks the French page's language: its form's built-in labels in French, the English page's as they were", async () => {
    const fr = dialogOf(await (await at().get('/fr/')).text());
    expect(fr).toContain('action="/popup?return=%2Ffr%2F#form-popup"');
    expect(fr).toContain('>Prénom</label>');
    expect(fr).toContain('>Laisser vide</label>');
    expect(fr).not.toMatch(/First Name|Last Name|Leave this empty/);
    const en = dialogOf(await (await at().get('/')).text());
    expect(en).toContain('>First Name</label>');
    expect(en).toContain('>Leave this empty</label>');
  });

  it("is in the tweak screen's preview as the live page has it, its whole form included", async () => {
    // Issue 33: the preview showed a stand-in Email/Sign up form instead of the Contact form.
    const live = dialogOf(await (await at().get('/')).text());
    expect(live).toContain('data-form-id="form-contact"');
    const screen = await (await admin.get('/config/tweaks/popup-overlay')).text();
    const srcdoc = /<iframe[^>]*\ssrcdoc="([^"]*)"/i.exec(screen);
    expect(srcdoc).not.toBeNull();
    expect(dialogOf(attr(srcdoc![1]))).toBe(live);
  });

  it('is never on checkout, the cart-free pages of its own, or a missing page', async () => {
    for (const p of ['/checkout', '/popup', '/newsletter/unsubscribe?token=x', '/no-such-page']) {
      const html = await (await at().get(p)).text();
      expect(html, p).not.toContain('data-popup ');
    }
  });

  it('takes its newsletter form by plain POST: errors keep what was typed; success thanks and links back', async () => {
    const v = at();
    const bad = await v.postForm('/popup?return=%2Fshop', [
      ['_formBlock', 'popup'],
      ['contact_fax', ''],
      ['name.first', 'Grace'],
      ['name.last', 'Hopper'],
      ['email', 'not-an-email'],
      ['message', 'Hello'],
    ]);
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('Email is not valid.');
    expect(page).toContain('value="Grace"');
    const email = `popup-${Date.now()}@example.com`;
    const ok = await v.postForm('/popup?return=%2Fshop', [
      ['_formBlock', 'popup'],
      ['contact_fax', ''],
      ['name.first', 'Grace'],
      ['name.last', 'Hopper'],
      ['email', email],
      ['message', 'Hello'],
      ['newsletter', 'Join our newsletter'],
    ]);
    expect(ok.status).toBe(303);
    const to = ok.headers.get('location')!;
    expect(to).toBe('/popup?return=%2Fshop&formSent=popup#form-popup');
    const thanks = await (await v.get(to)).text();
    expect(thanks).toMatch(/data-form-success tabindex="-1" role="status">/);
    expect(thanks).not.toMatch(/data-form-success tabindex="-1" role="status" hidden/);
    expect(thanks).toContain('<a href="/shop" data-popup-back>Back to the site</a>');
    // The newsletter confirmation carries the unsubscribe link and its List-Unsubscribe headers.
    const mail = await mailSoon(email);
    expect(mail).toMatch(/List-Unsubscribe:\s+<http[^>]+\/newsletter\/unsubscribe\?token=[\w-]+>/);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it("shows the form's post-submit HTML, sanitised as a page's form block has it, once sent (issue 30)", async () => {
    const saved = await admin.postForm('/config/forms/form-contact', {
      intent: 'save-advanced',
      redirectUrl: '',
      submissionText: 'Thanks!',
      postSubmitHtml: '<p>Your code: <strong>TIDE10</strong></p><script>window.ran = 1</script><img src=x onerror="window.ran = 2">',
    });
    expect(saved.status).toBe(303);
    const clean = '<p>Your code: <strong>TIDE10</strong></p>';
    // Inert in the popup until the form is sent (the form island shows it then).
    expect(dialogOf(await (await at().get('/about')).text())).toContain(`<template data-form-post-submit>${clean}</template>`);
    const v = at();
    const ok = await v.postForm('/popup?return=%2Fabout', [
      ['_formBlock', 'popup'],
      ['contact_fax', ''],
      ['name.first', 'Ada'],
      ['name.last', 'Lovelace'],
      ['email', `popup-after-${Date.now()}@example.com`],
      ['message', 'Hello'],
    ]);
    expect(ok.status).toBe(303);
    const thanks = await (await v.get(ok.headers.get('location')!)).text();
    expect(thanks).toContain(`role="status">Thanks!</div><div class="form-post-submit" data-form-post-submit>${clean}</div>`);
    expect(thanks).not.toContain('window.ran');
    expect(thanks).not.toContain('onerror');
  });

  it('a "show it again" save makes a new version; a plain save keeps it', async () => {
    expect((await admin.postForm('/config/tweaks/popup-overlay', POPUP)).status).toBe(303);
    expect(await (await at().get('/about')).text()).toContain('data-popup-version="1"');
    expect((await admin.postForm('/config/tweaks/popup-overlay', { ...POPUP, newVersion: 'on' })).status).toBe(303);
    expect(await (await at().get('/about')).text()).toContain('data-popup-version="2"');
  });
});

describe('the lock screen tweak', () => {
  const TEXTS = { title: 'Closed for stocktaking', text: 'Ask us for the password.', passwordLabel: 'Shop password', buttonLabel: 'Open' };
  const previewPath = `/config/tweaks/lock-screen/preview?${new URLSearchParams(TEXTS)}`;

  it('is previewed as the theme renders a locked page, with the texts not yet saved', async () => {
    const res = await admin.get(previewPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const preview = await res.text();
    // The demo locks a page (/wholesale), not the site: the preview says what that page says
    // (issue 33: it said "This site is private").
    expect(preview).toMatch(/>This page is password protected<\/h1>/);
    expect(preview).not.toContain('This site is private');
    expect(preview).toMatch(/<link rel="stylesheet" href="\/theme\/[0-9a-f]{16}\.css">/);
    expect(preview).toContain('Shop password');
    // No scripts: the frame is sandboxed, and the theme's page needs none.
    expect(preview).not.toMatch(/<script/);

    const saved = await admin.postForm('/config/tweaks/lock-screen', TEXTS);
    expect(saved.status).toBe(303);
    const live = await at().get('/wholesale');
    expect(live.status).toBe(403);
    const section = lockSectionOf(preview);
    expect(section).toContain('data-access-form="unlock"');
    expect(section).toBe(lockSectionOf(await live.text()));
  });

  it('is shown by the tweak screen in its frame (the saved texts without JavaScript)', async () => {
    const html = await (await admin.get('/config/tweaks/lock-screen')).text();
    expect(html).toMatch(
      /<iframe[^>]*title="Preview"[^>]*sandbox=""[^>]*src="\/config\/tweaks\/lock-screen\/preview\?title=Closed\+for\+stocktaking&amp;/,
    );
  });

  it('is for owners only', async () => {
    const res = await at().get(previewPath);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/config\/sign-in\?/);
  });
});

describe('the checkout tweak', () => {
  it("sets the checkout page's heading and a note above its form", async () => {
    const saved = await admin.postForm('/config/tweaks/checkout', { heading: 'Pay <here>', note: 'We ship on Mondays.' });
    expect(saved.status).toBe(303);
    const html = await (await at().get('/checkout')).text();
    expect(html).toContain('<h1>Pay &lt;here&gt;</h1>');
    expect(html).toContain('<p class="checkout-note">We ship on Mondays.</p>');
  });
});

describe('the splash page', () => {
  // A person's browser: crawlers (and scripts such as fetch's "node") go straight to the home page.
  const BROWSER = { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' };
  it('comes before the home page once per session when on, and sends visitors in with a plain link', async () => {
    const v = at();
    expect((await v.get('/', BROWSER)).status).toBe(200);
    const saved = await admin.postForm('/config/tweaks/splash-page', {
      enabled: 'on',
      title: 'Saltgrass',
      text: 'Pottery from the coast.',
      enterLabel: 'Come in',
    });
    expect(saved.status).toBe(303);
    const first = await v.get('/', BROWSER);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/splash');
    expect(first.headers.get('cache-control')).toMatch(/no-store/);
    // A crawler gets the home page itself, never the splash.
    const crawled = await at().get('/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(crawled.status).toBe(200);
    expect(crawled.headers.get('vary')).toMatch(/User-Agent/);
    const splash = await v.get('/splash');
    expect(splash.status).toBe(200);
    expect(splash.headers.get('set-cookie')).toMatch(/^ss_splash=1; Path=\/; HttpOnly; SameSite=Lax$/);
    const html = await splash.text();
    expect(html).toContain('<h1>Saltgrass</h1>');
    expect(html).toContain('<a class="site-splash-enter" href="/" data-splash-enter>Come in</a>');
    expect(html).not.toContain('data-popup ');
    // The session cookie lets the home page through, and caches keep the two answers apart.
    const home = await v.get('/', BROWSER);
    expect(home.status).toBe(200);
    expect(home.headers.get('vary')).toMatch(/Cookie/);
    // Off again: no splash, and its address goes home.
    expect((await admin.postForm('/config/tweaks/splash-page', { title: 'Saltgrass' })).status).toBe(303);
    expect((await at().get('/', BROWSER)).status).toBe(200);
    expect((await at().get('/splash')).headers.get('location')).toBe('/');
  });
});

describe('newsletter unsubscribe (page type 300)', () => {
  it('one click on the link from the email unsubscribes; an invalid token does nothing', async () => {
    const v = at();
    const email = `unsub-${Date.now()}@example.com`;
    const joined = await v.postForm('/contact', [
      ['_formBlock', 'blk-contact-form'],
      ['contact_fax', ''],
      ['name.first', 'Ada'],
      ['name.last', 'Lovelace'],
      ['email', email],
      ['message', 'Hi'],
      ['newsletter', 'Join our newsletter'],
    ]);
    expect(joined.status).toBe(303);
    const link = /<(http[^>]+\/newsletter\/unsubscribe\?token=([\w-]+))>/.exec((await mailSoon(email)) ?? '');
    expect(link).not.toBeNull();
    const pathAndQuery = new URL(link![1]).pathname + new URL(link![1]).search;
    // A GET (a mail scanner, a link preview) only asks.
    const ask = await v.get(pathAndQuery);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('Unsubscribe from this mailing list?');
    // The mail client's one-click POST (RFC 8058), from no page of ours.
    const oneClick = await v.fetch(pathAndQuery, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: '' },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed from Newsletter.');
    const forged = await v.postForm('/newsletter/unsubscribe', { token: `${link![2].slice(0, -2)}xx` });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('This unsubscribe link is not valid.');
  });
});
