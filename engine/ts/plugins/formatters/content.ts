// Formatters of the content domain: items, images, video, audio and colours. The image and colour
// formatters live in ../content/; this file holds the small ones and the table.
import type { Formatter, FormatterTable } from '../../types.js';
import type { Context } from '../../context.js';
import { toText } from '../../values.js';
import { asNumber, asString, getChild, isTruthy } from '../content/values.js';
import { ProductType, RecordType } from '../content/enums.js';
import { imageFormatters } from '../content/images.js';
import { colorFormatters } from '../content/colors.js';

/**
 * A field of the value, else the nearest one in scope: some formatters read fields as if the
 * value were pushed on the stack.
 */
function scoped(ctx: Context, item: unknown, key: string): unknown {
  const own = getChild(item, key);
  return own !== undefined ? own : ctx.resolve([key]);
}

/**
 * One class per element of a list, each slugified. An object gives one bare prefix per key, as
 * in the published engine (which indexes it like an array and finds nothing).
 */
function classList(list: unknown, prefix: string, slugify: (s: string) => string): string {
  if (list === null || typeof list !== 'object') return '';
  let out = '';
  if (Array.isArray(list)) {
    for (const v of list) out += prefix + slugify(asString(v));
  } else {
    for (const _ in list) out += prefix;
  }
  return out;
}

const absUrl: Formatter = (ctx, _args, vars) => {
  const v = vars[0].value;
  vars[0].value = asString(scoped(ctx, v, 'base-url')) + '/' + asString(v);
};

const audioPlayer: Formatter = (_ctx, _args, vars) => {
  const item = vars[0].value;
  const id = toText(getChild(item, 'id'));
  const url = toText(getChild(getChild(item, 'structuredContent'), 'audioAssetUrl'));
  vars[0].value =
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    '<div class="squarespace-audio-player" data-audio-asset-url="' +
    url +
    '" data-item-id="' +
    id +
    '" id="audio-player-' +
    id +
    '"></div>';
};

const capitalize: Formatter = (_ctx, _args, vars) => {
  vars[0].value = asString(vars[0].value).toUpperCase();
};

/** Milliseconds as minutes:seconds, with the published engine's 32-bit integer arithmetic. */
const humanizeDuration: Formatter = (_ctx, _args, vars) => {
  const total = (asNumber(vars[0].value) / 1000) | 0;
  const minutes = (total / 60) | 0;
  const seconds = String(total % 60);
  vars[0].value = minutes + ':' + (seconds.length < 2 ? '0' + seconds : seconds);
};

/** on-sale / sold-out state of a store item, as item-classes reports it. */
function productFlags(item: unknown): { onSale: boolean; soldOut: boolean } {
  const content = getChild(item, 'structuredContent');
  const type = asNumber(getChild(content, 'productType'));
  if (type === ProductType.DIGITAL || type === ProductType.GIFT_CARD) return { onSale: false, soldOut: false };
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return { onSale: false, soldOut: true };
  const variants = getChild(content, 'variants');
  let onSale = false;
  let inStock = false;
  if (Array.isArray(variants)) {
    for (const v of variants) {
      if (isTruthy(getChild(v, 'onSale'))) onSale = true;
      if (isTruthy(getChild(v, 'unlimited')) || asNumber(getChild(v, 'qtyInStock')) > 0) inStock = true;
    }
  }
  return { onSale, soldOut: !inStock };
}

const itemClasses: Formatter = (ctx, _args, vars) => {
  const item = vars[0].value;
  const slugify = ctx.kernels.slugify;
  let out = 'hentry';
  const promoted = scoped(ctx, item, 'promotedBlockType');
  if (isTruthy(promoted)) out += ' promoted promoted-block-' + slugify(asString(promoted));
  out += classList(scoped(ctx, item, 'categories'), ' category-', slugify);
  out += classList(scoped(ctx, item, 'tags'), ' tag-', slugify);
  const author = getChild(scoped(ctx, item, 'author'), 'displayName');
  if (isTruthy(author)) out += ' author-' + slugify(asString(author));
  out += ' post-type-' + asString(scoped(ctx, item, 'recordTypeLabel'));
  const index = ctx.resolve(['@index']);
  if (index !== undefined) out += ' article-index-' + index;
  if (isTruthy(scoped(ctx, item, 'starred'))) out += ' featured';
  if (asNumber(getChild(item, 'recordType')) === RecordType.STORE_ITEM) {
    const { onSale, soldOut } = productFlags(item);
    if (onSale) out += ' on-sale';
    if (soldOut) out += ' sold-out';
  }
  vars[0].value = out;
};

export const formatters: FormatterTable = {
  AbsUrl: absUrl,
  'audio-player': audioPlayer,
  capitalize,
  humanizeDuration,
  'item-classes': itemClasses,
  ...imageFormatters,
  ...colorFormatters,
};
