// French, German and Spanish for the texts the template engine prints itself (SPEC 8's fallback
// texts: sold out, sale, Add To Cart...) and the store theme's own layout texts.
import type { TextsByLanguage } from './types.js';

export const ENGINE_TEXTS: TextsByLanguage = {
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
    productVariantSelectText: '{variantName} wählen',
  },
  es: {
    productAddToCartText: 'Añadir al carrito',
    productSubscribeText: 'Suscribirse',
    productSoldOutText: 'agotado',
    productSaleText: 'oferta',
    productQuantityInputLabel: 'Cantidad',
    productQuickViewText: 'Vista rápida',
    productVariantSelectText: 'Seleccionar {variantName}',
  },
};
