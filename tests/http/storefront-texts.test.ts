// The store theme's own texts in the page's language (issue 16) through the built server: the
// demo's French product pages (options, stock, sold out, back-in-stock form, instalment line and
// the variant island's data block), listing, home, journal, events and not-found pages say it in
// French (event dates too), none of the English they used to show is left, and the English pages
// are as they were; the islands' own texts (gallery controls, lightbox, character count) ride on
// the French pages; the layout's labels, the locked and members-only pages (access denied, paywall)
// are French; a visitor who must wait is told so in French; search excerpts are text; a form block,
// the back-in-stock sign-up's refusals and the cart pill's count speak French; the search page's
// result count has French plurals.
import { describe, expect, it } from 'vitest';
import { Visitor } from './support/client.js';

const APRON = '/shop/p/saltmarsh-apron';
// The shop's French address (ADR 0019: the demo's listing is /fr/boutique).
const FR_APRON = '/fr/boutique/p/saltmarsh-apron';

async function page(path: string, status = 200): Promise<string> {
  const res = await new Visitor().get(path);
  expect(res.status, path).toBe(status);
  return (await res.text()).replace(/<!-- -->/g, '');
}

/** The page's main content without its scripts and data blocks (what a shopper reads). */
function main(html: string): string {
  const start = html.indexOf('<main');
  const end = html.indexOf('</main>');
  return html.slice(start, end).replace(/<script[\s\S]*?<\/script>/g, '');
}

/** The add-to-cart island's texts, which a page in another language carries (island-texts). */
function islandTexts(html: string): Record<string, string> {
  const m = /<script type="application\/json" id="island-texts">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the island texts block').not.toBeNull();
  return JSON.parse(m![1]) as Record<string, string>;
}

/** The variant island's data block. */
function picker(html: string): { texts: Record<string, string>; variants: { sku: string; stock: { text: string } }[]; instalment: string } {
  const m = /<script type="application\/json" data-variant-picker>([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'the variant data block').not.toBeNull();
  return JSON.parse(m![1]) as ReturnType<typeof picker>;
}

describe('a product page with options in French', () => {
  it('asks for the options, marks what is sold out and shows stock in French', async () => {
    const html = await page(`${FR_APRON}`);
    const shown = main(html);
    expect(shown).toContain('<option value="">Choisir Size</option>');
    expect(shown).toContain('Veuillez choisir les options Size et Color.');
    expect(shown).toContain('Voir le prix et le stock');
    expect(shown).toContain('à partir de');
    expect(shown).toContain('aria-label="Fil d’Ariane"');
    expect(shown).toMatch(/ou 4 paiements sans frais de 17,00\s\$US avec Afterpay/);
    expect(shown).toContain('Payez en 4 versements sans frais');
    for (const english of ['Select Size', 'Please select', 'Show price and stock', 'Breadcrumb', 'interest-free', 'Close<'])
      expect(shown, english).not.toContain(english);
    expect(shown).not.toMatch(/from \d/);

    const low = main(await page(`${FR_APRON}?Size=L%2FXL&Color=Indigo`));
    expect(low).toContain('<span class="stock-low">Plus que 3 en stock</span>');
    expect(low).not.toContain('left<');

    const oatPage = await page(`${FR_APRON}?Size=S%2FM&Color=Oat`);
    const oat = main(oatPage);
    expect(oat).toContain('<span class="stock-out">Épuisé</span>');
    expect(oat).toMatch(/data-add-button[^>]*disabled>Épuisé<\/button>/);
    expect(oat).toContain('Épuisé. Recevez un e-mail dès son retour en stock.');
    expect(oat).toContain('placeholder="Adresse e-mail"');
    expect(oat).toContain('value="Me prévenir"');
    expect(oat).toContain('Oat (épuisé)');
    for (const english of ['Sold out', 'Sold Out', '(sold out)', 'Get an email', 'Notify me', 'Email address'])
      expect(oat, english).not.toContain(english);
    // The islands' own texts (the cart's add button, the back-in-stock answers) ride on the page.
    expect(islandTexts(oatPage)).toMatchObject({ cartAddingText: 'Ajout…', cartAddedText: 'Ajouté !' });
    expect(oat).toMatch(
      /data-texts="\{&quot;signedUp&quot;:&quot;C’est noté !&quot;,&quot;emailBlank&quot;:&quot;L’adresse e-mail est obligatoire&quot;/,
    );
  });

  it("gives the variant island its texts in French in the page's data block", async () => {
    const data = picker(await page(`${FR_APRON}`));
    expect(data.texts).toMatchObject({
      soldOut: 'Épuisé',
      pleaseSelectOne: 'Veuillez choisir l’option {name}.',
      pleaseSelectMany: 'Veuillez choisir les options {names} et {last}.',
      soldOutMark: 'épuisé',
      unavailable: 'Désolé, cette variante n’est pas disponible. Veuillez en choisir une autre.',
    });
    const stock = Object.fromEntries(data.variants.map((v) => [v.sku, v.stock.text]));
    expect(stock).toEqual({ 'SG-SMA-01': 'En stock', 'SG-SMA-02': 'Épuisé', 'SG-SMA-03': 'Plus que 3 en stock', 'SG-SMA-04': 'En stock' });
    // Money in the French format (a no-break space before the currency).
    expect(data.instalment).toMatch(/^ou 4 paiements sans frais de 17,00\s\$US avec Afterpay$/);
  });

  it('keeps the English page as it was', async () => {
    const html = await page(APRON);
    expect(html).not.toContain('id="island-texts"');
    const shown = main(html);
    expect(shown).toContain('<option value="">Select Size</option>');
    expect(shown).toContain('Please select the Size and Color options.');
    expect(shown).toContain('Show price and stock');
    expect(shown).toContain('from $68.00');
    expect(shown).toContain('or 4 interest-free payments of $17.00 with Afterpay');
    expect(shown).toContain('aria-label="Breadcrumb"');
    expect(picker(html).texts).toMatchObject({ soldOut: 'Sold Out', pleaseSelectMany: 'Please select the {names} and {last} options.' });
    const oat = main(await page(`${APRON}?Size=S%2FM&Color=Oat`));
    expect(oat).toContain('<span class="stock-out">Sold out</span>');
    expect(oat).toMatch(/data-add-button[^>]*disabled>Sold Out<\/button>/);
    expect(oat).toContain('Sold out. Get an email when it is back in stock.');
    expect(oat).toContain('Oat (sold out)');
    expect(oat).not.toMatch(/data-texts=/);
    expect(main(await page(`${APRON}?Size=L%2FXL&Color=Indigo`))).toContain('<span class="stock-low">Only 3 left</span>');
  });
});

describe("the islands' gallery, lightbox and character-count texts in French", () => {
  it('the French contact page hands its islands their texts in French; the English page none', async () => {
    const html = await page('/fr/contact');
    // The form's text area has a counted maximum: the form island fills it from the texts below.
    expect(html).toMatch(/<p class="field-count" data-field-count="2000" hidden>/);
    expect(islandTexts(html)).toMatchObject({
      galleryPreviousText: 'Image précédente',
      galleryNextText: 'Image suivante',
      lightboxCloseText: 'Fermer',
      lightboxLabel: 'Visionneuse d’images',
      lightboxPositionText: '{position} sur {total}',
      fieldCountText: '{count} / {max} caractères',
      fieldTooLongText: 'Vous avez dépassé le nombre de caractères autorisé.',
    });
    const en = await page('/contact');
    expect(en).toMatch(/data-field-count="2000"/);
    expect(en).not.toContain('id="island-texts"');
  });
});

describe('listing, home and other pages in French', () => {
  it('shows the shop listing and its product cards in French', async () => {
    const shown = main(await page('/fr/boutique'));
    expect(shown).toMatch(/\d+ produits &middot; page 1 sur \d+/);
    expect(shown).toContain('<option value="">Choisir une option</option>');
    expect(shown).toContain('Ajouter au panier</button>');
    expect(shown).toMatch(/disabled>Épuisé<\/button>/);
    expect(shown).toContain('Suivant &rarr;');

    for (const english of ['Select Option', 'Add To Cart', 'Sold Out', '(sold out)', ' products', 'Option for', 'Next &rarr;'])
      expect(shown, english).not.toContain(english);
    const en = main(await page('/shop'));
    expect(en).toMatch(/\d+ products &middot; page 1 of \d+/);
    for (const english of ['Select Option', 'Add To Cart', 'Sold Out', 'Option for', 'Next &rarr;']) expect(en, english).toContain(english);
  });

  it('shows the home page in French', async () => {
    const shown = main(await page('/fr/'));
    for (const french of ['Découvrir l’atelier', 'Réserver un cours', 'Nouveautés de l’atelier', 'Tout voir', 'Cours au tour et à la cuve'])
      expect(shown, french).toContain(french);
    // A subscription's price, in the engine's plan text for the language.
    expect(shown).toMatch(/95,00\s\$US tous les 3 mois/);
    for (const english of ['Shop the studio', 'Book a class', 'New from the studio', 'View all', 'Select Option', 'every 3 months'])
      expect(shown, english).not.toContain(english);
    const en = main(await page('/'));
    for (const english of ['Shop the studio', 'Book a class', 'New from the studio', 'View all', '$95.00 every 3 months'])
      expect(en, english).toContain(english);
    expect(main(await page('/fr/workshops'))).toMatch(/90,00\s\$US par mois pendant 1 an/);
  });

  it('shows the journal, a post and the not-found page in French', async () => {
    const journal = main(await page('/fr/journal'));
    expect(journal).toContain('Lire la suite');
    expect(journal).toContain('Catégories');
    expect(journal).not.toContain('Read more');
    const post = main(await page('/fr/journal/spring-firing-notes'));
    expect(post).toContain('Par Maren Holt');
    expect(post).toContain('Tous les articles');
    expect(post).not.toMatch(/By Maren|All posts|Comments are/);
    const missing = await page('/fr/nothing-here', 404);
    expect(main(missing)).toContain('<h1>Page introuvable</h1>');
    expect(missing).toContain('<title>Page introuvable');
    expect(main(missing)).not.toContain('Page not found');
    expect(main(await page('/nothing-here', 404))).toContain('<h1>Page not found</h1>');
  });
});

describe('event dates in French', () => {
  // The winter kiln opening: 14:00 to 18:00 UTC on Saturday 16 January 2027, 10:00 to 14:00 in
  // the site's Halifax time.
  it('prints the events list and an event page with French words and a 24-hour clock', async () => {
    const list = main(await page('/fr/events'));
    expect(list).toContain('<span class="event-month">janv.</span>');
    expect(list).toContain('<span class="event-day">16</span>');
    expect(list).toContain('samedi 16 janvier 2027 à 10:00</time> &ndash; <time datetime="2027-01-16T14:00">14:00</time>');
    expect(list).not.toMatch(/\b(AM|PM|Saturday|January)\b/);
    const event = main(await page('/fr/events/winter-kiln-opening'));
    expect(event).toContain('<time datetime="2027-01-16T10:00">samedi 16 janvier 2027</time>');
    expect(event).toContain('<time datetime="2027-01-16T10:00">10:00</time>');
    expect(event).toMatch(/<time datetime="2027-01-16T14:00">14:00 UTC.4<\/time>/);
    expect(event).not.toMatch(/\b(AM|PM|Saturday|January)\b/);
  });

  it('keeps the English dates as they were', async () => {
    const list = main(await page('/events'));
    expect(list).toContain('<span class="event-month">Jan</span>');
    expect(list).toContain('<span class="event-day">16</span>');
    expect(list).toContain('Saturday, January 16, 2027, 10:00 AM</time> &ndash; <time datetime="2027-01-16T14:00"> 2:00 PM</time>');
    const event = main(await page('/events/winter-kiln-opening'));
    expect(event).toContain('<time datetime="2027-01-16T10:00">Saturday, January 16, 2027</time>');
    expect(event).toContain('<time datetime="2027-01-16T10:00">10:00 AM</time>');
    expect(event).toMatch(/<time datetime="2027-01-16T14:00"> 2:00 PM A[SD]T<\/time>/);
    expect(event).not.toContain('janvier');
  });
});

describe('the layout around a French page', () => {
  it("labels the header's and footer's landmarks and links in French", async () => {
    const html = await page('/fr/boutique');
    for (const label of ['Principal', 'Recherche', 'Compte', 'Résumé du panier', 'Pied de page'])
      expect(html, label).toContain(`aria-label="${label}"`);
    expect(html).toContain('Fait main, expédié avec soin.');
    for (const english of ['"Main"', '"Search"', '"Account"', '"Cart summary"', '"Footer"', 'Made by hand'])
      expect(html, english).not.toContain(english);
    const en = await page('/shop');
    expect(en).toContain('aria-label="Main"');
    expect(en).toContain('Made by hand, shipped with care.');
  });
});

describe('a visitor who must wait, on French pages', () => {
  it('answers checkout and the cart forms 429 in French, with Retry-After', async () => {
    // Without a cart the allowance is the visitor's address (CART_LIMIT: 30 posts in 6 seconds).
    const v = new Visitor();
    let limited: Response | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const r = await v.postForm('/fr/checkout', { cart: 'cart' });
      if (r.status === 429) limited = r;
      else await r.arrayBuffer();
    }
    expect(limited, 'no 429 after 40 posts').toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    const shown = await limited!.text();
    expect(shown).toContain('<html lang="fr"');
    expect(shown).toMatch(
      /<p class="wrap notice notice-error action-notice" role="alert">Veuillez réessayer dans quelques secondes\.<\/p>/,
    );
    expect(shown).not.toContain('Please try again');
    // The cart forms share the allowance: without JavaScript the page says it, with it the island.
    const form = await v.postForm('/fr/cart', { intent: 'add', itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01', quantity: '1' });
    expect(form.status).toBe(429);
    expect(Number(form.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await form.text()).toContain('role="alert">Veuillez réessayer dans quelques secondes.</p>');
    // As the add-to-cart island fetches (cart-island.ts).
    const island = await v.postForm(
      '/fr/cart?_data=routes/($lang).cart',
      { intent: 'add', itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01' },
      { 'X-Cart-Fetch': '1', Accept: 'application/json' },
    );
    expect(island.status).toBe(429);
    expect(island.headers.get('retry-after')).toBeTruthy();
    expect(await island.json()).toEqual({ ok: false, error: 'Veuillez réessayer dans quelques secondes.' });
  });
});

describe('locked and members-only pages in French', () => {
  it('shows the lock screen, its refusals and the wait (429, Retry-After) in French', async () => {
    const v = new Visitor();
    const locked = main(await page('/fr/wholesale', 403));
    for (const french of [
      'Cette page est protégée par un mot de passe',
      'Saisissez le mot de passe pour continuer.',
      'Mot de passe',
      'Déverrouiller',
    ])
      expect(locked, french).toContain(french);
    expect(locked).not.toMatch(/password protected|Enter the password|>Unlock/);
    const scope = /name="scope" value="([^"]+)"/.exec(locked)![1];
    const guess = async (password: string) => {
      const r = await v.postForm('/page-access', { intent: 'unlock', scope, password, redirectTo: '/fr/wholesale' });
      expect(r.status).toBe(303);
      return v.get('/fr/wholesale');
    };
    expect(main(await (await guess('wrong 0')).text())).toContain('Mot de passe incorrect. Veuillez réessayer.');
    // Five wrong passwords, and the visitor must wait (unlock.server.ts).
    for (let i = 1; i < 5; i++) await (await guess(`wrong ${i}`)).arrayBuffer();
    const wait = await guess('wrong 5');
    expect(wait.status).toBe(429);
    expect(Number(wait.headers.get('retry-after'))).toBeGreaterThan(0);
    const shown = main(await wait.text());
    expect(shown).toMatch(/Trop de tentatives\. Veuillez patienter \d+ minutes? puis réessayer\./);
    expect(shown).not.toContain('Too many attempts');
  });

  it('asks a visitor to sign in to a member area in French', async () => {
    const shown = main(await page('/fr/kiln-club', 403));
    expect(shown).toContain('Réservé aux membres');
    expect(shown).toContain('Cette page est réservée aux membres de Kiln Club.');
    expect(shown).toContain('Se connecter');
    expect(shown).toContain('Créer un compte');
    expect(shown).not.toMatch(/Members only|Sign in|Create an account/);
  });

  it("tells a signed-in site user who is not a member, and shows a paid area's paywall, in French", async () => {
    const v = new Visitor();
    const email = `fr-member-${Math.random().toString(36).slice(2)}@example.com`;
    expect((await v.postForm('/account/sign-up', { name: 'Membre', email, password: 'a long enough password' })).status).toBe(303);
    const denied = await v.get('/fr/kiln-club');
    expect(denied.status).toBe(403);
    const shown = main(await denied.text());
    expect(shown).toContain('Accès à l’espace membres refusé');
    expect(shown).toContain('Votre compte n’est pas membre de Kiln Club.');
    expect(shown).toContain('>Rejoindre Kiln Club</button>');
    expect(shown).not.toMatch(/access denied|is not a member|>Join /);
    const wall = main(await page('/fr/open-studio', 403));
    expect(wall).toContain('Rejoindre Open Studio');
    expect(wall).toContain('Cette page est réservée aux membres de Open Studio. Abonnez-vous pour la voir');
    expect(wall).toContain('Se connecter pour s’abonner');
    expect(wall).not.toMatch(/Join Open|Subscribe to see|Sign in to subscribe/);
  });
});

describe('search results in French', () => {
  it("shows a post's and an event's excerpt as text, in French and in English", async () => {
    // "kiln" finds the spring firing post and the winter kiln opening, whose excerpts are HTML.
    const fr = main(await page('/fr/search?q=kiln'));
    const en = main(await page('/search?q=kiln'));
    for (const shown of [fr, en]) {
      expect(shown).toMatch(/<p class="result-excerpt">[^<&]*kiln/i);
      expect(shown).not.toContain('&lt;p&gt;');
    }
    expect(en).toContain(
      '<p class="result-excerpt">Be there when the kiln opens: first pick of the winter firing, hot cider in the yard.</p>',
    );
  });
});

describe('a form block on a French page', () => {
  const post = (email: string) => ({
    _formBlock: 'blk-contact-form',
    contact_fax: '',
    'name.first': '',
    'name.last': 'Lovelace',
    email,
    message: '',
  });

  it("labels the form's built-in parts in French and refuses a post in French", async () => {
    const shown = main(await page('/fr/contact'));
    // Posted without JavaScript, the form comes back to the French page (not the English one).
    expect(shown).toMatch(/<form method="post" action="\/fr\/contact#form-blk-contact-form" novalidate/);
    expect(shown).toContain('>Prénom</label>');
    expect(shown).toContain('>Laisser vide</label>');
    expect(shown).not.toMatch(/First Name|Last Name|Leave this empty/);
    const v = new Visitor();
    const refused = await v.postForm('/fr/contact', post('nope'));
    expect(refused.status).toBe(400);
    const form = main(await refused.text());
    expect(form).toContain('data-field-error>Obligatoire</p>');
    expect(form).toContain('L’adresse e-mail n’est pas valide.');
    expect(form).toContain('Votre formulaire comporte une erreur. Faites défiler vers le bas pour la voir.');
    expect(form).not.toMatch(/>Required<|Email is not valid|Your form has encountered/);
    // The page's allowance (8 posts a minute): the wait is said in French, with Retry-After.
    let wait: Response | undefined;
    for (let i = 0; i < 9 && !wait; i++) {
      const r = await v.postForm('/fr/contact', post('nope'));
      if (r.status === 429) wait = r;
      else await r.arrayBuffer();
    }
    expect(wait, 'no 429 after 10 posts').toBeDefined();
    expect(wait!.headers.get('retry-after')).toMatch(/^\d+$/);
    const said = main(await wait!.text());
    expect(said).toContain('Impossible d’envoyer le formulaire : trop d’envois. Veuillez réessayer plus tard.');
    expect(said).not.toContain('rate limit');
  });

  it('hands the form island its checks, states and answers in French; the English form is as it was', async () => {
    expect(islandTexts(await page('/fr/contact'))).toMatchObject({
      fieldRequiredText: 'Obligatoire',
      formCaptchaText: 'Veuillez compléter le CAPTCHA avant d’envoyer.',
      formProblemAboveText: 'Votre formulaire comporte une erreur. Faites défiler vers le bas pour la voir.',
      formSubmittingText: 'Envoi…',
      formRateLimitedText: 'Impossible d’envoyer le formulaire : trop d’envois. Veuillez réessayer plus tard.',
      networkErrorText: 'Erreur réseau',
    });
    const en = main(await page('/contact'));
    expect(en).toContain('>First Name</label>');
    expect(en).toContain('>Leave this empty</label>');
    const refused = main(await (await new Visitor().postForm('/contact', post('nope'))).text());
    expect(refused).toContain('data-field-error>Required</p>');
    expect(refused).toContain('Your form has encountered a problem. Please scroll down to review.');
  });
});

describe('the back-in-stock sign-up on a French page', () => {
  it('refuses without JavaScript in French, the wait too, and gives the island its CAPTCHA text in French', async () => {
    const v = new Visitor();
    const oat = `${FR_APRON}?Size=S%2FM&Color=Oat`;
    const html = await (await v.get(oat)).text();
    const box =
      /<div class="product-restock-notification" data-product-id="([^"]+)" data-variant-id="([^"]+)"[^>]*data-texts="([^"]+)"/.exec(html);
    expect(box, 'the restock box').not.toBeNull();
    const texts = JSON.parse(box![3].replace(/&quot;/g, '"')) as Record<string, string>;
    expect(texts).toMatchObject({
      captcha: 'Veuillez compléter le CAPTCHA avant d’envoyer.',
      notFound: 'Ce produit ou cette variante est introuvable.',
      tooMany: 'Impossible d’envoyer le formulaire : trop d’envois. Veuillez réessayer plus tard.',
    });
    // A product that is not there, for the variant whose box shows the answer.
    const form = { _action: 'restock', productId: 'no-such-product', variantId: box![2], email: 'fr-refused@example.com' };
    expect((await v.postForm(oat, form)).status).toBe(303);
    const refused = main(await (await v.get(oat)).text());
    expect(refused).toContain('role="alert">Ce produit ou cette variante est introuvable.</p>');
    expect(refused).not.toContain('could not be found');
    // The sign-up's allowance (20 a minute per visitor), then the wait is said in French.
    for (let i = 0; i < 20; i++) await (await v.postForm(oat, form)).arrayBuffer();
    const wait = main(await (await v.get(oat)).text());
    expect(wait).toContain('role="alert">Impossible d’envoyer le formulaire : trop d’envois. Veuillez réessayer plus tard.</p>');
    expect(wait).not.toContain('rate limit');
  });
});

describe('the cart pill on a French page', () => {
  it('says how many items are in the cart in French, one and many; the English page as it was', async () => {
    const v = new Visitor();
    const add = async (quantity: string) =>
      expect((await v.postForm('/fr/cart', { intent: 'add', itemId: 'itm-tide-pool-mug', sku: 'SG-TPM-01', quantity })).status).toBe(303);
    await add('1');
    expect(await (await v.get('/fr/boutique')).text()).toMatch(/data-cart-pill aria-label="1 article dans le panier">/);
    await add('2');
    expect(await (await v.get('/fr/boutique')).text()).toMatch(/data-cart-pill aria-label="3 articles dans le panier">/);
    const en = await (await v.get('/shop')).text();
    expect(en).toMatch(/data-cart-pill aria-label="3 items in cart">/);
    // The cart island says it again after an add, from the same texts (pluralText, per language).
    expect(islandTexts(await page('/fr/boutique'))).toMatchObject({
      cartPillLabel: '{count, plural, one {# article dans le panier} other {# articles dans le panier}}',
      cartPillOverLabel: 'Plus de 100 articles dans le panier',
    });
  });
});

describe("the search page's result count on a French page", () => {
  it("says one result and many with French plurals; the English page's count as it was", async () => {
    const count = (html: string) => /<p class="result-count">([^<]*)<\/p>/.exec(html)?.[1];
    // One product is the apron; the mugs are several.
    expect(count(await page('/fr/search?q=saltmarsh'))).toBe('1 résultat pour &ldquo;saltmarsh&rdquo;');
    expect(count(await page('/fr/search?q=mug'))).toMatch(/^([2-9]|\d{2,}) résultats pour &ldquo;mug&rdquo;$/);
    expect(count(await page('/search?q=saltmarsh'))).toBe('1 result for &ldquo;saltmarsh&rdquo;');
    expect(count(await page('/search?q=mug'))).toMatch(/^([2-9]|\d{2,}) results for &ldquo;mug&rdquo;$/);
  });
});
