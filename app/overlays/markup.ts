// Small HTML helpers the overlay screens share: escaping the owner's plain texts, their blank-line
// paragraphs, and the style tweak as CSS custom properties.
import type { StyleTweak } from './tweaks.js';
import { parseColour } from '../design/colour.js';
import { escapeHtml } from '../utils/html.js';

/** Owner texts are plain text (no HTML to sanitise): blank lines make paragraphs, line ends <br>. */
export function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** The style tweak as custom properties (`--popup-bg`...); an unset colour keeps the CSS default. */
export function overlayStyle(style: StyleTweak, prefix: string): string {
  const parts = [`--${prefix}-radius:${style.radius}px`];
  if (style.background) parts.push(`--${prefix}-bg:${style.background}`);
  if (style.textColour) parts.push(`--${prefix}-text:${style.textColour}`);
  if (style.accent) parts.push(`--${prefix}-accent:${style.accent}`, `--${prefix}-on-accent:${textOn(style.accent)}`);
  return parts.join(';');
}

/** SPEC 9's colour darkness: luminance (299 r, 587 g, 114 b over 1000) below 0.65 x 256 is dark. */
export function isDark(colour: string): boolean {
  const c = parseColour(colour);
  if (!c.ok) return false;
  const { r, g, b } = c.rgba;
  return (299 * r + 587 * g + 114 * b) / 1000 < 0.65 * 256;
}

/** The text colour that reads on `background`: white on a dark one, near black on a light one. */
export const textOn = (background: string) => (isDark(background) ? '#fff' : '#111');
