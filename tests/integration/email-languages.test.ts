// Emails in the shopper's language (issue 16) on PGlite and PostgreSQL, on the demo site (English,
// and French under /fr/): which language an email takes (the account's while the site offers it,
// else the page's, else the default), and each email to shoppers and site users in French and in
// English: subject, body, money, dates, links, Content-Language and the HTML's lang.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEml, type ReadMail } from '../support/eml.js';

// The outbox lives in DATA_DIR: a folder of this file's own.
const dataDir = mkdtempSync(join(tmpdir(), 'storefront-email-languages-'));
process.env.DATA_DIR = dataDir;

const { accountLanguage, languageOfRequest, mailLanguage, requestLanguage } = await import('../../app/languages/email-language.server.js');
const { setSiteUserLanguage } = await import('../../app/languages/site-user-language.server.js');
const { createSiteUser } = await import('../../app/auth/site-user-store.server.js');
const { requestPasswordReset } = await import('../../app/auth/site-user-reset.server.js');
const { orderEmail } = await import('../../app/commerce/order-email.js');
const { restockSendJob, signUp } = await import('../../app/forms/restock.server.js');
const { submitForm } = await import('../../app/forms/submit.server.js');
const { runQueuedJobs, stopJobs } = await import('../../app/utils/jobs.server.js');
const { composedMail } = await import('../../app/utils/mail-queue.server.js');
const { targets } = await import('./support/databases.js');
type Db = Awaited<ReturnType<(typeof targets)[number]['open']>>;
type Order = Parameters<typeof orderEmail>[0];

const SITE = 'saltgrass';
const run = Math.random().toString(36).slice(2, 8);
let n = 0;
const address = (who: string) => `${who}-${run}-${n++}@example.com`;

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The mails written to `to` so far, read as a mail client would. */
function mailsTo(to: string, tag: string): ReadMail[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.includes(tag));
  } catch {
    return [];
  }
  return files.map((f) => readEml(readFileSync(join(dir, f), 'utf8'))).filter((m) => m.headers.to === to);
}

const order: Order = {
  id: 'o-1',
  orderNumber: 1001,
  orderNumberText: '#1001',
  purchasedCartId: 'c',
  email: 'ada@example.com',
  shippingAddress: null,
  shippingAddressLines: ['Ada Lovelace', '1 Main St', 'Halifax, NS B3H 1A1', 'Canada'],
  shippingMethod: { id: 'standard', label: 'Standard shipping' },
  taxBasisPoints: 1400,
  testMode: true,
  websiteId: SITE,
  currency: 'USD',
  // Evening in Halifax on the 26th is already the 27th in UTC: the store's time zone decides the day.
  created: '2026-11-27T01:30:00.000Z',
  subtotalCents: 123456,
  grandTotalCents: 142000,
  shippingTotalCents: 1200,
  taxTotalCents: 17344,
  subtotal: { currency: 'USD', value: '1234.56' },
  grandTotal: { currency: 'USD', value: '1420.00' },
  shippingTotal: { currency: 'USD', value: '12.00' },
  taxTotal: { currency: 'USD', value: '173.44' },
  giftCardPayments: [],
  amountDueCents: 142000,
  amountDue: { currency: 'USD', value: '1420.00' },
  items: [
    {
      sku: 'SG-GC',
      productName: 'Gift Card',
      quantity: 1,
      unitPriceCents: 123456,
      unitPrice: { currency: 'USD', value: '1234.56' },
      lineTotal: { currency: 'USD', value: '1234.56' },
      productType: 4,
      giftRecipientEmail: 'grace@example.com',
      giftMessage: 'Bonne fête',
      answers: [],
    },
  ],
};

describe.each(targets)('emails in the shopper language on $name', (target) => {
  let db: Db;
  beforeAll(async () => {
    db = await target.open({ seed: true });
    const langs = await db.sql<{ code: string }[]>`select code from website_language where website_id = ${SITE} order by code`;
    expect(langs.map((l) => l.code)).toEqual(['en', 'fr']);
  });
  afterAll(async () => {
    if (db) await stopJobs(db.sql);
    await db?.close();
  });

  it('takes the first language the site offers (the account, then the page), else the default', async () => {
    const fr = await mailLanguage(db.sql, SITE, [null, 'fr']);
    expect(fr).toMatchObject({ code: 'fr', locale: 'fr' });
    // The demo's French slugs (ADR 0019): links in the email are the pages' French addresses.
    expect(fr.path('/shop/p/tide-pool-mug')).toBe('/fr/boutique/p/tasse-flaque-de-maree');
    expect(fr.text('emailOrderSee', 'See your order')).toBe('Voir votre commande');
    // German is not one of the site's languages: the page's French comes next.
    expect((await mailLanguage(db.sql, SITE, ['de', 'fr-FR'])).code).toBe('fr');
    const en = await mailLanguage(db.sql, SITE, ['de', null, undefined]);
    expect(en).toMatchObject({ code: 'en', locale: 'en-US' });
    expect(en.path('/shop/p/tide-pool-mug')).toBe('/shop/p/tide-pool-mug');
    expect(en.text('emailOrderSee', 'See your order')).toBe('See your order');

    expect(await requestLanguage(db.sql, SITE, '/fr/contact?x=1')).toBe('fr');
    expect(await requestLanguage(db.sql, SITE, '/fr')).toBe('fr');
    expect(await requestLanguage(db.sql, SITE, '/french-press')).toBe('en');
    const post = (url: string, referer?: string) =>
      languageOfRequest(db.sql, SITE, new Request(url, { method: 'POST', headers: referer ? { Referer: referer } : {} }));
    expect(await post('http://shop.test/fr/shop/p/mug')).toBe('fr');
    expect(await post('http://shop.test/api/site-users/account/notifications/restock', 'http://shop.test/fr/shop/p/mug')).toBe('fr');
    expect(await post('http://shop.test/checkout', 'http://shop.test/checkout')).toBe('en');
    expect(await post('http://shop.test/checkout')).toBe('en');
  });

  it('uses the owner’s own wording for a language over the built-in one', async () => {
    await db.sql`
      update website set settings = settings || ${db.sql.json({ localizedStringsByLanguage: { fr: { emailOrderSee: 'Ma commande' } } })}
       where id = ${SITE}`;
    try {
      expect((await mailLanguage(db.sql, SITE, ['fr'])).text('emailOrderSee', 'See your order')).toBe('Ma commande');
    } finally {
      await db.sql`update website set settings = settings - 'localizedStringsByLanguage' where id = ${SITE}`;
    }
  });

  it('mails the password reset in the account’s language, and in the page’s when the account has none', async () => {
    const french = address('reset-fr');
    const english = address('reset-en');
    for (const e of [french, english]) {
      const r = await createSiteUser(db.sql, SITE, { email: e, name: 'Ada', password: 'a long enough password' });
      if (!r.ok) throw new Error('not created');
      if (e === french) await setSiteUserLanguage(db.sql, SITE, r.user.id, 'fr');
    }
    expect(await accountLanguage(db.sql, SITE, french.toUpperCase())).toBe('fr');
    const context = (page: string) => ({
      origin: 'http://shop.test',
      siteTitle: 'Saltgrass Studio',
      from: 'hello@saltgrass.example',
      languageFor: async (email: string) => mailLanguage(db.sql, SITE, [await accountLanguage(db.sql, SITE, email), page]),
    });
    // Asked from an English page: the account's French wins.
    expect(await requestPasswordReset(db.sql, SITE, french, context('en'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await runQueuedJobs(db.sql, composedMail)).toMatchObject({ ran: 1, failed: 0 });
    const [fr] = mailsTo(french, 'password-reset');
    expect(fr.subject).toBe('Choisissez un nouveau mot de passe pour Saltgrass Studio');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(fr.text).toContain(`Quelqu’un a demandé un nouveau mot de passe pour votre compte Saltgrass Studio (${french}).`);
    expect(fr.text).toMatch(/Choisir un nouveau mot de passe:\nhttp:\/\/shop\.test\/(fr\/)?account\/reset-password\?token=[\w-]{43}\n/);
    expect(fr.html).toContain('Le lien ne fonctionne qu’une fois, dans l’heure.');

    expect(await requestPasswordReset(db.sql, SITE, english, context('en'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await runQueuedJobs(db.sql, composedMail)).toMatchObject({ ran: 1, failed: 0 });
    const [en] = mailsTo(english, 'password-reset');
    expect(en.subject).toBe('Set a new password for Saltgrass Studio');
    expect(en.headers['content-language']).toBe('en');
    expect(en.html).toMatch(/^<!doctype html><html lang="en">/);
    expect(en.text).toMatch(/Set a new password:\nhttp:\/\/shop\.test\/account\/reset-password\?token=[\w-]{43}\n/);

    // The account without a language, asked from a French page: French.
    expect(await requestPasswordReset(db.sql, SITE, english, context('fr'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(await runQueuedJobs(db.sql, composedMail)).toMatchObject({ ran: 1, failed: 0 });
    expect(
      mailsTo(english, 'password-reset')
        .map((m) => m.headers['content-language'])
        .sort(),
    ).toEqual(['en', 'fr']);
  });

  it('writes the order confirmation with the language’s texts, money, date and links', async () => {
    const store = { name: 'Saltgrass Studio', contactEmail: 'hello@saltgrass.example', timeZone: 'America/Halifax' };
    const fr = await mailLanguage(db.sql, SITE, ['fr']);
    const m = orderEmail(order, store, `https://shop.example${fr.path('/order-confirmed/o-1?t=y')}`, fr);
    expect(m.language).toBe('fr');
    expect(m.subject).toBe('[TEST] Votre commande #1001 chez Saltgrass Studio est confirmée');
    // French money (a narrow no-break space groups thousands, a no-break space before the symbol).
    const money = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');
    for (const s of [
      'MODE TEST : aucun prestataire',
      'Merci pour votre commande #1001.',
      'Passée le 26 novembre 2026',
      '1 x Gift Card (SG-GC): 1 234,56 $US',
      'Carte cadeau pour grace@example.com, avec votre message : « Bonne fête »',
      'Sous-total: 1 234,56 $US',
      'Livraison (Standard shipping): 12,00 $US',
      'Taxes (14%): 173,44 $US',
      'Total: 1 420,00 $US',
      'Livraison à:',
      'Voir votre commande:\nhttps://shop.example/fr/order-confirmed/o-1?t=y',
      'Des questions ? Écrivez-nous à hello@saltgrass.example.',
    ]) {
      expect(money(m.text)).toContain(s);
    }
    expect(m.html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(m.html).toContain('<th align="left">Article</th>');
    expect(m.html).toContain('Des questions ? Écrivez-nous à <a href="mailto:hello@saltgrass.example">hello@saltgrass.example</a>.');

    const en = orderEmail(order, store, 'https://shop.example/order-confirmed/o-1?t=y', await mailLanguage(db.sql, SITE, [null]));
    expect(en.language).toBe('en');
    expect(en.subject).toBe('[TEST] Your Saltgrass Studio order #1001 is confirmed');
    for (const s of [
      'Thank you for your order #1001.',
      'Placed on November 26, 2026',
      'Subtotal: $1,234.56',
      'Total: $1,420.00',
      'See your order:\nhttps://shop.example/order-confirmed/o-1?t=y',
    ]) {
      expect(en.text).toContain(s);
    }
    expect(en.html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('sends each back-in-stock notice in its sign-up’s language, with the French title and a /fr/ link', async () => {
    const [v] = await db.sql<{ item_id: string; id: string }[]>`
      select v.item_id, v.id from variant v join item i on i.id = v.item_id where i.url_id = 'tide-pool-mug' order by v.sku limit 1`;
    await db.sql`update variant set unlimited = false, qty_in_stock = 0 where id = ${v.id}`;
    const payload = (email: string, language?: string) => ({
      productId: v.item_id,
      variantId: v.id,
      siteVisitorEmail: { email },
      ...(language ? { language } : {}),
    });
    const fromPayload = address('restock-payload');
    const fromPage = address('restock-page');
    const fromAccount = address('restock-account');
    const english = address('restock-en');
    expect((await signUp(db.sql, SITE, payload(fromPayload, 'fr-FR'))).ok).toBe(true);
    // A language the site lacks in the payload: the page's language decides.
    expect((await signUp(db.sql, SITE, payload(fromPage, 'de'), 'fr')).ok).toBe(true);
    expect((await signUp(db.sql, SITE, payload(fromAccount), 'en')).ok).toBe(true);
    expect((await signUp(db.sql, SITE, payload(english, 'en-US'))).ok).toBe(true);
    const kept = await db.sql<{ email: string; language: string | null }[]>`
      select email, language from restock_signup where variant_id = ${v.id} and email like ${`%-${run}-%`}`;
    expect(Object.fromEntries(kept.map((r) => [r.email, r.language]))).toEqual({
      [fromPayload]: 'fr',
      [fromPage]: 'fr',
      [fromAccount]: 'en',
      [english]: 'en',
    });
    // The account's own language speaks before the page's.
    const account = await createSiteUser(db.sql, SITE, { email: fromAccount, name: 'Zoé', password: 'a long enough password' });
    if (!account.ok) throw new Error('not created');
    await setSiteUserLanguage(db.sql, SITE, account.user.id, 'fr');

    await db.sql`update variant set qty_in_stock = 4 where id = ${v.id}`;
    await restockSendJob.handler(
      { websiteId: SITE, productId: v.item_id, variantId: v.id, actor: 'test', ownerId: null },
      { id: 'email-languages', retryCount: 0, sql: db.sql },
    );
    // Each notice is queued; the mail queue sends it.
    expect((await runQueuedJobs(db.sql, composedMail)).failed).toBe(0);
    for (const to of [fromPayload, fromPage, fromAccount]) {
      const [m] = mailsTo(to, 'restock');
      expect(m, to).toBeTruthy();
      expect(m.subject).toMatch(/^De retour en stock : Tasse Flaque de marée/);
      expect(m.headers['content-language']).toBe('fr');
      expect(m.html).toMatch(/^<!doctype html><html lang="fr">/);
      expect(m.text).toMatch(/Bonne nouvelle : Tasse Flaque de marée.* est de nouveau en stock chez /);
      expect(m.text).toMatch(/Voir Tasse Flaque de marée:\nhttps?:\/\/[^/\s]+\/fr\/boutique\/p\/tasse-flaque-de-maree\n/);
    }
    const [en] = mailsTo(english, 'restock');
    expect(en.subject).toMatch(/^Back in stock: Tide Pool Mug/);
    expect(en.headers['content-language']).toBe('en');
    expect(en.text).toMatch(/See Tide Pool Mug:\nhttps?:\/\/[^/\s]+\/shop\/p\/tide-pool-mug\n/);
  });

  it('confirms a newsletter sign-up from a /fr/ page in French, and from an English page in English', async () => {
    const submit = (email: string, pageUrl: string) =>
      submitForm(db.sql, {
        websiteId: SITE,
        formId: 'form-contact',
        values: () => ({ name: ['Zoé', 'Martin'], email, message: 'Bonjour', newsletter: ['Join our newsletter'] }) as never,
        visitor: `newsletter-${run}-${n++}`,
        pageUrl,
      });
    const french = address('news-fr');
    const english = address('news-en');
    expect((await submit(french, '/fr/contact?ref=1')).ok).toBe(true);
    expect((await submit(english, '/contact')).ok).toBe(true);
    expect((await runQueuedJobs(db.sql, composedMail)).failed).toBe(0);
    const [fr] = mailsTo(french, 'newsletter-subscribed');
    expect(fr.subject).toBe('Vous êtes abonné·e à Newsletter');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(fr.text).toContain('Vous êtes maintenant abonné·e à Newsletter de Saltgrass Studio.');
    expect(fr.text).toMatch(/Se désabonner en un clic:\nhttps?:\/\/[^/\s]+\/(fr\/)?newsletter\/unsubscribe\?token=/);
    const [en] = mailsTo(english, 'newsletter-subscribed');
    expect(en.subject).toBe("You're subscribed to Newsletter");
    expect(en.headers['content-language']).toBe('en');
    expect(en.text).toContain('Not you, or changed your mind? Unsubscribe with one click:');
  });
});
