// Shop messages with values in them (issue 16): the storefront finds the domain's template and its
// values again and shows the message in the page's language; English comes back as written.
import { describe, expect, it } from 'vitest';
import { reviewCart, type ReviewLine } from '../../../app/commerce/cart-review.js';
import { checkoutMinimumMessage, stockMessage } from '../../../app/commerce/rules.js';
import { DEFAULT_SHIPPING, methodRefusal } from '../../../app/commerce/shipping.js';
import { passwordProblem } from '../../../app/auth/password.server.js';
import { SITE_USER_SIGN_IN_TEXT } from '../../../app/auth/site-user-sign-in.server.js';
import { countriesIn, countryNameIn } from '../../../app/languages/country-names.js';
import { BUILT_IN_STRINGS, localizedStringsFor } from '../../../app/languages/strings.js';
import { ACCOUNT_TEXTS } from '../../../app/languages/texts/account.js';
import { COMMERCE_TEXTS } from '../../../app/languages/texts/commerce.js';
import { EMAIL_TEXTS } from '../../../app/languages/texts/emails.js';
import { ENGINE_TEXTS } from '../../../app/languages/texts/engine.js';
import { MESSAGE_TEXTS } from '../../../app/languages/texts/messages.js';
import { STOREFRONT_TEXTS } from '../../../app/languages/texts/storefront.js';
import { SUBSCRIPTION_TEXTS } from '../../../app/languages/texts/subscriptions.js';
import { messageIn, pageMessages } from '../../../app/storefront/shop-messages.server.js';
import { COUNTRIES } from '../../../app/commerce/address.js';
import { TEXT as CHECKOUT_TEXT } from '../../../app/commerce/checkout-form.js';

const fr = localizedStringsFor({}, 'fr', false);
const en = localizedStringsFor({}, 'en', true);
const usd = (cents: number) => checkoutMinimumMessage(cents, 'USD').match(/\$[\d,.]+/)![0];
const line = (over: Partial<ReviewLine>): ReviewLine => ({
  id: 'l1',
  title: 'Tide Pool Mug',
  attributes: { color: 'Sea Glass' },
  quantity: 3,
  purchasePriceCents: 7200,
  current: { variantId: 'v1', priceCents: 6500, unlimited: false, qtyInStock: 2, oneAtATime: false },
  ...over,
});

describe('messageIn with values', () => {
  it('translates stock refusals, keeping the item name and the numbers', () => {
    expect(messageIn(fr, stockMessage('Mug (Sand)', 3, 0))).toBe(
      "Désolé, nous n'avons pas assez de cet article en stock. " + 'Il ne reste que 3 exemplaires de Mug (Sand).',
    );
    expect(messageIn(fr, stockMessage('Mug', 1, 1))).toBe(
      "Désolé, nous n'avons pas assez de cet article en stock. " + 'Il ne reste qu’un exemplaire de Mug, et il est déjà dans votre panier.',
    );
    expect(messageIn(fr, stockMessage('Mug', 5, 2))).toBe(
      "Désolé, nous n'avons pas assez de cet article en stock. " +
        'Il ne reste que 5 exemplaires de Mug, et votre panier en contient déjà 2.',
    );
    expect(messageIn(fr, stockMessage('Mug', 0, 0))).toBe(
      "Désolé, nous n'avons pas assez de cet article en stock. Il ne reste plus aucun exemplaire de Mug.",
    );
  });

  it('translates a cart line made of several sentences, with money in the page format', () => {
    const review = reviewCart([line({})], usd);
    const say = pageMessages(fr, 'USD', 'fr');
    expect(say(review.lines[0].message)).toBe(
      "Désolé, nous n'avons pas assez de cet article en stock. " +
        'Il ne reste que 2 exemplaires de Tide Pool Mug (Sea Glass). ' +
        'Cette ligne en compte 3 : ramenez la quantité à 2 pour passer commande. ' +
        'Le prix est passé de 72,00\u00a0$US à 65,00\u00a0$US.',
    );
    expect(say(review.message)).toBe(
      'Pour passer commande, corrigez d’abord la ligne signalée : ' +
        'il ne reste que 2 exemplaires de Tide Pool Mug (Sea Glass) et votre panier en contient 3.',
    );
  });

  it('translates the checkout minimum, the password rules, sign-in waits and shipping refusals', () => {
    expect(pageMessages(fr, 'USD', 'fr')(checkoutMinimumMessage(10000, 'USD'))).toBe(
      'Pour passer commande, le sous-total de votre commande doit être d’au moins 100,00\u00a0$US.',
    );
    // Place order at a total the page did not show (issue 33): the new total in the page's money format.
    expect(pageMessages(fr, 'USD', 'fr')(CHECKOUT_TEXT.totalChanged.replace('{total}', '$29.64'))).toBe(
      'Le total est maintenant de 29,64\u00a0$US, et non celui qu’affichait cette page : vérifiez les totaux ci-dessous et appuyez de nouveau sur Passer la commande pour confirmer.',
    );
    expect(messageIn(fr, passwordProblem('short')!)).toBe('Utilisez au moins 10 caractères.');
    expect(messageIn(fr, SITE_USER_SIGN_IN_TEXT.tooMany(600))).toBe(
      'Trop de tentatives de connexion. Veuillez patienter 10 minutes puis réessayer.',
    );
    const [standard] = DEFAULT_SHIPPING.methods;
    expect(messageIn(fr, methodRefusal(standard, 'FR', DEFAULT_SHIPPING)!)).toBe(
      'Livraison standard ne livre pas ce pays : choisissez Livraison internationale.',
    );
  });

  it('gives English back as written, and any unknown message as written', () => {
    const review = reviewCart([line({}), line({ id: 'l2', current: null, title: 'Apron' })], usd);
    const english = [
      ...review.lines.map((l) => l.message!),
      review.message!,
      review.priceNotice!,
      stockMessage('Mug', 2, 2),
      checkoutMinimumMessage(10000, 'USD'),
      SITE_USER_SIGN_IN_TEXT.tooMany(30),
    ];
    const say = pageMessages(en, 'USD', 'en-US');
    for (const m of english) expect(say(m)).toBe(m);
    expect(messageIn(fr, 'Something else entirely. Sorry, Mug is sold out.')).toBe('Something else entirely. Sorry, Mug is sold out.');
  });

  it('has French, German and Spanish for every message key', () => {
    const keys = Object.keys(MESSAGE_TEXTS.fr);
    expect(keys.length).toBeGreaterThan(30);
    for (const code of ['de', 'es']) for (const k of keys) expect(MESSAGE_TEXTS[code][k], `${code}.${k}`).toBeTruthy();
    // A key of another area's would be overwritten (the product page's "Sold out" once was).
    const others = [ENGINE_TEXTS, STOREFRONT_TEXTS, SUBSCRIPTION_TEXTS, COMMERCE_TEXTS, ACCOUNT_TEXTS, EMAIL_TEXTS].flatMap((a) =>
      Object.keys(a.fr),
    );
    expect(keys.filter((k) => others.includes(k))).toEqual([]);
    expect(BUILT_IN_STRINGS.fr.stockSoldOutText).toBe('Épuisé');
  });
});

describe('country names', () => {
  it('are CLDR names in another language and the list as written in English', () => {
    expect(countryNameIn('fr', 'US', 'United States')).toBe('États-Unis');
    expect(countryNameIn('de-DE', 'GB', 'United Kingdom')).toBe('Vereinigtes Königreich');
    expect(countryNameIn('en-GB', 'US', 'United States')).toBe('United States');
    expect(countriesIn('en-US', COUNTRIES)).toEqual(COUNTRIES);
    expect(countriesIn('fr', COUNTRIES).map((c) => c.code)).toEqual(COUNTRIES.map((c) => c.code));
  });
});
