// Shipping methods and their rates, read from the store's settings
// (website.settings.websiteSettings.storeSettings.shipping): which methods a country can use, what
// each costs, and the free-shipping threshold. Amounts are integer minor units.
import { fillText } from './item-text.js';

export interface ShippingMethod {
  id: string;
  label: string;
  /** Shown under the label ("3 to 7 working days"). */
  description: string;
  rateCents: number;
  /** Countries it ships to (ISO codes); empty = every country not in `exceptCountries`. */
  countries: string[];
  exceptCountries: string[];
  /** Free when the order subtotal reaches `freeFromCents`. */
  freeEligible: boolean;
  /** Collected at the studio: no shipping address is needed. */
  pickup: boolean;
}

export interface ShippingSettings {
  methods: ShippingMethod[];
  /** Free shipping on eligible methods from this order subtotal on (minor units); null: never. */
  freeFromCents: number | null;
}

// The demo store's rules (db/seed/store.ts carries the same), used when a store sets none.
export const DEFAULT_SHIPPING: ShippingSettings = {
  freeFromCents: 12000,
  methods: [
    {
      id: 'standard',
      label: 'Standard shipping',
      description: 'US and Canada, 3 to 7 working days',
      rateCents: 1200,
      countries: ['US', 'CA'],
      exceptCountries: [],
      freeEligible: true,
      pickup: false,
    },
    {
      id: 'international',
      label: 'International shipping',
      description: 'Everywhere else, 7 to 21 working days',
      rateCents: 2800,
      countries: [],
      exceptCountries: ['US', 'CA'],
      freeEligible: false,
      pickup: false,
    },
    {
      id: 'pickup',
      label: 'Local pickup',
      description: 'At the studio, Thursday to Sunday',
      rateCents: 0,
      countries: [],
      exceptCountries: [],
      freeEligible: false,
      pickup: true,
    },
  ],
};

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
const codes = (v: unknown) => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string' && /^[A-Z]{2}$/.test(c)) : []);
const cents = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

/** The store's shipping settings from the website's settings JSON; DEFAULT_SHIPPING when it has none (bad methods are skipped). */
export function shippingSettings(settings: unknown): ShippingSettings {
  const s = obj(obj(obj(obj(settings).websiteSettings).storeSettings).shipping);
  if (!Array.isArray(s.methods)) return DEFAULT_SHIPPING;
  const methods: ShippingMethod[] = [];
  for (const raw of s.methods) {
    const m = obj(raw);
    const rate = cents(m.rateCents);
    if (typeof m.id !== 'string' || !/^[a-z0-9-]{1,40}$/.test(m.id) || typeof m.label !== 'string' || rate === null) continue;
    methods.push({
      id: m.id,
      label: m.label,
      description: typeof m.description === 'string' ? m.description : '',
      rateCents: rate,
      countries: codes(m.countries),
      exceptCountries: codes(m.exceptCountries),
      freeEligible: m.freeEligible === true,
      pickup: m.pickup === true,
    });
  }
  return { methods, freeFromCents: cents(s.freeFromCents) };
}

/** Whether `method` delivers to `country` (pickup: anyone may collect). */
export function shipsTo(method: ShippingMethod, country: string): boolean {
  if (method.pickup) return true;
  if (method.exceptCountries.includes(country)) return false;
  return method.countries.length === 0 || method.countries.includes(country);
}

/** The cost of `method` for an order of `subtotalCents`: free on an eligible method from the threshold on. */
export function shippingCost(method: ShippingMethod, subtotalCents: number, s: ShippingSettings): number {
  if (method.freeEligible && s.freeFromCents !== null && subtotalCents >= s.freeFromCents) return 0;
  return method.rateCents;
}

/** The refusal's texts as templates (see STOCK_TEXT in item-text.ts). */
export const SHIPPING_TEXT = {
  notThere: '{method} does not go to this country.',
  chooseOther: '{method} does not go to this country: choose {other}.',
} as const;

/** Why `method` cannot go to `country`, naming the method that can; null when it can. */
export function methodRefusal(method: ShippingMethod, country: string, s: ShippingSettings): string | null {
  if (shipsTo(method, country)) return null;
  const other = s.methods.find((m) => !m.pickup && shipsTo(m, country));
  return other
    ? fillText(SHIPPING_TEXT.chooseOther, { method: method.label, other: other.label })
    : fillText(SHIPPING_TEXT.notThere, { method: method.label });
}
