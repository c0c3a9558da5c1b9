// The rules of popups, splash and tweaks (issue 16) on PGlite and PostgreSQL: a site's tweaks read
// back with their defaults (migration 0027), a save keeps the popup's version unless the owner asks
// for a new one, and a new version shows the popup again to a browser that closed the old one
// (SPEC 9's keys); where the popup may be; the splash page once per browser session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.server.js';
import type { OwnerAccess } from '../../app/auth/permissions.server.js';
import { readTweaks } from '../../app/overlays/tweak-store.server.js';
import { saveTweak } from '../../app/config/tweaks.server.js';
import { popupAllowedOn, popupDue, popupHtml, POPUP_STORAGE_KEYS, scrolledPercent } from '../../app/overlays/popup.js';
import { splashDue, splashHtml } from '../../app/overlays/splash.js';
import { PopupTweak, readTweak, SplashTweak, StyleTweak } from '../../app/overlays/tweaks.js';
import { lockScreenPreviewUrl, tweakPreviewBody, tweakPreviewDocument } from '../../app/overlays/preview.js';
import { FormDefinition } from '../../app/forms/form-definition.js';
import { PageType } from '../../engine/ts/enums.js';
import { targets } from './support/databases.js';

describe.each(targets)('tweaks on $name', (target) => {
  let db: Db;
  let a: OwnerAccess;
  beforeAll(async () => {
    db = await target.open();
    await db.sql`insert into owner (id, email, password_hash) values ('own-tweaks', 'tweaks@example.com', 'not-a-hash')`;
    a = {
      sql: db.sql,
      site: { id: 'saltgrass', title: '', baseUrl: '', currency: 'USD', published: true },
      owner: { id: 'own-tweaks', email: 'tweaks@example.com' },
      actor: 'tweaks@example.com',
    } as unknown as OwnerAccess;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('reads every tweak type with its defaults when nothing is saved: popup and splash off, version 1', async () => {
    const t = await readTweaks(db.sql, 'saltgrass');
    expect(t['popup-overlay'].enabled).toBe(false);
    expect(t['popup-overlay'].version).toBe(1);
    expect(t['popup-overlay'].position).toBe('center-center');
    expect(t['splash-page'].enabled).toBe(false);
    expect(t['lock-screen'].buttonLabel).toBe('Unlock');
    expect(t.style.radius).toBe(8);
  });

  it('keeps the version on a plain save and bumps it on "show it again"; a closed popup shows again only then', async () => {
    const popup = PopupTweak.parse({ enabled: 'on', title: 'Hello', trigger: 'time', delaySeconds: '2' });
    expect(await saveTweak(a, 'popup-overlay', { ...popup, version: 1 })).toBe(1);
    expect(await saveTweak(a, 'popup-overlay', { ...popup, version: 1 })).toBe(1);
    const saved = (await readTweaks(db.sql, 'saltgrass'))['popup-overlay'];
    expect(saved).toMatchObject({ enabled: true, title: 'Hello', delaySeconds: 2, version: 1 });

    // This browser closed version 1.
    const closed = { dateClosed: '2026-11-26T10:00:00.000Z', version: '1', submitted: null };
    expect(popupDue(closed, saved.version)).toBe(false);

    expect(await saveTweak(a, 'popup-overlay', { ...popup, version: 1 }, true)).toBe(2);
    const bumped = (await readTweaks(db.sql, 'saltgrass'))['popup-overlay'];
    expect(bumped.version).toBe(2);
    expect(popupDue(closed, bumped.version)).toBe(true);
    const [audit] = await db.sql<{ action: string; target: string }[]>`
      select action, target from audit_log where owner_id = 'own-tweaks' order by id desc limit 1`;
    expect(audit).toEqual({ action: 'tweak.update', target: 'Popup overlay' });
  });

  it('keeps each site to its own tweaks', async () => {
    await saveTweak(a, 'splash-page', SplashTweak.parse({ enabled: 'on', title: 'Welcome' }));
    const [row] = await db.sql<{ n: number }[]>`select count(*)::int as n from site_tweak where website_id <> 'saltgrass'`;
    expect(row.n).toBe(0);
    expect((await readTweaks(db.sql, 'saltgrass'))['splash-page']).toMatchObject({ enabled: true, title: 'Welcome' });
  });

  it('reads a damaged stored row as the defaults, never failing a page', async () => {
    await db.sql`insert into site_tweak (website_id, type, settings) values ('saltgrass', 'style', '{"radius": "huge"}'::jsonb)
                 on conflict (website_id, type) do update set settings = excluded.settings`;
    expect((await readTweaks(db.sql, 'saltgrass')).style.radius).toBe(8);
  });
});

describe('the popup rules', () => {
  it('uses exactly the local storage keys of SPEC 9', () => {
    expect(Object.values(POPUP_STORAGE_KEYS)).toEqual(['date-closed', 'version', 'submitted']);
  });

  it('shows until closed or sent for this version', () => {
    const none = { dateClosed: null, version: null, submitted: null };
    expect(popupDue(none, 1)).toBe(true);
    expect(popupDue({ ...none, dateClosed: '2026-01-01T00:00:00Z', version: '3' }, 3)).toBe(false);
    expect(popupDue({ ...none, submitted: 'true', version: '3' }, 3)).toBe(false);
    expect(popupDue({ ...none, submitted: 'true', version: '3' }, 4)).toBe(true);
    // A version without a close (written by something else) does not hide it.
    expect(popupDue({ ...none, version: '3' }, 3)).toBe(true);
  });

  it('is never on /config, checkout, the lock screen and the pages of its own kind', () => {
    expect(popupAllowedOn(PageType.PAGE, '/about')).toBe(true);
    expect(popupAllowedOn(PageType.MAIN_CONTENT, '/')).toBe(true);
    expect(popupAllowedOn(PageType.CONTENT_ITEM, '/shop/p/mug')).toBe(true);
    expect(popupAllowedOn(PageType.PAGE, '/config')).toBe(false);
    expect(popupAllowedOn(PageType.PAGE, '/config/pages')).toBe(false);
    expect(popupAllowedOn(PageType.CHECKOUT, '/checkout')).toBe(false);
    expect(popupAllowedOn(PageType.LOCK_SCREEN, '/private')).toBe(false);
    expect(popupAllowedOn(PageType.SPLASH_PAGE, '/splash')).toBe(false);
    expect(popupAllowedOn(PageType.NEWSLETTER_UNSUBSCRIBE, '/newsletter/unsubscribe')).toBe(false);
  });

  it('counts a page that cannot scroll as scrolled to the end', () => {
    expect(scrolledPercent(0, 800, 800)).toBe(100);
    expect(scrolledPercent(100, 1200, 800)).toBe(25);
    expect(scrolledPercent(900, 1200, 800)).toBe(100);
  });

  it('places the popup on the 3x3 grid and escapes the owner texts', () => {
    const popup = { ...PopupTweak.parse({ enabled: 'on', title: '<b>Hi</b>', position: 'top-right' }), version: 7 };
    const html = popupHtml({ popup, style: readTweak('style', {}), formHtml: null });
    expect(html).toContain('data-popup-position="top-right"');
    expect(html).toContain('data-popup-version="7"');
    expect(html).toContain('&lt;b&gt;Hi&lt;/b&gt;');
    expect(html).not.toContain('<b>Hi</b>');
    // An unknown position falls back to the centre.
    expect(PopupTweak.parse({ position: 'middle' }).position).toBe('center-center');
  });
});

describe('the splash rule', () => {
  it('comes first only when on and not yet seen in this browser session', () => {
    expect(splashDue({ enabled: false }, null)).toBe(false);
    expect(splashDue({ enabled: true }, null)).toBe(true);
    expect(splashDue({ enabled: true }, 'a=1; ss_cvr=x')).toBe(true);
    expect(splashDue({ enabled: true }, 'a=1; ss_splash=1')).toBe(false);
    expect(splashDue({ enabled: true }, 'ss_splash=0')).toBe(true);
  });

  it('links home with a plain link (no JavaScript needed)', () => {
    const html = splashHtml(SplashTweak.parse({ enabled: 'on', enterLabel: 'Go' }), StyleTweak.parse({ accent: '#336699' }));
    expect(html).toContain('<a class="site-splash-enter" href="/" data-splash-enter>Go</a>');
    expect(html).toContain('--splash-accent:');
  });
});

describe('the tweak preview', () => {
  it("renders each tweak type's form values with the storefront's markup, escaped", () => {
    const definition = FormDefinition.parse({
      fields: [
        { id: 'email', title: 'Email', type: 'email' },
        { id: 'msg', title: 'Message', type: 'textarea' },
      ],
      settings: { submitLabel: 'Send' },
    });
    const values = { enabled: 'on', title: 'Hi <there>', position: 'top-left', formId: 'form-x' };
    const forms = [{ id: 'form-x', name: 'X', definition, postSubmitHtml: '<p>Code TIDE10</p>' }];
    const popup = tweakPreviewBody('popup-overlay', values, {}, { version: 3, forms });
    expect(popup).toContain('data-popup-position="top-left"');
    expect(popup).toContain('data-popup-version="3"');
    expect(popup).toContain('Hi &lt;there&gt;');
    // The owner's whole form, posting as from the home page (issue 33: a stand-in Email/Sign up form).
    expect(popup).toContain('action="/popup?return=%2F#form-popup"');
    expect(popup).toContain('data-form-id="form-x"');
    expect(popup).toContain('Message');
    expect(popup).toContain('Send');
    // Its post-submit HTML waits inert, as in the live popup.
    expect(popup).toContain('<template data-form-post-submit><p>Code TIDE10</p></template>');
    expect(tweakPreviewBody('popup-overlay', values, {})).not.toContain('<form method="post"');
    expect(tweakPreviewBody('splash-page', { title: 'Welcome', enterLabel: 'In' }, {})).toContain('data-splash-enter>In</a>');
    // The lock screen is rendered by the server through the theme: the frame's URL carries the texts.
    expect(lockScreenPreviewUrl({ buttonLabel: 'Open sesame' })).toBe(
      '/config/tweaks/lock-screen/preview?title=This+site+is+private&text=Enter+the+password+to+continue.&passwordLabel=Password&buttonLabel=Open+sesame',
    );
    expect(tweakPreviewBody('checkout', { heading: 'Pay', note: 'Soon' }, {})).toContain('<h1>Pay</h1><p>Soon</p>');
    expect(tweakPreviewBody('sso-page', { title: 'Staff' }, { radius: '12' })).toContain('--overlay-radius:12px');
    // Half-typed or bad values preview as the defaults rather than failing.
    expect(tweakPreviewBody('style', { radius: 'x', background: 'nope' }, {})).toContain('--popup-radius:8px');
    const doc = tweakPreviewDocument('<p>x</p>', '/theme/abc.css');
    expect(doc).toContain('<link rel="stylesheet" href="/theme/abc.css">');
  });
});
