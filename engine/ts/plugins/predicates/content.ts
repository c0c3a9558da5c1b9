// Predicates of the content domain: collections and folders, items (record types, promoted
// blocks, excerpts, images), events, backgrounds and gallery options. Most test the current node;
// calendar-view?, clickable?, collectionTypeNameEquals? and the gallery ones look the name up in
// scope, as the published engine does.
import type { Predicate, PredicateTable } from '../../types.js';
import type { Context } from '../../context.js';
import { asBoolean, asNumber, asString, getChild, isTruthy, stripTags } from '../content/values.js';
import {
  BACKGROUND_SOURCES,
  CollectionType,
  FolderBehavior,
  GALLERY_ACTIVE_ALIGNMENTS,
  GALLERY_BOOLEAN_OPTIONS,
  GALLERY_DESIGNS,
  GALLERY_META_POSITIONS,
  PROMOTED_BLOCK_TYPES,
  PROMOTED_RECORD_TYPES,
  RECORD_TYPE_PREDICATES,
} from '../content/enums.js';

const DAY_MS = 86400000;
/** Julian day of 1970-01-01 plus one, and the last day the published engine's calendar supports. */
const EPOCH_JULIAN_DAY = 2440588;
const MAX_JULIAN_DAY = 4881503;

function field(ctx: Context, key: string): unknown {
  return getChild(ctx.node(), key);
}

const calendarView: Predicate = (ctx) => asBoolean(ctx.resolve(['calendarView']));

const childImages: Predicate = (ctx) => {
  const items = field(ctx, 'items');
  if (!Array.isArray(items) || items.length === 0) return false;
  const first = items[0];
  return isTruthy(getChild(first, 'systemDataId')) || isTruthy(getChild(first, 'mainImageId'));
};

const clickable: Predicate = (ctx) => {
  const behavior = ctx.resolve(['folderBehavior']);
  if (behavior === undefined) return true;
  const n = asNumber(behavior);
  return n === FolderBehavior.INDEX || n === FolderBehavior.REDIRECT;
};

const collection: Predicate = (ctx) => isTruthy(field(ctx, 'collection'));

const collectionPage: Predicate = (ctx) => asNumber(getChild(field(ctx, 'collection'), 'type')) === CollectionType.COLLECTION_TYPE_PAGE;

const collectionTemplatePage: Predicate = (ctx) => {
  const c = field(ctx, 'collection');
  const type = c !== undefined ? getChild(c, 'type') : field(ctx, 'type');
  return asNumber(type) === CollectionType.TEMPLATE_PAGE;
};

const collectionTypeNameEquals: Predicate = (ctx, args) => args.length > 0 && asString(ctx.resolve(['typeName'])) === args[0];

const excerpt: Predicate = (ctx) => {
  let e = field(ctx, 'excerpt');
  if (e !== null && typeof e === 'object' && !Array.isArray(e)) e = getChild(e, 'html');
  return typeof e === 'string' && stripTags(e).trim().length > 0;
};

const externalLink: Predicate = (ctx) => isTruthy(field(ctx, 'externalLink'));

const folder: Predicate = (ctx) => isTruthy(getChild(field(ctx, 'collection'), 'folder'));

const galleryMeta: Predicate = (ctx) => {
  const options = ctx.resolve(['options']);
  return isTruthy(getChild(options, 'controls')) || isTruthy(getChild(options, 'indicators'));
};

const hasMultiple: Predicate = (ctx) => {
  const n = ctx.node();
  if (Array.isArray(n)) return n.length > 1;
  if (n === null || typeof n !== 'object') return false;
  let count = 0;
  for (const _ in n) if (++count > 1) return true;
  return false;
};

const index: Predicate = (ctx) => {
  const c = field(ctx, 'collection');
  return isTruthy(getChild(c, 'folder')) && getChild(c, 'folderBehavior') === FolderBehavior.INDEX;
};

const location: Predicate = (ctx) => {
  const loc = field(ctx, 'location');
  return getChild(loc, 'mapLat') !== undefined && getChild(loc, 'mapLng') !== undefined;
};

const mainImage: Predicate = (ctx) => isTruthy(field(ctx, 'mainImageId')) || isTruthy(field(ctx, 'systemDataId'));

const passthrough: Predicate = (ctx) => isTruthy(field(ctx, 'passthrough')) && asString(field(ctx, 'sourceUrl')) !== '';

const redirect: Predicate = (ctx) => asNumber(field(ctx, 'folderBehavior')) === FolderBehavior.REDIRECT;

/** Days since 1970-01-01 (UTC), failing where the published engine's calendar fails. */
function epochDay(ms: number): number {
  if (Number.isNaN(ms)) throw new Error('Invalid date in same-day?');
  const day = Math.floor(ms / DAY_MS);
  const julian = day + EPOCH_JULIAN_DAY;
  if (julian < 0 || julian > MAX_JULIAN_DAY) {
    throw new Error('Julian day ' + julian + ' is outside the supported range');
  }
  return day;
}

// The published engine compares calendar days in UTC, whatever the site's time zone.
const sameDay: Predicate = (ctx) => epochDay(asNumber(field(ctx, 'startDate'))) === epochDay(asNumber(field(ctx, 'endDate')));

const serviceNameEmail: Predicate = (ctx) => field(ctx, 'serviceName') === 'email';

const showPastEvents: Predicate = (ctx) => field(ctx, 'showPastOrUpcomingEvents') === 'past';

function recordType(name: string, type: number): Predicate {
  if (PROMOTED_RECORD_TYPES.has(name)) {
    return (ctx) => asNumber(field(ctx, 'recordType')) === type || field(ctx, 'promotedBlockType') === name;
  }
  return (ctx) => asNumber(field(ctx, 'recordType')) === type;
}

function galleryOption(ctx: Context, key: string): unknown {
  return getChild(ctx.resolve(['options']), key);
}

export const predicates: PredicateTable = {
  'calendar-view?': calendarView,
  'child-images?': childImages,
  'clickable?': clickable,
  'collection?': collection,
  'collection-page?': collectionPage,
  'collection-template-page?': collectionTemplatePage,
  'collectionTypeNameEquals?': collectionTypeNameEquals,
  'excerpt?': excerpt,
  'external-link?': externalLink,
  'folder?': folder,
  'gallery-meta?': galleryMeta,
  'has-multiple?': hasMultiple,
  'index?': index,
  'location?': location,
  'main-image?': mainImage,
  'passthrough?': passthrough,
  'redirect?': redirect,
  'same-day?': sameDay,
  'serviceNameEmail?': serviceNameEmail,
  'show-past-events?': showPastEvents,
};

for (const [name, type] of RECORD_TYPE_PREDICATES) predicates[name + '?'] = recordType(name, type);
// An externally hosted video is still a video item or a promoted video block.
predicates['external-video?'] = predicates['video?'];

for (const block of PROMOTED_BLOCK_TYPES) {
  predicates['promoted' + block.toUpperCase() + '?'] = (ctx) => field(ctx, 'promotedBlockType') === block;
}

for (const [name, code] of BACKGROUND_SOURCES) {
  predicates['background-source-' + name + '?'] = (ctx) => asNumber(field(ctx, 'backgroundSource')) === code;
}

for (const option of GALLERY_BOOLEAN_OPTIONS) {
  predicates['gallery-' + option + '?'] = (ctx) => asBoolean(galleryOption(ctx, option));
}
for (const design of GALLERY_DESIGNS) {
  predicates['gallery-design-' + design + '?'] = (ctx) => galleryOption(ctx, 'design') === design;
}
for (const position of GALLERY_META_POSITIONS) {
  predicates['gallery-meta-position-' + position + '?'] = (ctx) => galleryOption(ctx, 'meta-position') === position;
}
for (const alignment of GALLERY_ACTIVE_ALIGNMENTS) {
  predicates['gallery-active-alignment-' + alignment + '?'] = (ctx) => galleryOption(ctx, 'active-alignment') === alignment;
}
