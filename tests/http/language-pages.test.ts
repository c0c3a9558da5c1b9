// The app's own pages in another language of the site (issue 16) through the built server: search,
// the cart, checkout, the order page and the account pages at /fr/..., in French, their forms
// posting to the French URL and answering there (303 and flash, without JavaScript; JSON for the
// cart island), and first path segments that are no language still served as before.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const BREAD_BAG = 'itm-linen-bread-bag'; // $26.00, physical, one variant

const text = async (r: Response) => (await r.text()).replace(/<!-- -->/g, '');
/** The input element of a field by its id, as one string. */
const input = (html: string, id: string) => new RegExp(`<(?:input|textarea|select)[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? '';

describe('/fr/search', () => {
  it('shows French texts and French result links; the English search stays English', async () => {
    const res = await new Visitor().get('/fr/search?q=mug');
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain('<h1>Recherche</h1>');
    expect(html).toMatch(/<title>Recherche : mug — /);
    expect(html).toMatch(/<p class="result-count">\d+ résultats? pour &ldquo;mug&rdquo;<\/p>/);
    // The translated product, linked under /fr/.
    expect(html).toContain('<a href="/fr/boutique/p/tasse-flaque-de-maree">Tasse Flaque de marée</a>');
    expect(html).not.toContain('href="/shop/p/tide-pool-mug"');
    // The search form searches in French again.
    expect(html).toContain('<form class="search-form" method="get" action="/fr/search" role="search">');
    // The language switcher still leads to the English search.
    expect(html).toMatch(/<a href="\/search(\?q=mug)?" hreflang="en"/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/fr\/search"/);

    const en = await text(await new Visitor().get('/search?q=mug'));
    expect(en).toContain('<h1>Search</h1>');
    expect(en).toContain('<a href="/shop/p/tide-pool-mug">Tide Pool Mug</a>');
    expect(en).toContain('action="/search"');
  });

  it('says in French that a query is too long, keeping it in the box', async () => {
    const res = await new Visitor().get(`/fr/search?q=${'a'.repeat(300)}`);
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain('La recherche peut compter au plus 200 caractères.');
    expect(html).toContain(`value="${'a'.repeat(200)}"`);
  });
});

describe('/fr/cart without JavaScript', () => {
  it('a French product page posts to /fr/cart, and the add comes back to the French page', async () => {
    const v = new Visitor();
    const product = await text(await v.get('/fr/boutique/p/linen-bread-bag'));
    expect(product).toMatch(/<form class="add-to-cart[^"]*" method="post" action="\/fr\/cart"/);
    // The add-to-cart island's texts come with the French page; the English page needs none.
    expect(product).toContain('<script type="application/json" id="island-texts">');
    expect(product).toContain('"cartAddedText":"Ajouté !"');
    expect(await text(await v.get('/shop/p/linen-bread-bag'))).not.toContain('id="island-texts"');
    const add = await v.postForm('/fr/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '2', returnTo: '/fr/cart' });
    expect(add.status).toBe(303);
    expect(add.headers.get('location')).toBe('/fr/cart');
    const cart = await text(await v.get('/fr/cart'));
    expect(cart).toContain('<h1>Panier</h1>');
    expect(cart).toMatch(/<title>Panier — /);
    expect(cart).toContain('<span>Sous-total</span>');
    expect(cart).toContain('Linen Bread Bag');
    // Its own forms and links stay in French.
    expect(cart).toContain('<form class="cart-entry-quantity" method="post" action="/fr/cart" novalidate>');
    expect(cart).toContain('<a class="button button-primary" href="/fr/checkout">Passer commande</a>');
  });

  it('a refused add or update comes back to /fr/cart with its message in French', async () => {
    const v = new Visitor();
    const bad = await v.postForm('/fr/cart', { intent: 'add', itemId: 'itm-no-such-thing', quantity: '1', returnTo: '/fr/cart' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/fr/cart');
    const page = await text(await v.get('/fr/cart'));
    expect(page).toContain("Désolé, cette variante de l'article n'est pas disponible. Veuillez en choisir une autre.");
    expect(page).toContain('Votre panier est vide.');

    await v.postForm('/fr/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '1', returnTo: '/fr/cart' });
    const entryId = /data-entry-id="([^"]+)"/.exec(await text(await v.get('/fr/cart')))![1];
    // The cart page's forms carry no returnTo: the French cart is where they come back to.
    const update = await v.postForm('/fr/cart', { intent: 'update', entryId, quantity: 'deux' });
    expect(update.status).toBe(303);
    expect(update.headers.get('location')).toBe('/fr/cart');
    expect(await text(await v.get('/fr/cart'))).toContain('La quantité doit être un nombre');
  });

  it("answers the cart island's fetch with JSON, its error in French", async () => {
    const v = new Visitor();
    const headers = { 'X-Cart-Fetch': '1', Accept: 'application/json' };
    const url = '/fr/cart?_data=routes/($lang).cart';
    const bad = await v.postForm(url, { intent: 'add', itemId: BREAD_BAG, quantity: '0' }, headers);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ ok: false, error: 'La quantité doit être au moins 1.' });
    const ok = await v.postForm(url, { intent: 'add', itemId: BREAD_BAG, quantity: '1' }, headers);
    expect(ok.status).toBe(200);
    // The cart's subtotal in the French page's money format.
    expect(await ok.json()).toMatchObject({ ok: true, added: { quantity: 1 }, cart: { totalQuantity: 1, subtotalText: '26,00\u00a0$US' } });
  });
});

describe('/fr/checkout without JavaScript', () => {
  it('a refused order comes back to /fr/checkout with the errors in French and what was typed; a placed one goes to the French order page', async () => {
    const v = new Visitor();
    await v.postForm('/fr/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '1', returnTo: '/fr/cart' });
    const form = await text(await v.get('/fr/checkout'));
    expect(form).toContain('<h1>Paiement</h1>');
    expect(form).toContain('<form class="checkout-form" method="post" action="/fr/checkout" novalidate>');
    expect(form).toMatch(/<label for="checkout-name">Nom complet/);

    const typed = {
      name: 'Amélie Poulain',
      line1: '15 rue des Trois Frères',
      city: 'Buffalo',
      region: 'NY',
      postalCode: '14201',
      country: 'US',
    };
    const refused = await v.postForm('/fr/checkout', {
      cart: 'cart',
      intent: 'place',
      email: 'pas-un-email',
      shippingMethod: 'standard',
      ...typed,
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/fr/checkout');
    const again = await text(await v.get('/fr/checkout'));
    expect(again).toContain('Un ou plusieurs champs ne sont pas valides, veuillez vérifier vos saisies.');
    expect(again).toContain("L'adresse e-mail n'est pas valide. Elle doit avoir la forme nom@exemple.com.");
    expect(again).toMatch(/<a href="#checkout-email">E-mail: L'adresse e-mail/);
    expect(input(again, 'checkout-email')).toContain('value="pas-un-email"');
    expect(input(again, 'checkout-name')).toContain('value="Amélie Poulain"');
    expect(input(again, 'checkout-line1')).toContain('value="15 rue des Trois Frères"');

    const placed = await v.postForm('/fr/checkout', {
      cart: 'cart',
      intent: 'place',
      email: 'amelie@example.com',
      shippingMethod: 'standard',
      ...typed,
    });
    expect(placed.status).toBe(303);
    const location = placed.headers.get('location')!;
    expect(location).toMatch(/^\/fr\/order-confirmed\/[0-9a-f-]{36}$/);
    const order = await text(await v.get(location));
    expect(order).toContain('<html lang="fr"');
    expect(order).toContain('<h1>Merci, votre commande est confirmée</h1>');
    expect(order).toContain('Une confirmation est en route vers <strong data-order-email>amelie@example.com</strong>');
    // The English order page is the same order.
    expect(await text(await v.get(location.slice(3)))).toContain('Thank you, your order is confirmed');
  });
});

describe('values, countries, shipping methods and money on French shop pages', () => {
  it('/fr/checkout names countries and the shipping methods in French, its amounts in French format; /checkout is unchanged', async () => {
    const v = new Visitor();
    await v.postForm('/fr/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '1', returnTo: '/fr/cart' });
    const fr = await text(await v.get('/fr/checkout'));
    expect(fr).toMatch(/<option value="US"( selected)?>États-Unis<\/option>/);
    expect(fr).toContain('<option value="GB">Royaume-Uni</option>');
    expect(fr).toContain(
      '<strong>Livraison standard</strong> <span class="checkout-method-price" data-method-price="standard">12,00\u00a0$US</span>',
    );
    expect(fr).toContain('États-Unis et Canada, 3 à 7 jours ouvrés');
    expect(fr).toContain('<strong>Retrait sur place</strong>');
    expect(fr).not.toContain('Standard shipping');
    expect(fr).not.toContain('>United States<');

    const en = await text(await v.get('/checkout'));
    expect(en).toMatch(/<option value="US"( selected)?>United States<\/option>/);
    expect(en).toContain(
      '<strong>Standard shipping</strong> <span class="checkout-method-price" data-method-price="standard">$12.00</span>',
    );
    expect(en).toContain('US and Canada, 3 to 7 working days: $12.00, free on orders of $120.00 or more');
  });

  it('a refused shipping method, the French order page and its address say it in French', async () => {
    const v = new Visitor();
    await v.postForm('/fr/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '1', returnTo: '/fr/cart' });
    const to = { name: 'Amélie Poulain', line1: '15 rue des Trois Frères', city: 'Buffalo', region: 'NY', postalCode: '14201' };
    await v.postForm('/fr/checkout', {
      cart: 'cart',
      intent: 'place',
      email: 'amelie@example.com',
      shippingMethod: 'standard',
      ...to,
      city: 'Paris',
      region: '',
      postalCode: '75018',
      country: 'FR',
    });
    expect(await text(await v.get('/fr/checkout'))).toContain(
      'Livraison standard ne livre pas ce pays : choisissez Livraison internationale.',
    );
    const placed = await v.postForm('/fr/checkout', {
      cart: 'cart',
      intent: 'place',
      email: 'amelie@example.com',
      shippingMethod: 'standard',
      ...to,
      country: 'US',
    });
    const order = await text(await v.get(placed.headers.get('location')!));
    expect(order).toContain('(Livraison standard)');
    expect(order).toMatch(/Buffalo, NY 14201<br>États-Unis<\/address>/);
  });

  it('too short a password at /fr/account/sign-up is refused in French', async () => {
    const v = new Visitor();
    await v.postForm('/fr/account/sign-up', { name: 'Amélie', email: 'court@example.com', password: 'court', redirectTo: '/fr/account' });
    expect(await text(await v.get('/fr/account/sign-up'))).toContain('Utilisez au moins 10 caractères.');
  });
});

describe('/fr/account', () => {
  it('a failed sign-in comes back to /fr/account/sign-in with the message in French and the email typed', async () => {
    const v = new Visitor();
    const page = await text(await v.get('/fr/account/sign-in'));
    expect(page).toContain('<h1>Connexion</h1>');
    expect(page).toContain('<form method="post" action="/fr/account/sign-in" novalidate data-account-form="sign-in">');
    expect(page).toContain('<a href="/fr/account/sign-up">Créer un compte</a>');
    const res = await v.postForm('/fr/account/sign-in', {
      email: 'nobody@example.com',
      password: 'not the password',
      redirectTo: '/fr/account',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/fr/account/sign-in');
    const back = await text(await v.get('/fr/account/sign-in'));
    expect(back).toContain("L'e-mail ou le mot de passe est incorrect.");
    expect(input(back, 'account-email')).toContain('value="nobody@example.com"');
    expect(back).toMatch(/<label for="account-password">Mot de passe<\/label>/);
    // A missing field, in French.
    await v.postForm('/fr/account/sign-in', { email: '', password: '' });
    expect(await text(await v.get('/fr/account/sign-in'))).toContain('<p class="field-error" id="account-email-error">Obligatoire</p>');
  });

  it('/fr/account asks for sign-in in French; after sign-up the French account page shows', async () => {
    const v = new Visitor();
    const gate = await v.get('/fr/account');
    expect(gate.status).toBe(303);
    expect(gate.headers.get('location')).toBe('/fr/account/sign-in?redirectTo=%2Ffr%2Faccount');
    const email = `fr-${randomBytes(5).toString('hex')}@example.com`;
    const up = await v.postForm('/fr/account/sign-up', {
      name: 'Amélie',
      email,
      password: 'a long enough password',
      redirectTo: '/fr/account',
    });
    expect(up.status).toBe(303);
    expect(up.headers.get('location')).toBe('/fr/account');
    const account = await text(await v.get('/fr/account'));
    expect(account).toContain('<h1>Votre compte</h1>');
    expect(account).toContain(`Connecté en tant que Amélie (${email})`);
    expect(account).toContain('<form method="post" action="/fr/account/sign-out" data-account-form="sign-out">');
    const out = await v.postForm('/fr/account/sign-out', { cloneCart: 'on' });
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/fr/account/sign-in');
  });
});

describe('signing in with a saved language', () => {
  it('lands on the account page in the language the shopper chose (site_user.locale)', async () => {
    const v = new Visitor();
    const email = `saved-${randomBytes(5).toString('hex')}@example.com`;
    const password = 'a long enough password';
    expect((await v.postForm('/account/sign-up', { name: 'Amélie', email, password })).status).toBe(303);
    const { xsrfToken } = await (await v.get('/api/site-users/account/session')).json();
    const chose = await v.json('/api/site-users/account/locale', { language: 'fr' }, 'POST', { 'X-SiteUser-XSRF-Token': xsrfToken });
    expect(chose.status).toBe(200);
    expect((await v.postForm('/account/sign-out', { cloneCart: 'on' })).status).toBe(303);
    const signedIn = await v.postForm('/account/sign-in', { email, password });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/fr/account');
    expect(await text(await v.get('/fr/account'))).toContain('<h1>Votre compte</h1>');
    // A page asked for explicitly still wins.
    await v.postForm('/account/sign-out', { cloneCart: 'on' });
    const back = await v.postForm('/account/sign-in', { email, password, redirectTo: '/shop' });
    expect(back.headers.get('location')).toBe('/shop');
  });
});

describe('paths whose first segment is no language of the site', () => {
  it('are served or refused as before: the catch-all answers', async () => {
    for (const path of ['/xx/cart', '/en/search', '/de/checkout', '/journal/search', '/xx/account/sign-in', '/xx/order-confirmed/x']) {
      const res = await new Visitor().get(path);
      expect(res.status, path).toBe(404);
      expect(await text(res), path).not.toContain('<h1>Recherche</h1>');
    }
    // A form posted there is no cart form.
    const post = await new Visitor().postForm('/xx/cart', { intent: 'add', itemId: BREAD_BAG, quantity: '1' });
    expect(post.status).not.toBe(303);
    // The bare pages are still the default language's.
    expect(await text(await new Visitor().get('/cart'))).toContain('<h1>Cart</h1>');
  });
});
