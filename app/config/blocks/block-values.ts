// What a block's form shows: the saved settings, or after a failed post exactly what was typed.
// One flat shape for every type (text fields by name, a gallery's chosen images, a chart's grid),
// so the screens fill their inputs the same way with or without an error.
import type { BlockSettings, BlockType } from './block-types.js';
import { toTyped, typedDataset, type TypedDataset } from './chart.js';
import { altName, DEFAULT_GALLERY_OPTIONS, GALLERY_SWITCHES, type GallerySettings } from './gallery.js';

export interface BlockValues {
  /** Text fields and gallery options by name; a switch is 'on' or ''. */
  fields: Record<string, string>;
  /** A gallery's chosen file ids, in order. */
  images: string[];
  /** A chart's grid. */
  dataset: TypedDataset | null;
}

const EMPTY_CHART: TypedDataset = { kind: 'bar', title: '', labelHeading: '', columns: [], rows: [] };

function galleryFields(options: GallerySettings['options']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(options)) out[k] = typeof v === 'boolean' ? (v ? 'on' : '') : String(v);
  return out;
}

/** The form of a new block of `type`: the defaults (SPEC 3 for a gallery). */
export function newBlockValues(type: BlockType): BlockValues {
  if (type === 'gallery') return { fields: galleryFields(DEFAULT_GALLERY_OPTIONS), images: [], dataset: null };
  if (type === 'chart') return { fields: {}, images: [], dataset: EMPTY_CHART };
  if (type === 'code') return { fields: { language: 'plain', text: '' }, images: [], dataset: null };
  return { fields: {}, images: [], dataset: null };
}

/** The form of a saved block. */
export function savedBlockValues(type: BlockType, s: BlockSettings[BlockType] | null): BlockValues {
  if (!s) return newBlockValues(type);
  if (type === 'gallery') {
    const g = s as GallerySettings;
    const alts = Object.fromEntries(g.images.map((i) => [altName(i.fileId), i.alt]));
    return { fields: { ...galleryFields(g.options), ...alts }, images: g.images.map((i) => i.fileId), dataset: null };
  }
  if (type === 'chart') return { fields: {}, images: [], dataset: toTyped(s as BlockSettings['chart']) };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(s)) {
    // A video's oEmbed metadata is no field; a switch is 'on' or '' as the browser posts it.
    if (k === 'oembed') continue;
    fields[k] = typeof v === 'boolean' ? (v ? 'on' : '') : String(v ?? '');
  }
  return { fields, images: [], dataset: null };
}

/** The form as posted, to show again after an error. */
export function typedBlockValues(type: BlockType, form: URLSearchParams): BlockValues {
  const fields: Record<string, string> = {};
  for (const k of new Set(form.keys())) if (k !== 'image' && !/^(cell|label|column)\./.test(k)) fields[k] = form.get(k) ?? '';
  if (type === 'gallery') for (const k of Object.keys(GALLERY_SWITCHES)) fields[k] = form.has(k) && form.get(k) !== '' ? 'on' : '';
  return {
    fields,
    images: type === 'gallery' ? form.getAll('image') : [],
    dataset: type === 'chart' ? typedDataset(form).data : null,
  };
}
