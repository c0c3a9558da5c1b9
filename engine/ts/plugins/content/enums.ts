// The enumerations of the content model (SPEC section 3) that templates test against.

export { CollectionType, ProductType, RecordType } from '../../enums.js';
import { RecordType } from '../../enums.js';

/**
 * Every record type has a `{name}?` predicate (ENGINE-SURFACE: one per record type of the spec).
 * The published engine lacks chat, review, thread and lesson (there, naming them is a syntax
 * error) but has `undefined?` for -1; we keep both sets.
 */
export const RECORD_TYPE_PREDICATES: ReadonlyArray<[string, number]> = [
  // Not a record type of the spec: the published engine's marker for an item without one.
  ['undefined', -1],
  ['text', RecordType.TEXT],
  ['image', RecordType.IMAGE],
  ['quote', RecordType.QUOTE],
  ['link', RecordType.LINK],
  ['chat', RecordType.CHAT],
  ['audio', RecordType.AUDIO],
  ['video', RecordType.VIDEO],
  ['review', RecordType.REVIEW],
  ['store-item', RecordType.STORE_ITEM],
  ['event', RecordType.EVENT],
  ['thread', RecordType.THREAD],
  ['gallery', RecordType.GALLERY],
  ['binary', RecordType.BINARY],
  ['css-asset', RecordType.CSS_ASSET],
  ['tweak-asset', RecordType.TWEAK_ASSET],
  ['digital-good', RecordType.DIGITAL_GOOD],
  ['attachment', RecordType.ATTACHMENT],
  ['wordpress-export', RecordType.WORDPRESS_EXPORT],
  ['json-export', RecordType.JSON_EXPORT],
  ['site-search', RecordType.SITE_SEARCH],
  ['active-time', RecordType.ACTIVE_TIME],
  ['tweet', RecordType.TWEET],
  ['checkin', RecordType.CHECKIN],
  ['kbarticle', RecordType.KBARTICLE],
  ['lesson', RecordType.LESSON],
];

/** Record types whose predicate also holds when a block of the same name was promoted. */
export const PROMOTED_RECORD_TYPES: ReadonlySet<string> = new Set(['video', 'image', 'quote', 'link', 'gallery']);

/** Promoted block types, each with a `promoted{NAME}?` predicate. */
export const PROMOTED_BLOCK_TYPES = [
  'map',
  'embed',
  'image',
  'code',
  'quote',
  'twitter',
  'link',
  'video',
  'foursquare',
  'instagram',
  'form',
] as const;

export const FolderBehavior = {
  INDEX: 1,
  REDIRECT: 2,
  NONE: 3,
} as const;

/** Background sources, each with a `background-source-{name}?` predicate. */
export const BACKGROUND_SOURCES: ReadonlyArray<[string, number]> = [
  ['undefined', -1],
  ['upload', 1],
  ['instagram', 2],
  ['video', 3],
  ['none', 4],
];

export const BlockType = {
  NAVIGATION: 1,
  HTML: 2,
  LOGO: 3,
  MAP: 4,
  IMAGE: 5,
  TWITTER: 6,
  JOURNAL: 7,
  GALLERY: 8,
  FORM: 9,
  GEO: 10,
  INDEX: 11,
  COLLECTIONLINK: 12,
  LINK: 13,
  TAGCLOUD: 14,
  COMMENTS: 16,
  FOLDER: 17,
  MENU: 18,
  SOCIALLINKS: 19,
  SUMMARY: 20,
  SPACER: 21,
  EMBED: 22,
  CODE: 23,
  FOURSQUARE: 24,
  INSTAGRAM: 25,
  CALENDAR: 26,
  POSTSBYAUTHOR: 27,
  POSTSBYTAG: 28,
  POSTSBYCATEGORY: 29,
  POSTSBYMONTH: 30,
  QUOTE: 31,
  VIDEO: 32,
  SEARCH: 33,
  AUDIO: 41,
  FIVEHUNDREDPIX: 42,
  PRODUCT: 43,
  MARKDOWN: 44,
  FLICKR: 45,
  AMAZON: 46,
  HORIZONTALRULE: 47,
  SOCIALACCOUNTLINKS: 48,
  RSS: 49,
  OPENTABLE: 50,
  NEWSLETTER: 51,
  DONATION: 52,
  BUTTON: 53,
  SOCIALACCOUNTLINKS_V2: 54,
  SUMMARY_V2: 55,
  SOUNDCLOUD: 56,
  EMAILFOOTER: 57,
  IN_BROWSER_MESSAGE_LINK: 58,
  TOURDATES: 59,
  ALBUM: 60,
  ARCHIVE: 61,
  CHART: 62,
  ZOLA: 63,
  ACUITY: 65,
  OPENTABLE_V2: 66,
  MEMBER_AREA: 67,
  TOCK: 68,
  ACCORDION: 69,
} as const;

/** Gallery options read as flags by `gallery-{name}?` (no defaults: an absent option is false). */
export const GALLERY_BOOLEAN_OPTIONS = [
  'autoplay',
  'auto-crop',
  'controls',
  'lightbox',
  'show-meta',
  'show-meta-on-hover',
  'square-thumbs',
  'thumbnails',
] as const;

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export const GALLERY_META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
export const GALLERY_ACTIVE_ALIGNMENTS = ['center', 'left', 'right'] as const;
