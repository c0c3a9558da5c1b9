// The commerce pages the storefront serves and their page types; every page type number comes
// from the engine's one table (engine/ts/enums.ts, SPEC section 2).
import { PageType } from '../../engine/ts/enums.js';

/** The commerce pages the storefront serves, by the theme template that renders each. */
export const COMMERCE_PAGE_TYPES = {
  cart: PageType.SHOW_CART,
  checkout: PageType.CHECKOUT,
  'order-confirmed': PageType.ORDER_CONFIRMED,
  // A site user's account pages (sign-in, sign-up, /account): made by the app, shown as a page.
  account: PageType.PAGE,
  // Instead of a locked or member page (app/access, app/storefront/access-page.server.ts).
  'lock-screen': PageType.LOCK_SCREEN,
  'protected-content': PageType.PROTECTED_CONTENT,
  'member-area-access-denied': PageType.MEMBER_AREA_ACCESS_DENIED,
  paywall: PageType.PAYWALL,
} as const;
