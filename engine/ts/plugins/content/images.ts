// Image and video markup: the image/video formatters, image meta attributes, srcset, and the
// size arithmetic on `originalSize` strings ("WxH").
import type { Context } from '../../context.js';
import type { Formatter, Kernels } from '../../types.js';
import { asNumber, asString, getChild, isTruthy, stripTags } from './values.js';
import { BlockType } from './enums.js';
import { colorAttributes } from './colors.js';

/** Alt text taken from an image body is cut at this many code units (SPEC section 9). */
const ALT_TEXT_MAX = 250;

/** The srcset widths; a variant list ending on one of them gets the original at the next. */
const SRCSET_STEPS = ['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w'];

const INVALID_SOURCE = "Invalid source parameter. Pass in 'originalSize'";

/** The alt text an image falls back to: title, else the body without markup, else the file name. */
function fallbackAlt(image: unknown): string {
  const title = getChild(image, 'title');
  if (isTruthy(title)) return asString(title);
  // A body that is a list or an object is passed over, unlike a title.
  const body = getChild(image, 'body');
  if (isTruthy(body) && typeof body !== 'object') {
    const text = stripTags(asString(body));
    return text.length > ALT_TEXT_MAX ? text.slice(0, ALT_TEXT_MAX) : text;
  }
  const filename = getChild(image, 'filename');
  return isTruthy(filename) ? asString(filename) : '';
}

function focalPoint(image: unknown): string {
  const fp = getChild(image, 'mediaFocalPoint');
  if (fp === undefined) return '0.5,0.5';
  return asNumber(getChild(fp, 'x')) + ',' + asNumber(getChild(fp, 'y'));
}

/** The data attributes of an image (with a trailing space); `alt` is already escaped. */
function imageMeta(image: unknown, alt: string): string {
  let out = '';
  const preview = getChild(image, 'licensedAssetPreview');
  if (preview !== null && typeof preview === 'object' && !Array.isArray(preview)) {
    out += 'data-licensed-asset-preview="true" ';
  }
  const key = getChild(image, 'componentKey');
  if (key !== undefined) out += 'data-component-key="' + asString(key) + '" ';
  const url = asString(getChild(image, 'assetUrl'));
  return (
    out +
    'data-src="' +
    url +
    '" data-image="' +
    url +
    '" data-image-dimensions="' +
    asString(getChild(image, 'originalSize')) +
    '" data-image-focal-point="' +
    focalPoint(image) +
    '" alt="' +
    alt +
    '" '
  );
}

function metaOf(image: unknown, k: Kernels): string {
  return image === undefined ? '' : imageMeta(image, k.escapeAttr(fallbackAlt(image)));
}

const imageMetaF: Formatter = (ctx, _args, vars) => {
  vars[0].value = metaOf(vars[0].value, ctx.kernels);
};

const childImageMeta: Formatter = (ctx, args, vars) => {
  const index = args.length > 0 ? parseInt(args[0], 10) : 0;
  const items = getChild(vars[0].value, 'items');
  vars[0].value = Number.isNaN(index) ? '' : metaOf(getChild(items, String(index)), ctx.kernels);
};

const coverImageMeta: Formatter = (ctx, _args, vars) => {
  vars[0].value = metaOf(getChild(vars[0].value, 'coverImage'), ctx.kernels);
};

/** The block type governing an image: its own `blockType`, else the nearest one in scope. */
function blockTypeOf(ctx: Context, image: unknown): unknown {
  const own = getChild(image, 'blockType');
  return own !== undefined ? own : ctx.resolve(['blockType']);
}

const image: Formatter = (ctx, args, vars) => {
  const img = vars[0].value;
  const k = ctx.kernels;
  const cls = args.length === 1 ? args[0] : 'thumb-image';
  // Image blocks carry an author-written alt text; everything else derives one.
  const raw = asNumber(blockTypeOf(ctx, img)) === BlockType.IMAGE ? asString(getChild(img, 'altText')).trim() : fallbackAlt(img);
  const alt = k.escapeAttr(raw);
  // The published engine escapes the alt text a second time inside the meta attributes.
  const meta = img === undefined ? '' : imageMeta(img, k.escapeAttr(alt));
  vars[0].value =
    '<noscript><img src="' +
    asString(getChild(img, 'assetUrl')) +
    '" alt="' +
    alt +
    '" /></noscript>' +
    '<img class="' +
    cls +
    '" ' +
    meta +
    'data-load="false" data-image-id="' +
    asString(getChild(img, 'id')) +
    '" data-type="image" />';
};

const imageSrcset: Formatter = (_ctx, _args, vars) => {
  const img = vars[0].value;
  const variants = asString(getChild(img, 'systemDataVariants')).split(',');
  const url = asString(getChild(img, 'assetUrl'));
  const parts: string[] = [];
  let last = '';
  for (const v of variants) {
    if (v.length === 0 || v.charCodeAt(v.length - 1) !== 119 /* w */) continue;
    parts.push(url + '?format=' + v + ' ' + v);
    last = v;
  }
  // Nothing usable: the value is left as it was.
  if (parts.length === 0) return;
  const step = SRCSET_STEPS.indexOf(last);
  if (step >= 0 && step < SRCSET_STEPS.length - 1) {
    parts.push(url + '?format=original ' + SRCSET_STEPS[step + 1]);
  }
  vars[0].value = ' srcset="' + parts.join(',') + '"';
};

/** `"WxH"` split in two, or null when the value is not a string of exactly two parts. */
function splitSize(v: unknown): [string, string] | null {
  if (typeof v !== 'string') return null;
  const x = v.indexOf('x');
  if (x < 0 || v.indexOf('x', x + 1) >= 0) return null;
  return [v.slice(0, x), v.slice(x + 1)];
}

const width: Formatter = (_ctx, _args, vars) => {
  const s = splitSize(vars[0].value);
  vars[0].value = s === null ? undefined : parseInt(s[0], 10);
};

const height: Formatter = (_ctx, _args, vars) => {
  const s = splitSize(vars[0].value);
  vars[0].value = s === null ? undefined : parseInt(s[1], 10);
};

/** Integer arithmetic as the published engine does it (32-bit truncation, NaN to 0). */
function scale(a: number, b: number, c: number): number {
  return ((a * b) / c) | 0;
}

const resizedHeightForWidth: Formatter = (_ctx, args, vars) => {
  const s = splitSize(vars[0].value);
  if (s === null) {
    vars[0].value = INVALID_SOURCE;
    return;
  }
  vars[0].value = scale(parseInt(s[1], 10), parseInt(args[0], 10), parseInt(s[0], 10));
};

const resizedWidthForHeight: Formatter = (_ctx, args, vars) => {
  const s = splitSize(vars[0].value);
  if (s === null) {
    vars[0].value = INVALID_SOURCE;
    return;
  }
  vars[0].value = scale(parseInt(s[0], 10), parseInt(args[0], 10), parseInt(s[1], 10));
};

/** The Squarespace thumbnail variant for a wanted width (anything not a number gets the smallest). */
export function thumbnailForWidth(w: number): string {
  if (w > 1000) return '1500w';
  if (w > 750) return '1000w';
  if (w > 500) return '750w';
  if (w > 300) return '500w';
  if (w > 100) return '300w';
  return '100w';
}

const squarespaceThumbnailForWidth: Formatter = (_ctx, args, vars) => {
  vars[0].value = thumbnailForWidth(parseInt(args[0], 10));
};

const squarespaceThumbnailForHeight: Formatter = (_ctx, args, vars) => {
  const s = splitSize(vars[0].value);
  if (s === null) {
    vars[0].value = INVALID_SOURCE;
    return;
  }
  vars[0].value = thumbnailForWidth(scale(parseInt(s[0], 10), parseInt(args[0], 10), parseInt(s[1], 10)));
};

const video: Formatter = (ctx, args, vars) => {
  const v = vars[0].value;
  let loadFalse = false;
  let withColors = false;
  for (const a of args) {
    if (a === 'load-false') loadFalse = true;
    else if (a === 'color-data') withColors = true;
  }
  const oembed = getChild(v, 'oembed');
  let out =
    '<div class="sqs-video-wrapper" ' +
    (loadFalse ? ' data-load="false" ' : '') +
    'data-html="' +
    ctx.kernels.escapeAttr(asString(getChild(oembed, 'html'))) +
    '" data-provider-name="' +
    asString(getChild(oembed, 'providerName')) +
    '">';
  if (isTruthy(getChild(v, 'overlay'))) {
    const thumb = isTruthy(getChild(v, 'mainImageId')) || isTruthy(getChild(v, 'systemDataId'));
    out += '<div class="sqs-video-overlay' + (thumb ? '' : ' no-thumb') + '" style="opacity: 0;">';
    if (thumb) {
      out +=
        '<img data-load="false" data-src="' +
        asString(getChild(v, 'assetUrl')) +
        '" data-image-dimensions="' +
        asString(getChild(v, 'originalSize')) +
        '" data-image-focal-point="' +
        focalPoint(v) +
        '"';
      const colorData = getChild(v, 'colorData');
      // Empty colour data ({} or []) writes no attributes, as the published engine does.
      if (withColors && isTruthy(colorData)) {
        out += ' ' + colorAttributes(colorData, true).trimEnd();
      }
      out += ' />';
    }
    out += '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div>';
  }
  vars[0].value = out + '</div>';
};

export const imageFormatters = {
  'child-image-meta': childImageMeta,
  'cover-image-meta': coverImageMeta,
  height,
  image,
  'image-meta': imageMetaF,
  'image-srcset': imageSrcset,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  video,
  width,
};
