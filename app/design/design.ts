// A site's design choices (fonts and colours, website.settings.design) and what they become: CSS
// custom properties (--font-heading, --color-accent...) and the @font-face rules of the chosen
// fonts, put before the theme's stylesheet. Themes read them with their old values as fallbacks
// (var(--font-body, <old stack>)), so a site that chose nothing looks as it did.
import { parseColour } from './colour.js';
import { fontById, fontFaceCss, fontStack, type Font } from './fonts.js';

export const FONT_ROLES = [
  { key: 'headingFont', label: 'Headings', variable: '--font-heading' },
  { key: 'bodyFont', label: 'Body text', variable: '--font-body' },
] as const;

export const COLOUR_ROLES = [
  { key: 'background', label: 'Background', variable: '--color-background' },
  { key: 'text', label: 'Text', variable: '--color-text' },
  { key: 'accent', label: 'Links and accents', variable: '--color-accent' },
  { key: 'button', label: 'Buttons', variable: '--color-button' },
  { key: 'buttonText', label: 'Button text', variable: '--color-button-text' },
] as const;

export type FontRole = (typeof FONT_ROLES)[number]['key'];
export type ColourRole = (typeof COLOUR_ROLES)[number]['key'];

/** What a site chose: a font id or a canonical colour per role; a role left out keeps the theme's. */
export type Design = Partial<Record<FontRole | ColourRole, string>>;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The design stored in website.settings, keeping only what is still valid (a font, a colour). */
export function designOf(settings: Record<string, unknown> | null | undefined): Design {
  const stored = isObject(settings) && isObject(settings.design) ? settings.design : {};
  const out: Design = {};
  for (const r of FONT_ROLES) {
    const v = stored[r.key];
    if (typeof v === 'string' && fontById(v)) out[r.key] = v;
  }
  for (const r of COLOUR_ROLES) {
    const v = stored[r.key];
    if (typeof v !== 'string') continue;
    const c = parseColour(v);
    if (c.ok) out[r.key] = c.css;
  }
  return out;
}

/** The fonts `design` uses, each once, in role order ("Fonts in Style Guide"). */
export function designFonts(design: Design): Font[] {
  const out: Font[] = [];
  for (const r of FONT_ROLES) {
    const f = design[r.key] ? fontById(design[r.key]!) : undefined;
    if (f && !out.includes(f)) out.push(f);
  }
  return out;
}

/** The custom properties of `design`, by name ("--font-heading" -> '"Lora", Georgia, serif'). */
export function designVariables(design: Design): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const r of FONT_ROLES) {
    const f = design[r.key] ? fontById(design[r.key]!) : undefined;
    if (f) vars[r.variable] = fontStack(f);
  }
  for (const r of COLOUR_ROLES) {
    const c = design[r.key];
    if (c) vars[r.variable] = c;
  }
  return vars;
}

/**
 * The CSS put before the theme's stylesheet: the chosen fonts' @font-face rules and a :root rule
 * with the variables; '' when nothing is chosen (the stylesheet, and its hash, stay as they were).
 */
export function designCss(design: Design): string {
  const vars = Object.entries(designVariables(design));
  if (vars.length === 0) return '';
  const faces = designFonts(design).map(fontFaceCss);
  const root = `:root { ${vars.map(([k, v]) => `${k}: ${v};`).join(' ')} }`;
  return `/* Design: fonts and colours chosen in /config/design. */\n${[...faces, root].join('\n')}\n`;
}
