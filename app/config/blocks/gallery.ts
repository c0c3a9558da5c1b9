// The gallery block's options (SPEC 3 "Gallery options": defaults and ranges) and the design rules
// of SPEC 4, applied whenever options are saved: slideshow turns thumbnails on; grid and stacked
// turn thumbnails and autoplay off. Keys are the spec's, which the engine's gallery predicates read.
import { z } from 'zod';

export const GALLERY_DESIGNS = ['grid', 'slideshow', 'slider', 'stacked'] as const;
export type GalleryDesign = (typeof GALLERY_DESIGNS)[number];
/** The options panel's names (SPEC 2: "slideshow, carousel (slider), grid, stacked"). */
export const DESIGN_LABELS: Record<GalleryDesign, string> = {
  grid: 'Grid',
  slideshow: 'Slideshow',
  slider: 'Carousel',
  stacked: 'Stacked',
};

export const ASPECT_RATIOS = {
  square: '1:1',
  standard: '3:2',
  'standard-vertical': '2:3',
  'four-three': '4:3',
  'three-four-vertical': '3:4',
  widescreen: '16:9',
  'anamorphic-widescreen': '2.40:1',
} as const;
export type AspectRatio = keyof typeof ASPECT_RATIOS;
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export const LIGHTBOX_THEMES = ['dark', 'light'] as const;

/** The numeric options: default and inclusive range (SPEC 3). */
export const GALLERY_NUMBERS = {
  'autoplay-duration': { label: 'Autoplay duration (seconds)', default: 5, min: 1, max: 10 },
  'thumbnail-strip-height': { label: 'Thumbnail strip height (px)', default: 80, min: 0, max: 200 },
  'thumbnail-strip-margin': { label: 'Thumbnail strip margin (px)', default: 20, min: 0, max: 60 },
  'thumbnails-per-row': { label: 'Thumbnails per row', default: 4, min: 1, max: 10 },
  padding: { label: 'Padding (px)', default: 20, min: 0, max: 50 },
  'max-width': { label: 'Maximum thumbnail width (px)', default: 300, min: 100, max: 300 },
} as const;
export type GalleryNumber = keyof typeof GALLERY_NUMBERS;

/** The yes/no options with their defaults (SPEC 3). */
export const GALLERY_SWITCHES = {
  autoplay: { label: 'Autoplay', default: false },
  controls: { label: 'Show controls', default: false },
  'auto-crop': { label: 'Crop images to the aspect ratio', default: true },
  'square-thumbs': { label: 'Square thumbnails', default: true },
  thumbnails: { label: 'Show thumbnails', default: false },
  'show-meta-basic': { label: 'Show basic meta', default: true },
  'show-meta': { label: 'Show titles and captions', default: true },
  'show-meta-only-title': { label: 'Titles only', default: false },
  'show-meta-on-hover': { label: 'Show meta on hover', default: false },
  lightbox: { label: 'Open images in a lightbox (link to the full image)', default: false },
  newWindow: { label: 'Open links in a new window', default: false },
  transparentBackground: { label: 'Transparent background', default: false },
} as const;
export type GallerySwitch = keyof typeof GALLERY_SWITCHES;

export const rangeText = (min: number, max: number) => `Choose a whole number from ${min} to ${max}.`;

/** A numeric option: a whole number in its range; a typed string is read as a number. */
const number = (key: GalleryNumber) => {
  const n = GALLERY_NUMBERS[key];
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
    z
      .number({ invalid_type_error: rangeText(n.min, n.max) })
      .int(rangeText(n.min, n.max))
      .min(n.min, rangeText(n.min, n.max))
      .max(n.max, rangeText(n.min, n.max))
      .default(n.default),
  );
};
const flag = (key: GallerySwitch) => z.boolean().default(GALLERY_SWITCHES[key].default);

/** The options as stored (JSON) and as the storefront reads them: every key present after parsing. */
export const GalleryOptions = z.object({
  design: z.enum(GALLERY_DESIGNS, { errorMap: () => ({ message: 'Choose a design.' }) }).default('grid'),
  'aspect-ratio': z
    .enum(Object.keys(ASPECT_RATIOS) as [AspectRatio, ...AspectRatio[]], { errorMap: () => ({ message: 'Choose an aspect ratio.' }) })
    .default('square'),
  'meta-position': z.enum(META_POSITIONS, { errorMap: () => ({ message: 'Choose a position.' }) }).default('bottom'),
  'active-alignment': z.enum(ALIGNMENTS, { errorMap: () => ({ message: 'Choose an alignment.' }) }).default('center'),
  lightboxTheme: z.enum(LIGHTBOX_THEMES, { errorMap: () => ({ message: 'Choose a lightbox theme.' }) }).default('dark'),
  'autoplay-duration': number('autoplay-duration'),
  'thumbnail-strip-height': number('thumbnail-strip-height'),
  'thumbnail-strip-margin': number('thumbnail-strip-margin'),
  'thumbnails-per-row': number('thumbnails-per-row'),
  padding: number('padding'),
  'max-width': number('max-width'),
  autoplay: flag('autoplay'),
  controls: flag('controls'),
  'auto-crop': flag('auto-crop'),
  'square-thumbs': flag('square-thumbs'),
  thumbnails: flag('thumbnails'),
  'show-meta-basic': flag('show-meta-basic'),
  'show-meta': flag('show-meta'),
  'show-meta-only-title': flag('show-meta-only-title'),
  'show-meta-on-hover': flag('show-meta-on-hover'),
  lightbox: flag('lightbox'),
  newWindow: flag('newWindow'),
  transparentBackground: flag('transparentBackground'),
});
export type GalleryOptions = z.infer<typeof GalleryOptions>;

export const DEFAULT_GALLERY_OPTIONS: GalleryOptions = GalleryOptions.parse({});

/** SPEC 4: slideshow turns thumbnails on; grid and stacked turn thumbnails and autoplay off. */
export function applyDesignRules(o: GalleryOptions): GalleryOptions {
  if (o.design === 'slideshow') return { ...o, thumbnails: true };
  if (o.design === 'grid' || o.design === 'stacked') return { ...o, thumbnails: false, autoplay: false };
  return o;
}

/** What a rule changed, for the owner's notice after a save ("Thumbnails were turned on..."). */
export function ruleNotes(before: GalleryOptions, after: GalleryOptions): string[] {
  const notes: string[] = [];
  const name = DESIGN_LABELS[after.design];
  if (before.thumbnails !== after.thumbnails)
    notes.push(`${name} galleries ${after.thumbnails ? 'always show' : 'never show'} thumbnails.`);
  if (before.autoplay !== after.autoplay) notes.push(`${name} galleries do not autoplay.`);
  return notes;
}

/** An image's alt text in a gallery, at most (the engine's alt-text limit, SPEC 9). */
export const GALLERY_ALT_MAX = 250;
/** The field of an image's alt text in the gallery form. */
export const altName = (fileId: string) => `alt.${fileId}`;

/** Images in one gallery at most. */
export const GALLERY_MAX_IMAGES = 50;

export const GallerySettings = z.object({
  /** Files of the file manager, in the order shown. */
  images: z
    .array(z.object({ fileId: z.string().min(1).max(64), alt: z.string().max(GALLERY_ALT_MAX).default('') }))
    .max(GALLERY_MAX_IMAGES, `A gallery holds at most ${GALLERY_MAX_IMAGES} images.`)
    .default([]),
  options: GalleryOptions.default({}),
});
export type GallerySettings = z.infer<typeof GallerySettings>;

/**
 * The options panel's form as an object: a switch is a checkbox (absent means off), the rest are
 * the typed strings, parsed by GalleryOptions (errors per key, as typed).
 */
export function galleryOptionsInput(form: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of ['design', 'aspect-ratio', 'meta-position', 'active-alignment', 'lightboxTheme'] as const) {
    const v = form.get(key);
    if (v !== null) out[key] = v;
  }
  for (const key of Object.keys(GALLERY_NUMBERS)) {
    const v = form.get(key);
    if (v !== null) out[key] = v;
  }
  for (const key of Object.keys(GALLERY_SWITCHES)) out[key] = form.has(key) && form.get(key) !== '';
  return out;
}
