// The demo store in French (issue 16): English is the default language, French is served under
// /fr/, with a few pages and products translated; the rest shows its English text there.

export const DEMO_LANGUAGES = [
  { code: 'en', isDefault: true },
  { code: 'fr', isDefault: false },
];

/** The translation service the demo shows as connected (a name only: nothing is ever sent to it). */
export const TRANSLATION_PROVIDER = 'Demo translation service';

/** Pages and listings in French, by url id; `slug` is the French address (/fr/boutique for /shop). */
export const FRENCH_COLLECTIONS: Record<string, { title: string; slug?: string; description: string; body?: string; seoTitle?: string }> = {
  home: {
    title: 'Fait lentement, au bord de la mer',
    description:
      'Saltgrass Studio est un atelier de deux personnes sur le port. Nous faisons du grès pour la table, teignons le lin avec les plantes du marais et imprimons de petites éditions sur une vieille risographe.',
    body: '<p>Nouveau de la cuisson de printemps : les tasses Flaque de marée en Verre de mer et Sable, et les derniers bols Rivage.</p>',
    seoTitle: 'Saltgrass Studio : grès, lin et estampes',
  },
  shop: {
    title: 'Boutique',
    slug: 'boutique',
    description: "Grès, lin teint aux plantes, estampes et patrons de l'atelier.",
    seoTitle: 'Boutique de céramique, de lin et d’estampes',
  },
  about: {
    title: "À propos de l'atelier",
    slug: 'a-propos',
    description: 'Deux artisans, un four et une cour pleine de cuves de teinture face au port.',
    body:
      "<p>Saltgrass Studio a commencé en 2017 dans une ancienne poissonnerie de Wharf Lane, avec un four d'occasion et une baignoire pleine d'indigo. Mara tourne les pots ; Idris teint, coud et imprime ; et nous discutons tous les deux des émaux.</p>" +
      '<h2>Notre façon de travailler</h2><p>Nous travaillons en petites séries, quatre cuissons par an, et nous vendons ici la plupart de ce que nous faisons.</p>' +
      "<h2>Nous rendre visite</h2><p>L'atelier et la boutique sont ouverts du jeudi au dimanche, de 10 h à 17 h.</p>",
  },
};

/** Products in French, by slug; `slug` is the French one (/fr/boutique/p/tasse-flaque-de-maree). */
export const FRENCH_PRODUCTS: Record<string, { title: string; slug?: string; excerpt: string; body?: string }> = {
  'tide-pool-mug': {
    title: 'Tasse Flaque de marée',
    slug: 'tasse-flaque-de-maree',
    excerpt: 'Une grande tasse en grès de 350 ml avec repose-pouce, trempée dans des émaux qui se déposent comme l’eau des flaques.',
    body: '<p>Notre tasse de tous les jours : une base large et stable, une anse où tiennent trois doigts et un repose-pouce. L’émail s’éclaircit sur le bord et fonce au pied.</p><ul><li>Contient 350 ml</li><li>9 cm de haut, 8,5 cm de large</li></ul>',
  },
  'linen-tea-towel': {
    title: 'Torchon en lin teint aux plantes',
    slug: 'torchon-en-lin',
    excerpt: 'Lin lavé épais, teint à la main à l’indigo, à la garance ou à la gaude, avec une boucle pour le suspendre.',
  },
  'heron-at-dawn': {
    title: "Héron à l'aube, risographie",
    slug: 'heron-a-l-aube',
    excerpt: "Un héron cendré debout dans l'eau peu profonde aux premières lueurs, en trois encres superposées.",
  },
};

/**
 * The menus' labels in French, by their English text. "Shop" and "Journal" have none: a link
 * without a label shows the French title of the page it links to (Boutique), else its English one.
 */
export const FRENCH_NAV_LABELS: Record<string, string> = {
  Classes: 'Ateliers',
  Events: 'Événements',
  About: 'À propos',
  'Shipping & Returns': 'Livraison et retours',
  'Care Guide': "Guide d'entretien",
  Search: 'Recherche',
};
