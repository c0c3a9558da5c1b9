// The image, video and audio blocks: each names a file of the file manager (app/config/files.server.ts)
// by id (looked up when the page renders); a video may instead be a web address: a YouTube or Vimeo
// one (by URL pattern, videoEmbed) is played in their player once the visitor asks, any other is a link.
import { z } from 'zod';

export const MEDIA_TEXT = {
  image: 'Choose an image from your files.',
  video: 'Choose a video file, or enter the video’s web address.',
  audio: 'Choose an audio file from your files.',
  url: 'Enter a web address starting with https:// or http://.',
  link: 'Enter a web address (https://…) or a path on this site (/about).',
  notYours: 'That file is not one of this site’s files of the right kind.',
  /** SPEC 5, exactly: a Vimeo video whose oEmbed says it is a Basic account's. */
  vimeoBasic: 'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
  thumbnail: 'Choose the image to show over the video.',
};

export type VideoProvider = 'youtube' | 'vimeo';

export interface VideoEmbed {
  provider: VideoProvider;
  providerName: string;
  /** The player's address, loaded only after the visitor asks (a frame-src of the page's CSP). */
  src: string;
  /** The video's own page: where the poster links without JavaScript. */
  pageUrl: string;
}

/** The players a page may frame: the page's CSP frame-src lists exactly these origins. */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube or Vimeo address as its player (by URL pattern), or null for any other address. */
export function videoEmbed(raw: string): VideoEmbed | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const parts = u.pathname.split('/').filter(Boolean);
  let youtube: string | null = null;
  if (host === 'youtu.be') youtube = parts[0] ?? null;
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (parts[0] === 'watch') youtube = u.searchParams.get('v');
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) youtube = parts[1] ?? null;
  }
  if (youtube !== null) {
    if (!YOUTUBE_ID.test(youtube)) return null;
    return {
      provider: 'youtube',
      providerName: 'YouTube',
      // youtube-nocookie: no tracking cookie until the visitor plays.
      src: `https://www.youtube-nocookie.com/embed/${youtube}?autoplay=1`,
      pageUrl: `https://www.youtube.com/watch?v=${youtube}`,
    };
  }
  let vimeo: string | null = null;
  let hash: string | null = null;
  if (host === 'vimeo.com' && /^\d{1,12}$/.test(parts[0] ?? '')) [vimeo, hash] = [parts[0], parts[1] ?? null];
  else if (host === 'player.vimeo.com' && parts[0] === 'video' && /^\d{1,12}$/.test(parts[1] ?? '')) {
    [vimeo, hash] = [parts[1], u.searchParams.get('h')];
  }
  if (vimeo === null) return null;
  // An unlisted video's address carries its hash: the player needs it too.
  const h = hash && /^[0-9a-f]{6,20}$/i.test(hash) ? hash : null;
  return {
    provider: 'vimeo',
    providerName: 'Vimeo',
    src: `https://player.vimeo.com/video/${vimeo}?autoplay=1&dnt=1${h ? `&h=${h}` : ''}`,
    pageUrl: `https://vimeo.com/${vimeo}${h ? `/${h}` : ''}`,
  };
}

/** Whether `src` is a player address videoEmbed makes (the browser island checks before framing it). */
export function isPlayerSrc(src: string): boolean {
  return (
    /^https:\/\/www\.youtube-nocookie\.com\/embed\/[A-Za-z0-9_-]{11}\?autoplay=1$/.test(src) ||
    /^https:\/\/player\.vimeo\.com\/video\/\d{1,12}\?autoplay=1&dnt=1(&h=[0-9a-f]{6,20})?$/i.test(src)
  );
}

const text = (max: number, what: string) => z.string().trim().max(max, `${what} is at most ${max} characters.`).default('');

const fileId = (message: string) => z.string({ required_error: message }).trim().min(1, message).max(64, message);

const webAddress = z
  .string()
  .trim()
  .max(2000, MEDIA_TEXT.url)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(s);
    } catch {
      return false;
    }
  }, MEDIA_TEXT.url);

export const ImageSettings = z.object({
  fileId: fileId(MEDIA_TEXT.image),
  altText: text(250, 'Alt text'),
  caption: text(500, 'A caption'),
  link: z
    .string()
    .trim()
    .max(2000, MEDIA_TEXT.link)
    .refine((s) => s === '' || /^\/(?!\/)[^\s]*$/.test(s) || webAddress.safeParse(s).success, MEDIA_TEXT.link)
    .default(''),
});
export type ImageSettings = z.infer<typeof ImageSettings>;

export const VideoSettings = z
  .object({
    fileId: z.string().trim().max(64).default(''),
    url: z.union([z.literal(''), webAddress]).default(''),
    title: text(200, 'A title'),
    caption: text(500, 'A caption'),
    /** SPEC 3's video overlay: an image of the site's own over the video until it is played. */
    overlay: z.preprocess((v) => v === true || v === 'on', z.boolean()),
    thumbnailFileId: z.string().trim().max(64).default(''),
    /**
     * What the provider's oEmbed said when the block was saved (app/config/blocks/oembed.server.ts):
     * used where it came, never required. Not a form field.
     */
    oembed: z
      .object({ title: z.string().max(300), providerName: z.string().max(100) })
      .optional()
      .catch(undefined),
  })
  .superRefine((v, ctx) => {
    if (v.fileId === '' && v.url === '') ctx.addIssue({ code: 'custom', path: ['fileId'], message: MEDIA_TEXT.video });
    if (v.overlay && v.thumbnailFileId === '') ctx.addIssue({ code: 'custom', path: ['thumbnailFileId'], message: MEDIA_TEXT.thumbnail });
  });
export type VideoSettings = z.infer<typeof VideoSettings>;

export const AudioSettings = z.object({
  fileId: fileId(MEDIA_TEXT.audio),
  title: text(200, 'A title'),
});
export type AudioSettings = z.infer<typeof AudioSettings>;
