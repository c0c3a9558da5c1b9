// A page's content blocks as the theme's page-blocks partial reads them (collection.blocks): each
// block has its type's key (image, video, audio, gallery, chart or code) holding what the partial
// prints. Settings are parsed again with app/config/blocks (defaults filled in); a block whose
// settings no longer parse, or whose file is gone, is left out rather than shown broken.
import type { PageBlocks } from '../catalog/page-blocks.server.js';
import { isBlockType, readSettings } from '../config/blocks/block-types.js';
import { CHART_KIND_LABELS } from '../config/blocks/chart.js';
import { ASPECT_RATIOS } from '../config/blocks/gallery.js';
import { videoEmbed } from '../config/blocks/media.js';

type ImageJson = { assetUrl: string; originalSize: string | null; altText: string; title: string; filename: string; slideId: string };

export type BlockJson = {
  id: string;
  type: string;
  image?: { assetUrl: string; originalSize: string | null; altText: string; caption: string; link: string; blockType: number };
  video?: {
    assetUrl: string;
    contentType: string;
    /** A web address that is no YouTube or Vimeo video: a link. */
    url: string;
    title: string;
    caption: string;
    /** A YouTube or Vimeo video: a poster that loads the player when the visitor asks. */
    embed: { src: string; pageUrl: string; provider: string; title: string; poster: string } | null;
    /** SPEC 3: the overlay and its image (mainImageId), and oEmbed's provider name. */
    overlay: boolean;
    mainImageId: string;
    poster: string;
    oembed: { providerName: string };
  };
  audio?: { title: string; assetUrl: string; structuredContent: { audioAssetUrl: string } };
  gallery?: { options: Record<string, unknown>; items: ImageJson[]; newWindow: boolean; cssVars: string };
  chart?: {
    kind: string;
    title: string;
    labelHeading: string;
    columns: string[];
    rows: { label: string; values: string[] }[];
    json: string;
    summary: string;
  };
  code?: { language: string; text: string };
  /** A form block: its HTML, made by app/forms (a form that no longer exists leaves the block out). */
  form?: { html: string };
};

const stem = (name: string) => name.replace(/\.[A-Za-z0-9]{1,8}$/, '');
/** The engine's block type number of an image block (SPEC 3), which its image formatters read. */
const IMAGE_BLOCK = 5;

export function shapeBlocks(page: PageBlocks | undefined, forms: Record<string, string> = {}): BlockJson[] {
  if (!page) return [];
  const out: BlockJson[] = [];
  for (const b of page.blocks) {
    if (b.type === 'form') {
      if (forms[b.id] !== undefined) out.push({ id: b.id, type: b.type, form: { html: forms[b.id] } });
      continue;
    }
    if (!isBlockType(b.type)) continue;
    const file = (id: string) => page.files[id] ?? null;
    const base = { id: b.id, type: b.type };
    switch (b.type) {
      case 'image': {
        const s = readSettings('image', b.settings);
        const f = s && file(s.fileId);
        if (s && f) {
          out.push({
            ...base,
            image: {
              assetUrl: f.url,
              originalSize: f.originalSize,
              altText: s.altText,
              caption: s.caption,
              link: s.link,
              blockType: IMAGE_BLOCK,
            },
          });
        }
        break;
      }
      case 'video': {
        const s = readSettings('video', b.settings);
        const f = s?.fileId ? file(s.fileId) : null;
        if (s && (f || s.url)) {
          const embed = f ? null : videoEmbed(s.url);
          // The owner's title, else the provider's (oEmbed, when it answered), else the file's name.
          const title = s.title || s.oembed?.title || (f ? stem(f.name) : 'Watch the video');
          const thumb = s.overlay && s.thumbnailFileId ? file(s.thumbnailFileId) : null;
          const poster = thumb?.contentType.startsWith('image/') ? thumb.url : '';
          const providerName = s.oembed?.providerName || embed?.providerName || '';
          out.push({
            ...base,
            video: {
              assetUrl: f?.url ?? '',
              contentType: f?.contentType ?? '',
              url: f || embed ? '' : s.url,
              title,
              caption: s.caption,
              embed: embed
                ? { src: embed.src, pageUrl: embed.pageUrl, provider: embed.provider, title: `${title} (${providerName})`, poster }
                : null,
              overlay: poster !== '',
              mainImageId: poster ? s.thumbnailFileId : '',
              poster,
              oembed: { providerName },
            },
          });
        }
        break;
      }
      case 'audio': {
        const s = readSettings('audio', b.settings);
        const f = s && file(s.fileId);
        if (s && f)
          out.push({ ...base, audio: { title: s.title || stem(f.name), assetUrl: f.url, structuredContent: { audioAssetUrl: f.url } } });
        break;
      }
      case 'gallery': {
        const s = readSettings('gallery', b.settings);
        if (!s) break;
        const items = s.images.flatMap((i, n) => {
          const f = file(i.fileId);
          if (!f || !f.contentType.startsWith('image/')) return [];
          // The owner's alt text, else the file's name (as the engine falls back to a file name).
          const title = i.alt || stem(f.name);
          return [
            { assetUrl: f.url, originalSize: f.originalSize, altText: title, title, filename: f.name, slideId: `block-${b.id}-${n + 1}` },
          ];
        });
        if (items.length === 0) break;
        const o = s.options;
        const ratio = ASPECT_RATIOS[o['aspect-ratio']].replace(':', ' / ');
        const cssVars = [
          `--gallery-columns: ${o['thumbnails-per-row']}`,
          `--gallery-padding: ${o.padding}px`,
          `--gallery-max-width: ${o['max-width']}px`,
          `--gallery-thumb-height: ${o['thumbnail-strip-height']}px`,
          `--gallery-thumb-margin: ${o['thumbnail-strip-margin']}px`,
          `--gallery-ratio: ${ratio}`,
        ].join('; ');
        out.push({ ...base, gallery: { options: { ...o }, items, newWindow: o.newWindow, cssVars } });
        break;
      }
      case 'chart': {
        const s = readSettings('chart', b.settings);
        if (!s) break;
        const kind = CHART_KIND_LABELS[s.kind];
        out.push({
          ...base,
          chart: {
            kind: s.kind,
            title: s.title,
            // A table's first header is never empty (screen readers announce it with each row label).
            labelHeading: s.labelHeading || 'Label',
            columns: s.columns,
            rows: s.rows.map((r) => ({ label: r.label, values: r.values.map((v) => String(v)) })),
            json: JSON.stringify({ kind: s.kind, columns: s.columns, rows: s.rows }),
            summary: `${kind} chart${s.title ? `: ${s.title}` : ''}. The data is in the table that follows.`,
          },
        });
        break;
      }
      case 'code': {
        const s = readSettings('code', b.settings);
        if (s) out.push({ ...base, code: { language: s.language, text: s.text } });
        break;
      }
    }
  }
  return out;
}
