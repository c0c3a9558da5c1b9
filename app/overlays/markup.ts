// Small HTML helpers the overlay screens share: escaping the owner's plain texts, their blank-line
// paragraphs, and the style tweak as CSS custom properties.
import type { StyleTweak } from './tweaks.js';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);

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
  if (style.accent) parts.push(`--${prefix}-accent:${style.accent}`);
  return parts.join(';');
}
