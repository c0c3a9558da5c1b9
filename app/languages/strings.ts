// The storefront texts the template engine prints (SPEC 8's fallback texts: sold out, sale, Add To
// Cart...), per language, as the `localizedStrings` keys the engine reads. A key missing here
// falls back to the engine's English text; the site's own overrides win (settings.localizedStrings
// for the default language, settings.localizedStringsByLanguage[code] for the others). A theme may
// read keys of its own the same way (the store theme's skipToContentText, cartLinkText...).

/** Built-in texts by language; English is the engine's own and needs no entry. */
export const BUILT_IN_STRINGS: Record<string, Record<string, string>> = {
  fr: {
    productAddToCartText: 'Ajouter au panier',
    productSubscribeText: "S'abonner",
    productSoldOutText: 'épuisé',
    productSaleText: 'promo',
    productQuantityInputLabel: 'Quantité',
    productQuickViewText: 'Aperçu rapide',
    productVariantSelectText: 'Choisir {variantName}',
    // The store theme's own texts (db/seed/theme/layout.html).
    skipToContentText: 'Aller au contenu',
    cartLinkText: 'Panier',
    footerHelpTitle: 'Aide',
    footerVisitTitle: 'Nous rendre visite',
  },
  de: {
    productAddToCartText: 'In den Warenkorb',
    productSubscribeText: 'Abonnieren',
    productSoldOutText: 'ausverkauft',
    productSaleText: 'Angebot',
    productQuantityInputLabel: 'Menge',
    productQuickViewText: 'Schnellansicht',
  },
  es: {
    productAddToCartText: 'Añadir al carrito',
    productSubscribeText: 'Suscribirse',
    productSoldOutText: 'agotado',
    productSaleText: 'oferta',
    productQuantityInputLabel: 'Cantidad',
    productQuickViewText: 'Vista rápida',
  },
};

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The `localizedStrings` of a page in language `code` (`isDefault`: the site's own language). */
export function localizedStringsFor(settings: Record<string, unknown>, code: string, isDefault: boolean): Record<string, unknown> {
  if (isDefault) return { ...(code === 'en' ? {} : BUILT_IN_STRINGS[code]), ...obj(settings.localizedStrings) };
  return { ...BUILT_IN_STRINGS[code], ...obj(obj(settings.localizedStringsByLanguage)[code]) };
}
