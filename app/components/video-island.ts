// Video blocks with JavaScript on: the poster of a YouTube or Vimeo video becomes the provider's
// player only when the visitor clicks it (nothing of theirs loads before). Without JavaScript the
// poster is a link to the video's own page.
import { isPlayerSrc } from '../config/blocks/media.js';

/** Plays the video whose poster link `a` is, in place; false when `a` is no video poster. */
export function playVideoPoster(a: HTMLAnchorElement): boolean {
  const box = a.closest<HTMLElement>('[data-video-embed]');
  const src = box?.dataset.videoEmbed ?? '';
  // Only a player address of ours is framed (the page's CSP frame-src allows no other).
  if (!box || !isPlayerSrc(src)) return false;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = box.dataset.videoTitle ?? '';
  frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  a.replaceWith(frame);
  // The link that had focus is gone: focus goes to what replaced it.
  frame.focus();
  return true;
}
