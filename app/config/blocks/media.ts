// The image, video and audio blocks: each names a file of the file manager (app/config/files.server.ts)
// by id (looked up when the page renders); a video may instead be a web address, shown as a link
// since the storefront's CSP plays media from the site only.
import { z } from 'zod';

export const MEDIA_TEXT = {
  image: 'Choose an image from your files.',
  video: 'Choose a video file, or enter the video’s web address.',
  audio: 'Choose an audio file from your files.',
  url: 'Enter a web address starting with https:// or http://.',
  link: 'Enter a web address (https://…) or a path on this site (/about).',
  notYours: 'That file is not one of this site’s files of the right kind.',
};

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
  })
  .superRefine((v, ctx) => {
    if (v.fileId === '' && v.url === '') ctx.addIssue({ code: 'custom', path: ['fileId'], message: MEDIA_TEXT.video });
  });
export type VideoSettings = z.infer<typeof VideoSettings>;

export const AudioSettings = z.object({
  fileId: fileId(MEDIA_TEXT.audio),
  title: text(200, 'A title'),
});
export type AudioSettings = z.infer<typeof AudioSettings>;
