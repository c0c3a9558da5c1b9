// The six kinds of content block a page can hold after its body, and the one way a block's form
// becomes its settings (zod per type; gallery design rules and chart truncation applied here).
import type { z } from 'zod';
import { AudioSettings, ImageSettings, VideoSettings } from './media.js';
import { CHART_TEXT, ChartSettings, typedDataset, validateDataset, type TypedDataset } from './chart.js';
import { CodeSettings } from './code.js';
import { FormBlockSettings } from './form.js';
import {
  altName,
  applyDesignRules,
  GALLERY_ALT_MAX,
  GALLERY_MAX_IMAGES,
  galleryOptionsInput,
  GalleryOptions,
  GallerySettings,
  ruleNotes,
} from './gallery.js';

export const BLOCK_TYPES = ['gallery', 'chart', 'code', 'video', 'audio', 'image', 'form'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export const isBlockType = (v: unknown): v is BlockType => (BLOCK_TYPES as readonly unknown[]).includes(v);

export const BLOCK_LABELS: Record<BlockType, string> = {
  gallery: 'Gallery',
  chart: 'Chart',
  code: 'Code',
  video: 'Video',
  audio: 'Audio',
  image: 'Image',
  form: 'Form',
};
export const BLOCK_HINTS: Record<BlockType, string> = {
  gallery: 'Images from your files as a grid, slideshow, carousel or stack.',
  chart: 'A bar, line or pie chart of a small table of numbers.',
  code: 'Code shown as text, for readers to copy.',
  video: 'A video file, or a link to a video elsewhere.',
  audio: 'An audio file with a player.',
  image: 'One image with alt text, a caption and a link.',
  form: 'One of the site’s forms, for visitors to fill in.',
};

/** Blocks on one page at most: SPEC 9's "max blocks per layout". */
export const MAX_BLOCKS = 60;

const SCHEMAS = {
  gallery: GallerySettings,
  chart: ChartSettings,
  code: CodeSettings,
  video: VideoSettings,
  audio: AudioSettings,
  image: ImageSettings,
  form: FormBlockSettings,
} satisfies Record<BlockType, z.ZodTypeAny>;

export type BlockSettings = {
  gallery: GallerySettings;
  chart: ChartSettings;
  code: CodeSettings;
  video: VideoSettings;
  audio: AudioSettings;
  image: ImageSettings;
  form: FormBlockSettings;
};

/** A stored block's settings, parsed again (defaults filled in); null when they no longer parse. */
export function readSettings<T extends BlockType>(type: T, json: unknown): BlockSettings[T] | null {
  // A block of a type with no schema here reads as no settings.
  const schema = (SCHEMAS as Partial<typeof SCHEMAS>)[type];
  if (!schema) return null;
  const r = schema.safeParse(json ?? {});
  return r.success ? (r.data as BlockSettings[T]) : null;
}

export type ParsedBlock<T extends BlockType = BlockType> =
  | { ok: true; settings: BlockSettings[T]; notes: string[] }
  | { ok: false; error: string | null; fields: Record<string, string>; dataset?: TypedDataset };

function fieldErrors(issues: z.ZodIssue[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || 'form';
    out[key] ??= i.message;
  }
  return out;
}

/**
 * A block's form as settings. Gallery: the options panel (SPEC 3 ranges) then the design rules
 * (SPEC 4), with a note for each option a rule changed. Chart: the dataset grid, truncated to the
 * limits (noted), then checked with the SPEC 5 texts; a failure returns the typed grid.
 */
export function parseBlockForm<T extends BlockType>(type: T, form: URLSearchParams): ParsedBlock<T> {
  const notes: string[] = [];
  if (type === 'gallery') {
    const opts = GalleryOptions.safeParse(galleryOptionsInput(form));
    const ids = [...new Set(form.getAll('image').filter((v) => v !== ''))];
    const fields = opts.success ? {} : fieldErrors(opts.error.issues);
    if (ids.length > GALLERY_MAX_IMAGES) fields.image = `A gallery holds at most ${GALLERY_MAX_IMAGES} images.`;
    if (!opts.success || fields.image) return { ok: false, error: null, fields };
    const options = applyDesignRules(opts.data);
    notes.push(...ruleNotes(opts.data, options));
    // An alt text longer than the limit is cut, as a chart's labels are.
    const alt = (id: string) => [...(form.get(altName(id)) ?? '').trim()].slice(0, GALLERY_ALT_MAX).join('');
    const images = ids.map((fileId) => ({ fileId, alt: alt(fileId) }));
    return { ok: true, settings: { images, options } as BlockSettings[T], notes };
  }
  if (type === 'chart') {
    const { data, truncated } = typedDataset(form);
    if (truncated) notes.push(CHART_TEXT.truncated);
    const v = validateDataset(data);
    if (!v.ok) return { ok: false, error: v.error, fields: {}, dataset: data };
    return { ok: true, settings: v.value as BlockSettings[T], notes };
  }
  const input = Object.fromEntries([...form.keys()].map((k) => [k, form.get(k) ?? '']));
  const r = SCHEMAS[type].safeParse(input);
  if (!r.success) return { ok: false, error: null, fields: fieldErrors(r.error.issues) };
  return { ok: true, settings: r.data as BlockSettings[T], notes };
}

/** The file ids a block refers to (checked against the site's files on save). */
export function fileIdsOf(type: BlockType, s: BlockSettings[BlockType]): string[] {
  if (type === 'gallery') return (s as GallerySettings).images.map((i) => i.fileId);
  if (type === 'image' || type === 'audio') return [(s as ImageSettings | AudioSettings).fileId];
  if (type === 'video') return (s as VideoSettings).fileId ? [(s as VideoSettings).fileId] : [];
  return [];
}

/** One line describing a block in the page's list of blocks. */
export function blockSummary(
  type: BlockType,
  s: BlockSettings[BlockType] | null,
  fileName: (id: string) => string | null,
  formName: (id: string) => string | null = () => null,
): string {
  if (!s) return 'Needs attention: open it and save again.';
  switch (type) {
    case 'gallery': {
      const g = s as GallerySettings;
      const n = g.images.filter((i) => fileName(i.fileId) !== null).length;
      return `${n} image${n === 1 ? '' : 's'}, ${g.options.design === 'slider' ? 'carousel' : g.options.design}`;
    }
    case 'chart': {
      const c = s as ChartSettings;
      return `${c.title ? `${c.title}: ` : ''}${c.kind} chart, ${c.rows.length} row${c.rows.length === 1 ? '' : 's'} × ${c.columns.length} column${c.columns.length === 1 ? '' : 's'}`;
    }
    case 'code': {
      const c = s as CodeSettings;
      const first = c.text.split('\n').find((l) => l.trim() !== '') ?? '';
      return `${c.language}: ${first.length > 60 ? `${first.slice(0, 60)}…` : first}`;
    }
    case 'video': {
      const v = s as VideoSettings;
      return v.fileId ? (fileName(v.fileId) ?? 'File deleted') : v.url;
    }
    case 'audio':
    case 'image':
      return fileName((s as AudioSettings).fileId) ?? 'File deleted';
    case 'form':
      return formName((s as FormBlockSettings).formId) ?? 'Form deleted';
  }
}
