// The fonts a site may choose: open fonts self-hosted from the installed @fontsource packages (the
// latin subset's woff2 files), by the categories of the font picker (SPEC 2). Shared by the server
// (@font-face rules, the font files route) and the picker in the browser.

export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const;
export type FontCategory = (typeof FONT_CATEGORIES)[number];

export interface Font {
  /** The @fontsource package name without its scope, also the font's id: "playfair-display". */
  id: string;
  /** The CSS family name: "Playfair Display". */
  family: string;
  category: FontCategory;
  /** Weights with an upright face, lightest first. */
  weights: readonly number[];
  /** Weights with an italic face too. */
  italics: readonly number[];
}

const ALL = [100, 200, 300, 400, 500, 600, 700, 800, 900];
const from = (min: number, max: number) => ALL.filter((w) => w >= min && w <= max);

// Weights as the packages ship them (a unit test checks every file below exists).
export const FONTS: readonly Font[] = [
  { id: 'inter', family: 'Inter', category: 'Sans Serif', weights: from(100, 900), italics: from(100, 900) },
  { id: 'source-sans-3', family: 'Source Sans 3', category: 'Sans Serif', weights: from(200, 900), italics: from(200, 900) },
  { id: 'work-sans', family: 'Work Sans', category: 'Sans Serif', weights: from(100, 900), italics: from(100, 900) },
  { id: 'lora', family: 'Lora', category: 'Serif', weights: from(400, 700), italics: from(400, 700) },
  { id: 'merriweather', family: 'Merriweather', category: 'Serif', weights: from(300, 900), italics: from(300, 900) },
  { id: 'playfair-display', family: 'Playfair Display', category: 'Serif', weights: from(400, 900), italics: from(400, 900) },
  { id: 'abril-fatface', family: 'Abril Fatface', category: 'Display', weights: [400], italics: [] },
  { id: 'bebas-neue', family: 'Bebas Neue', category: 'Display', weights: [400], italics: [] },
  { id: 'dancing-script', family: 'Dancing Script', category: 'Script', weights: from(400, 700), italics: [] },
  { id: 'pacifico', family: 'Pacifico', category: 'Script', weights: [400], italics: [] },
  { id: 'roboto-slab', family: 'Roboto Slab', category: 'Slab Serif', weights: from(100, 900), italics: [] },
  { id: 'arvo', family: 'Arvo', category: 'Slab Serif', weights: [400, 700], italics: [400, 700] },
  { id: 'jetbrains-mono', family: 'JetBrains Mono', category: 'Mono', weights: from(100, 800), italics: from(100, 800) },
  { id: 'ibm-plex-mono', family: 'IBM Plex Mono', category: 'Mono', weights: from(100, 700), italics: from(100, 700) },
  { id: 'press-start-2p', family: 'Press Start 2P', category: 'Other', weights: [400], italics: [] },
];

const BY_ID = new Map(FONTS.map((f) => [f.id, f]));

export function fontById(id: string): Font | undefined {
  return BY_ID.get(id);
}

/** Where the font files are served: `/fonts/<id>/<file>.woff2` (app/routes/fonts.$package.$file.ts). */
export const FONT_DIR = '/fonts/';

export interface FontFace {
  weight: number;
  style: 'normal' | 'italic';
  /** The file's name in the package's files/ folder: "lora-latin-400-normal.woff2". */
  file: string;
  /** Its URL on this server. */
  url: string;
}

/** Every face of `font` (latin subset, woff2), upright ones first. */
export function fontFaces(font: Font): FontFace[] {
  const face = (weight: number, style: 'normal' | 'italic'): FontFace => {
    const file = `${font.id}-latin-${weight}-${style}.woff2`;
    return { weight, style, file, url: `${FONT_DIR}${font.id}/${file}` };
  };
  return [...font.weights.map((w) => face(w, 'normal')), ...font.italics.map((w) => face(w, 'italic'))];
}

/** Whether `/fonts/<id>/<file>` names a file of the catalog (nothing else is ever read). */
export function isCatalogFile(id: string, file: string): boolean {
  const font = BY_ID.get(id);
  return font !== undefined && fontFaces(font).some((f) => f.file === file);
}

// What the browser shows while the face loads, or if it never does: the category's look.
const FALLBACK: Record<FontCategory, string> = {
  'Sans Serif': 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  Serif: 'Georgia, "Times New Roman", serif',
  Display: 'Georgia, serif',
  Script: 'cursive',
  'Slab Serif': 'Rockwell, "Roboto Slab", Georgia, serif',
  Mono: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  Other: 'system-ui, sans-serif',
};

/** The font-family value for `font`: its family, then the fallback of its category. */
export function fontStack(font: Font): string {
  return `"${font.family}", ${FALLBACK[font.category]}`;
}

/** The @font-face rules of `font` (font-display: swap: text shows at once in the fallback). */
export function fontFaceCss(font: Font): string {
  return fontFaces(font)
    .map(
      (f) =>
        `@font-face { font-family: "${font.family}"; font-style: ${f.style}; font-weight: ${f.weight}; font-display: swap; ` +
        `src: url("${f.url}") format("woff2"); unicode-range: ${LATIN_RANGE}; }`,
    )
    .join('\n');
}

// The latin subset's unicode-range, as @fontsource declares it.
const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
