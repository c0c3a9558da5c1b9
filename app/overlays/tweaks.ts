// The tweak page types of SPEC 2 (splash page, lock screen, popup overlay, checkout, style, SSO
// page): what an owner may set for each, its defaults, and the schema a /config form is parsed with.
// Pure: the /config screen's live preview and the storefront read the same shapes.
import { z } from 'zod';
import { parseColour } from '../design/colour.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const TWEAK_TYPES = ['splash-page', 'lock-screen', 'popup-overlay', 'checkout', 'style', 'sso-page'] as const;
export type TweakType = (typeof TWEAK_TYPES)[number];

export const isTweakType = (v: string): v is TweakType => (TWEAK_TYPES as readonly string[]).includes(v);

export const TWEAK_LABELS: Record<TweakType, string> = {
  'splash-page': 'Splash page',
  'lock-screen': 'Lock screen',
  'popup-overlay': 'Popup overlay',
  checkout: 'Checkout',
  style: 'Style',
  'sso-page': 'SSO page',
};

export const TWEAK_TEXT = {
  invalid: UI_TEXT.invalidForm,
  saved: (label: string) => `${label} saved.`,
  required: 'is required',
  tooLong: (max: number) => `Use at most ${max} characters.`,
  wholeNumber: (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`,
  noForm: 'Choose one of your forms, or none.',
} as const;

/** SPEC 2: the 3x3 grid of popup positions. */
export const POPUP_ROWS = ['top', 'center', 'bottom'] as const;
export const POPUP_COLUMNS = ['left', 'center', 'right'] as const;
export const POPUP_POSITIONS = POPUP_ROWS.flatMap((r) => POPUP_COLUMNS.map((c) => `${r}-${c}` as const));
export type PopupPosition = (typeof POPUP_POSITIONS)[number];
export const POPUP_TRIGGERS = ['time', 'scroll'] as const;

// Form fields arrive as strings (a checkbox is absent when off); these read them.
const text = (max: number, fallback: string, required = false) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? '').trim();
      if (t.length > max) {
        ctx.addIssue({ code: 'custom', message: TWEAK_TEXT.tooLong(max) });
        return z.NEVER;
      }
      if (t === '' && required) return fallback;
      return t === '' ? fallback : t;
    });
const flag = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'true' || v === '1');
const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? '').trim();
      if (t === '') return fallback;
      const n = Number(t);
      if (!/^-?\d+$/.test(t) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: TWEAK_TEXT.wholeNumber(min, max) });
        return z.NEVER;
      }
      return n;
    });
const colour = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const t = (v ?? '').trim();
    if (t === '') return '';
    const c = parseColour(t);
    if (!c.ok) {
      ctx.addIssue({ code: 'custom', message: c.error });
      return z.NEVER;
    }
    return c.css;
  });

export const PopupTweak = z.object({
  enabled: flag,
  title: text(120, 'Join our newsletter'),
  text: text(1000, ''),
  position: z
    .string()
    .optional()
    .transform((v) => ((POPUP_POSITIONS as readonly string[]).includes(v ?? '') ? (v as PopupPosition) : 'center-center')),
  trigger: z
    .string()
    .optional()
    .transform((v) => (v === 'scroll' ? 'scroll' : 'time') as (typeof POPUP_TRIGGERS)[number]),
  /** Seconds after the page loads (trigger time). */
  delaySeconds: whole(0, 600, 5),
  /** Percent of the page scrolled (trigger scroll). */
  scrollPercent: whole(0, 100, 50),
  /** A form of the site (a newsletter form), or '' for none. */
  formId: text(100, ''),
  closeLabel: text(40, 'Close'),
});
export type PopupTweak = z.infer<typeof PopupTweak>;

export const SplashTweak = z.object({
  enabled: flag,
  title: text(120, 'Welcome'),
  text: text(1000, ''),
  enterLabel: text(40, 'Enter the site'),
});
export type SplashTweak = z.infer<typeof SplashTweak>;

/** The lock screen's look and texts only: who may pass it is decided elsewhere. */
export const LockScreenTweak = z.object({
  title: text(120, 'This site is private'),
  text: text(1000, 'Enter the password to continue.'),
  passwordLabel: text(40, 'Password'),
  buttonLabel: text(40, 'Unlock'),
});
export type LockScreenTweak = z.infer<typeof LockScreenTweak>;

export const CheckoutTweak = z.object({
  heading: text(120, 'Checkout'),
  note: text(1000, ''),
});
export type CheckoutTweak = z.infer<typeof CheckoutTweak>;

/** Colours and corners of the overlay screens (popup, splash, lock screen, SSO page). */
export const StyleTweak = z.object({
  background: colour,
  textColour: colour,
  accent: colour,
  radius: whole(0, 40, 8),
});
export type StyleTweak = z.infer<typeof StyleTweak>;

export const SsoTweak = z.object({
  title: text(120, 'Sign in'),
  text: text(1000, ''),
  buttonLabel: text(40, 'Continue'),
});
export type SsoTweak = z.infer<typeof SsoTweak>;

export const TWEAK_SCHEMAS = {
  'splash-page': SplashTweak,
  'lock-screen': LockScreenTweak,
  'popup-overlay': PopupTweak,
  checkout: CheckoutTweak,
  style: StyleTweak,
  'sso-page': SsoTweak,
} as const;

export interface Tweaks {
  'splash-page': SplashTweak;
  'lock-screen': LockScreenTweak;
  'popup-overlay': PopupTweak & { version: number };
  checkout: CheckoutTweak;
  style: StyleTweak;
  'sso-page': SsoTweak;
}

/** A stored (or missing, or damaged) settings object read back through the schema: never throws. */
export function readTweak<T extends TweakType>(type: T, stored: unknown): z.infer<(typeof TWEAK_SCHEMAS)[T]> {
  const schema = TWEAK_SCHEMAS[type] as z.ZodTypeAny;
  const raw: Record<string, string> = {};
  if (stored && typeof stored === 'object' && !Array.isArray(stored))
    for (const [k, v] of Object.entries(stored)) if (v !== null && v !== undefined) raw[k] = String(v);
  const r = schema.safeParse(raw);
  return (r.success ? r.data : schema.parse({})) as z.infer<(typeof TWEAK_SCHEMAS)[T]>;
}

/** The form fields' values (strings) of settings, for a form to show them. */
export function tweakFormValues(settings: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(settings)) out[k] = typeof v === 'boolean' ? (v ? 'on' : '') : String(v);
  return out;
}

/** How a /config form shows one setting. */
export interface TweakField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'checkbox' | 'select' | 'number' | 'colour';
  options?: readonly { value: string; label: string }[];
  hint?: string;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const TWEAK_FIELDS: Record<TweakType, readonly TweakField[]> = {
  'popup-overlay': [
    { name: 'enabled', label: 'Show the popup on the site', kind: 'checkbox' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'text', label: 'Text', kind: 'textarea', hint: 'Plain text; a blank line starts a new paragraph.' },
    {
      name: 'position',
      label: 'Position',
      kind: 'select',
      options: POPUP_POSITIONS.map((p) => ({ value: p, label: p.split('-').map(cap).join(' ') })),
    },
    {
      name: 'trigger',
      label: 'Show it',
      kind: 'select',
      options: [
        { value: 'time', label: 'Some seconds after the page loads' },
        { value: 'scroll', label: 'When the visitor has scrolled part of the page' },
      ],
    },
    { name: 'delaySeconds', label: 'Seconds after loading', kind: 'number', hint: '0 to 600; used when it shows after some seconds.' },
    { name: 'scrollPercent', label: 'Percent of the page scrolled', kind: 'number', hint: '0 to 100; used when it shows on scrolling.' },
    { name: 'formId', label: 'Newsletter form', kind: 'select', hint: 'One of your forms (Forms), sent without JavaScript too.' },
    { name: 'closeLabel', label: 'Close button', kind: 'text' },
  ],
  'splash-page': [
    { name: 'enabled', label: 'Show the splash page before the home page', kind: 'checkbox', hint: 'Once per visit.' },
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'text', label: 'Text', kind: 'textarea', hint: 'Plain text; a blank line starts a new paragraph.' },
    { name: 'enterLabel', label: 'Enter button', kind: 'text' },
  ],
  'lock-screen': [
    {
      name: 'title',
      label: 'Title',
      kind: 'text',
      hint: 'Shown when the whole site is locked; a locked page says "This page is password protected".',
    },
    { name: 'text', label: 'Text', kind: 'textarea' },
    { name: 'passwordLabel', label: 'Password label', kind: 'text' },
    { name: 'buttonLabel', label: 'Unlock button', kind: 'text' },
  ],
  checkout: [
    { name: 'heading', label: 'Heading', kind: 'text' },
    { name: 'note', label: 'Note above the checkout form', kind: 'textarea' },
  ],
  style: [
    { name: 'background', label: 'Background colour', kind: 'colour', hint: 'Hex, rgb() or hsl(); empty keeps the default.' },
    { name: 'textColour', label: 'Text colour', kind: 'colour' },
    { name: 'accent', label: 'Button colour', kind: 'colour' },
    { name: 'radius', label: 'Corner radius (px)', kind: 'number', hint: '0 to 40.' },
  ],
  'sso-page': [
    { name: 'title', label: 'Title', kind: 'text' },
    { name: 'text', label: 'Text', kind: 'textarea' },
    { name: 'buttonLabel', label: 'Button', kind: 'text' },
  ],
};
