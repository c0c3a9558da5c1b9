// Colours as owners type them (hex, rgb(), hsl(), with alpha), read with the bounds and messages of
// SPEC 3 and 5 (hue 0-360; saturation, lightness and alpha 0-1; hex of 3 or 6 digits), and written
// back in one canonical form: "#rrggbb" when opaque, "rgba(r, g, b, a)" otherwise.

export interface Rgba {
  /** 0-255, whole numbers. */
  r: number;
  g: number;
  b: number;
  /** 0-1. */
  a: number;
}

export const COLOUR_TEXT = {
  hue: 'Hue out of bounds.',
  saturation: 'Saturation out of bounds.',
  lightness: 'Lightness out of bounds.',
  alpha: 'Alpha out of bounds.',
  missingHsl: 'Missing an H/S/L value.',
  red: 'Red out of bounds.',
  green: 'Green out of bounds.',
  blue: 'Blue out of bounds.',
  missingRgb: 'Missing an R/G/B value.',
  hex: 'A hex colour has 3 or 6 hex digits, such as #2c5c6a.',
  unknown: 'Enter a colour as hex (#2c5c6a), rgb(44, 92, 106) or hsl(194, 41%, 29%).',
} as const;

export type ColourResult = { ok: true; rgba: Rgba; css: string } | { ok: false; error: string };

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A number, or a percentage as a fraction of `percentOf`; null when it is neither. */
function amount(token: string, percentOf: number): number | null {
  const pct = token.endsWith('%');
  const body = pct ? token.slice(0, -1) : token;
  if (!NUMBER.test(body)) return null;
  const n = Number(body);
  return pct ? (n / 100) * percentOf : n;
}

/** The arguments of `name(...)`: commas or spaces, with an optional "/ alpha"; null if not that shape. */
function args(text: string): { name: string; parts: string[]; alpha: string | null } | null {
  const m = /^([a-z]+)\(\s*(.*?)\s*\)$/i.exec(text);
  if (!m) return null;
  let inner = m[2];
  let alpha: string | null = null;
  const slash = inner.split('/');
  if (slash.length > 2) return null;
  if (slash.length === 2) {
    inner = slash[0];
    alpha = slash[1].trim();
  }
  const parts = inner
    .split(/\s*,\s*|\s+/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { name: m[1].toLowerCase(), parts, alpha };
}

function alphaOf(token: string | null | undefined): number | string {
  if (token === null || token === undefined) return 1;
  const a = amount(token, 1);
  if (a === null || a < 0 || a > 1) return COLOUR_TEXT.alpha;
  return a;
}

function hex(text: string): ColourResult {
  const digits = text.replace(/^#/, '');
  if (!/^[0-9a-f]+$/i.test(digits) || (digits.length !== 3 && digits.length !== 6)) return { ok: false, error: COLOUR_TEXT.hex };
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  const n = parseInt(full, 16);
  return done({ r: n >> 16, g: (n >> 8) & 255, b: n & 255, a: 1 });
}

function rgb(parts: string[], alphaToken: string | null): ColourResult {
  if (parts.length > 4 || (parts.length === 4 && alphaToken !== null)) return { ok: false, error: COLOUR_TEXT.unknown };
  if (parts.length < 3) return { ok: false, error: COLOUR_TEXT.missingRgb };
  const channels: number[] = [];
  const texts = [COLOUR_TEXT.red, COLOUR_TEXT.green, COLOUR_TEXT.blue];
  for (let i = 0; i < 3; i++) {
    const v = amount(parts[i], 255);
    if (v === null) return { ok: false, error: COLOUR_TEXT.unknown };
    if (v < 0 || v > 255) return { ok: false, error: texts[i] };
    channels.push(Math.round(v));
  }
  const a = alphaOf(parts[3] ?? alphaToken);
  if (typeof a === 'string') return { ok: false, error: a };
  return done({ r: channels[0], g: channels[1], b: channels[2], a });
}

/** Saturation or lightness: a percentage (0-100%) or, as SPEC 3 has it, a fraction 0-1. */
function fraction(token: string): number | null {
  return amount(token, 1);
}

function hsl(parts: string[], alphaToken: string | null): ColourResult {
  if (parts.length > 4 || (parts.length === 4 && alphaToken !== null)) return { ok: false, error: COLOUR_TEXT.unknown };
  if (parts.length < 3) return { ok: false, error: COLOUR_TEXT.missingHsl };
  const h = amount(parts[0].replace(/deg$/i, ''), 360);
  const s = fraction(parts[1]);
  const l = fraction(parts[2]);
  if (h === null || s === null || l === null) return { ok: false, error: COLOUR_TEXT.unknown };
  if (h < 0 || h > 360) return { ok: false, error: COLOUR_TEXT.hue };
  if (s < 0 || s > 1) return { ok: false, error: COLOUR_TEXT.saturation };
  if (l < 0 || l > 1) return { ok: false, error: COLOUR_TEXT.lightness };
  const a = alphaOf(parts[3] ?? alphaToken);
  if (typeof a === 'string') return { ok: false, error: a };
  return done({ ...hslToRgb(h, s, l), a });
}

/** HSL (hue in degrees, saturation and lightness 0-1) as whole RGB channels. */
export function hslToRgb(h: number, s: number, l: number): { r: number; g: number; b: number } {
  const k = (n: number) => (n + h / 30) % 12;
  const c = s * Math.min(l, 1 - l);
  const f = (n: number) => l - c * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return { r: Math.round(f(0) * 255), g: Math.round(f(8) * 255), b: Math.round(f(4) * 255) };
}

function done(rgba: Rgba): ColourResult {
  return { ok: true, rgba, css: colourCss(rgba) };
}

/** The canonical text of a colour: "#rrggbb" when opaque, else "rgba(r, g, b, a)" (alpha to 3 places). */
export function colourCss({ r, g, b, a }: Rgba): string {
  if (a >= 1) return `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  return `rgba(${r}, ${g}, ${b}, ${Math.round(a * 1000) / 1000})`;
}

/** Reads a colour typed as hex (#2c5c6a, #fff, 2c5c6a), rgb()/rgba() or hsl()/hsla(). */
export function parseColour(input: string): ColourResult {
  const text = input.trim();
  if (text === '') return { ok: false, error: COLOUR_TEXT.unknown };
  if (/^#/.test(text) || /^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(text)) return hex(text);
  const call = args(text);
  if (!call) return { ok: false, error: COLOUR_TEXT.unknown };
  if (call.name === 'rgb' || call.name === 'rgba') return rgb(call.parts, call.alpha);
  if (call.name === 'hsl' || call.name === 'hsla') return hsl(call.parts, call.alpha);
  return { ok: false, error: COLOUR_TEXT.unknown };
}

/**
 * The distinct colours a stylesheet names in its custom properties (`--sea: #3f7b8c;`), in order,
 * at most `max`: the theme's own palette, offered as swatches by the colour picker.
 */
export function paletteOf(css: string, max = 12): string[] {
  const out: string[] = [];
  for (const m of css.matchAll(/--[\w-]+\s*:\s*(#[0-9a-f]{3,6}|rgba?\([^)]*\)|hsla?\([^)]*\))\s*[;}]/gi)) {
    const c = parseColour(m[1]);
    if (c.ok && !out.includes(c.css)) out.push(c.css);
    if (out.length >= max) break;
  }
  return out;
}
