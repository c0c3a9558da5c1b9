// The public enumerations of the content model (SPEC sections 2 and 3): the numbers that page data
// carries and templates test. One definition, exported by the engine for the app to use too.

/** Page types (SPEC 2): the kind of page a context renders. */
export const PageType = {
  MAIN_CONTENT: 1,
  PAGE: 2,
  SPLASH_PAGE: 3,
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  POPUP_OVERLAY: 104,
  PROTECTED_CONTENT: 105,
  MEMBER_AREA_ACCESS_DENIED: 106,
  PAYWALL: 107,
  SHOW_CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
  DONATE: 203,
  CONTRIBUTION_CONFIRMED: 204,
  CART_V2: 205,
  SUBSCRIPTION_CONFIRMED: 206,
  ORDER_RECEIVED: 207,
  MEMBERSHIP_CONFIRMED: 208,
  REVIEWS_REQUEST: 209,
  DIGITAL_PRODUCT_COMPOSER_PREVIEW: 210,
  ORDER_STATUS: 211,
  NEWSLETTER_UNSUBSCRIBE: 300,
  COMMERCE_EMAIL_PREVIEW: 301,
  SINGLE_SIGN_ON: 400,
} as const;
export type PageType = (typeof PageType)[keyof typeof PageType];

/**
 * Product types known to the template engine (SPEC 3 also names paywall 5, which the engine does
 * not list: a product of that type renders as one of unknown type).
 */
export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
} as const;
export type ProductType = (typeof ProductType)[keyof typeof ProductType];

/** Record types (SPEC 3): an item's `recordType`; most have a `{name}?` predicate. */
export const RecordType = {
  TEXT: 1,
  IMAGE: 2,
  QUOTE: 4,
  LINK: 5,
  CHAT: 6,
  AUDIO: 7,
  VIDEO: 8,
  REVIEW: 10,
  STORE_ITEM: 11,
  EVENT: 12,
  THREAD: 13,
  GALLERY: 14,
  BINARY: 15,
  CSS_ASSET: 16,
  TWEAK_ASSET: 17,
  DIGITAL_GOOD: 18,
  ATTACHMENT: 19,
  WORDPRESS_EXPORT: 20,
  JSON_EXPORT: 21,
  SITE_SEARCH: 30,
  ACTIVE_TIME: 31,
  TWEET: 50,
  CHECKIN: 52,
  KBARTICLE: 54,
  LESSON: 62,
} as const;
export type RecordType = (typeof RecordType)[keyof typeof RecordType];

/** Collection types (SPEC 3): a collection's `type`. */
export const CollectionType = {
  GENERIC: 1,
  SUBSCRIPTION: 2,
  TWITTER: 3,
  FOURSQUARE: 4,
  INSTAGRAM: 5,
  GALLERY_BLOCK: 6,
  TEMPLATE_PAGE: 7,
  SPLASH_PAGE: 8,
  COLLECTION_TYPE_PAGE: 10,
  FIVEHUNDREDPIX: 11,
  FLICKR: 12,
  PRODUCTS: 13,
  SLIDE_GALLERY: 15,
  SLIDE_ALBUM: 16,
  SLIDE_VIDEO: 17,
  ALBUM_BLOCK: 18,
  LESSONS: 24,
  COURSE: 25,
} as const;
export type CollectionType = (typeof CollectionType)[keyof typeof CollectionType];
