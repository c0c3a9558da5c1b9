// Emails in the shopper's language through the built server (issue 16), read from the outbox: a
// site user who chose French (POST /api/site-users/account/locale) gets a French reset email and
// order confirmation; a checkout posted from a /fr/ page is confirmed in French; back-in-stock
// sign-ups from French pages (the API's `language`, the product page's form under /fr/) get a
// French notice with /fr/ links when stock returns, an English sign-up an English one; the
// newsletter box ticked on the French Contact page confirms in French.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it, vi } from 'vitest';
import { readEml, type ReadMail } from '../support/eml.js';
import { baseUrl, Visitor } from './support/client.js';
import { adminVisitor } from './support/owner.js';
import { NEW_YORK } from './support/checkout.js';
import { scaled } from '../support/time-scale.js';

const PASSWORD = 'a long enough password';
const LOCALE = '/api/site-users/account/locale';
const RESTOCK_API = '/api/site-users/account/notifications/restock';
const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical
const TEA_TOWEL = 'itm-linen-tea-towel'; // $22.00, translated into French in the demo
const newEmail = (who: string) => `${who}-${randomBytes(5).toString('hex')}@example.com`;
/** French money has no-break spaces (narrow ones too): read them as spaces. */
const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/** The mail with `tag` in its file name sent to `to`, once the outbox has it. */
async function mailTo(to: string, tag: string): Promise<ReadMail> {
  const dir = path.join(inject('dataDir'), 'outbox');
  return vi.waitFor(
    () => {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(tag) && f.endsWith('.eml')) : [];
      const mail = files.map((f) => readEml(fs.readFileSync(path.join(dir, f), 'utf8'))).find((m) => m.headers.to === to);
      if (!mail) throw new Error(`no ${tag} mail to ${to}`);
      return mail;
    },
    { timeout: scaled(15_000), interval: 100 },
  );
}

/** A signed-in site user who chose French for their account. */
async function frenchSiteUser(): Promise<{ v: Visitor; email: string }> {
  const v = new Visitor();
  const email = newEmail('fr-user');
  expect((await v.postForm('/account/sign-up', { name: 'Amélie', email, password: PASSWORD })).status).toBe(303);
  const session = await (await v.get('/api/site-users/account/session')).json();
  const res = await v.json(LOCALE, { language: 'fr' }, 'POST', { 'X-SiteUser-XSRF-Token': session.xsrfToken });
  expect(res.status).toBe(200);
  return { v, email };
}

async function placeOrder(v: Visitor, email: string, headers: Record<string, string> = {}, itemIds = [BREAD_BAG]): Promise<void> {
  for (const itemId of itemIds) {
    const added = await v.json('/api/commerce/shopping-cart/entries', {
      itemId,
      quantity: 1,
      ...(itemId === TEA_TOWEL ? { sku: 'SG-LTT-01' } : {}),
    });
    expect(added.status).toBe(200);
  }
  const res = await v.postForm('/checkout', { cart: 'cart', intent: 'place', ...NEW_YORK, email }, headers);
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toMatch(/^\/order-confirmed\//);
}

describe('emails to a site user who chose French', () => {
  it('the reset email is in French, and its link sets the password', async () => {
    const { email } = await frenchSiteUser();
    // Asked from the (English) forgot-password page by another browser: the account's language wins.
    const v = new Visitor();
    expect((await v.postForm('/account/forgot-password', { email })).status).toBe(303);
    const mail = await mailTo(email, 'password-reset');
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe pour Saltgrass Studio');
    expect(mail.headers['content-language']).toBe('fr');
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr">/);
    expect(mail.text).toContain(`Quelqu’un a demandé un nouveau mot de passe pour votre compte Saltgrass Studio (${email}).`);
    expect(mail.text).toContain('Si ce n’était pas vous, ignorez cet e-mail : votre mot de passe ne change pas.');
    const link = /https?:\/\/[^/\s]+(\/(?:fr\/)?account\/reset-password\?token=[\w-]{43})/.exec(mail.text)?.[1];
    expect(link, 'a reset link').toBeTruthy();
    expect(await (await v.get(link!)).text()).toContain('name="token"');
  });

  it('an English account asking from an English page gets the reset email in English', async () => {
    const email = newEmail('en-user');
    expect((await new Visitor().postForm('/account/sign-up', { name: 'Ada', email, password: PASSWORD })).status).toBe(303);
    expect((await new Visitor().postForm('/account/forgot-password', { email })).status).toBe(303);
    const mail = await mailTo(email, 'password-reset');
    expect(mail.subject).toBe('Set a new password for Saltgrass Studio');
    expect(mail.headers['content-language']).toBe('en');
  });

  it('the order confirmation is in French, with French money, date and product names', async () => {
    const { v, email } = await frenchSiteUser();
    await placeOrder(v, email, {}, [BREAD_BAG, TEA_TOWEL]);
    const mail = await mailTo(email, '-order-');
    expect(mail.subject).toMatch(/^\[TEST\] Votre commande #\d+ chez Saltgrass Studio est confirmée$/);
    expect(mail.headers['content-language']).toBe('fr');
    expect(mail.html).toMatch(/^<!doctype html><html lang="fr">/);
    const text = spaces(mail.text);
    expect(text).toMatch(/Merci pour votre commande #\d+\./);
    expect(text).toMatch(/Passée le \d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/);
    expect(text).toContain('Sous-total: 48,00 $US');
    // The tea towel has a French title; the bread bag has none and keeps its own.
    expect(text).toMatch(/1 x Torchon en lin teint aux plantes \([^)]+\) \(SG-LTT-01\): 22,00 \$US/);
    expect(text).toMatch(/1 x Linen Bread Bag[^\n]*: 26,00 \$US/);
    expect(text).toMatch(/Voir votre commande:\nhttps?:\/\/[^/\s]+\/(fr\/)?order-confirmed\/[0-9a-f-]{36}\?t=/);
  });
});

describe('a checkout from a French page', () => {
  it('is confirmed in French; one from an English page in English', async () => {
    const french = new Visitor();
    const frEmail = newEmail('fr-guest');
    await placeOrder(french, frEmail, { Referer: `${baseUrl()}/fr/checkout` });
    const fr = await mailTo(frEmail, '-order-');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.subject).toMatch(/Votre commande #\d+ chez Saltgrass Studio est confirmée/);
    expect(spaces(fr.text)).toContain('Total: ');
    expect(spaces(fr.text)).toMatch(/Total: [\d ]+,\d\d \$US/);

    const english = new Visitor();
    const enEmail = newEmail('en-guest');
    await placeOrder(english, enEmail, { Referer: `${baseUrl()}/checkout` });
    const en = await mailTo(enEmail, '-order-');
    expect(en.headers['content-language']).toBe('en');
    expect(en.subject).toMatch(/Your Saltgrass Studio order #\d+ is confirmed/);
    expect(en.text).toContain('Subtotal: $26.00');
  });
});

describe('back-in-stock notices', () => {
  it('go out in the language of each sign-up when stock returns', async () => {
    const shopper = new Visitor();
    const page = '/fr/boutique/p/canvas-market-tote?Color=Natural';
    const html = await (await shopper.get(page)).text();
    const m = /<div class="product-restock-notification" data-product-id="([^"]+)" data-variant-id="([^"]+)"/.exec(html);
    expect(m, 'the French page shows a restock form').not.toBeNull();
    const [, productId, variantId] = m!;
    const viaApi = newEmail('restock-fr-api');
    const viaPage = newEmail('restock-fr-page');
    const english = newEmail('restock-en');
    const sign = (email: string, language?: string) =>
      shopper.json(RESTOCK_API, { productId, variantId, siteVisitorEmail: { email }, isJoinMailingList: false, language });
    expect((await sign(viaApi, 'fr')).status).toBe(200);
    expect((await sign(english, 'en-US')).status).toBe(200);
    // Without JavaScript the form posts to its French product page.
    const posted = await shopper.postForm(page, { _action: 'restock', productId, variantId, email: viaPage });
    expect(posted.status).toBe(303);

    const admin = await adminVisitor();
    const saved = await admin.postForm('/config/inventory', { 'rows[0].id': variantId, 'rows[0].was': '0:0', 'rows[0].qty': '3' });
    expect(saved.status).toBe(303);
    expect((await admin.json(`${RESTOCK_API}/send`, { productId, variantId })).status).toBe(202);

    for (const email of [viaApi, viaPage]) {
      const mail = await mailTo(email, '-restock-');
      expect(mail.subject).toBe('De retour en stock : Canvas Market Tote (Natural)');
      expect(mail.headers['content-language']).toBe('fr');
      expect(mail.html).toMatch(/^<!doctype html><html lang="fr">/);
      expect(mail.text).toContain('Bonne nouvelle : Canvas Market Tote (Natural) est de nouveau en stock chez Saltgrass Studio.');
      expect(mail.text).toMatch(/Voir Canvas Market Tote:\nhttps?:\/\/[^/\s]+\/fr\/boutique\/p\/canvas-market-tote\n/);
    }
    const en = await mailTo(english, '-restock-');
    expect(en.subject).toBe('Back in stock: Canvas Market Tote (Natural)');
    expect(en.headers['content-language']).toBe('en');
    expect(en.text).toMatch(/See Canvas Market Tote:\nhttps?:\/\/[^/\s]+\/shop\/p\/canvas-market-tote\n/);
  });
});

describe('the newsletter confirmation', () => {
  const contact = (email: string): [string, string][] => [
    ['_formBlock', 'blk-contact-form'],
    ['contact_fax', ''],
    ['name.first', 'Zoé'],
    ['name.last', 'Martin'],
    ['email', email],
    ['message', 'Faites-vous des bols sur commande ?'],
    ['newsletter', 'Join our newsletter'],
  ];

  it('is in French for a sign-up on the French Contact page, in English on the English one', async () => {
    const french = newEmail('news-fr');
    const res = await new Visitor().postForm('/fr/contact', contact(french));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toMatch(/^\/fr\/contact\?formSent=/);
    const fr = await mailTo(french, 'newsletter-subscribed');
    expect(fr.subject).toBe('Vous êtes abonné·e à Newsletter');
    expect(fr.headers['content-language']).toBe('fr');
    expect(fr.text).toContain('Vous êtes maintenant abonné·e à Newsletter de Saltgrass Studio.');
    expect(fr.text).toMatch(/Se désabonner en un clic:\nhttps?:\/\/[^/\s]+\/(fr\/)?newsletter\/unsubscribe\?token=/);

    const english = newEmail('news-en');
    expect((await new Visitor().postForm('/contact', contact(english))).status).toBe(303);
    const en = await mailTo(english, 'newsletter-subscribed');
    expect(en.subject).toBe("You're subscribed to Newsletter");
    expect(en.headers['content-language']).toBe('en');
  });
});
