// Sales tax from the store's settings (website.settings.websiteSettings.storeSettings.tax): one
// rate per country or per country-region, in basis points (1400 = 14%), on the taxable amount,
// rounded once per order, half up, in integer minor units.
//
// Taxable: every line except gift cards (they are a way to pay, taxed when spent), plus shipping
// when `taxShipping`. Where: the shipping address; an order with none (digital, services, gift
// cards, local pickup) is taxed where the store is (`originRegion`).

export interface TaxSettings {
  /** "CA-NS" or "US": a rate for a region, else its country, else `defaultBasisPoints`. */
  ratesBasisPoints: Record<string, number>;
  defaultBasisPoints: number;
  /** Where the store is: the place of an order that ships nowhere. */
  originRegion: string;
  taxShipping: boolean;
}

// Canada's GST/HST in 2025 (a Canadian store; exports are zero-rated). Illustrative, not advice.
export const DEFAULT_TAX: TaxSettings = {
  ratesBasisPoints: { CA: 500, 'CA-NS': 1400, 'CA-NB': 1500, 'CA-NL': 1500, 'CA-PE': 1500, 'CA-ON': 1300 },
  defaultBasisPoints: 0,
  originRegion: 'CA-NS',
  taxShipping: true,
};

function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
const bp = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10000 ? v : null);

/** The store's tax settings from the website's settings JSON; DEFAULT_TAX when it has none. */
export function taxSettings(settings: unknown): TaxSettings {
  const s = obj(obj(obj(obj(settings).websiteSettings).storeSettings).tax);
  if (Object.keys(s).length === 0) return DEFAULT_TAX;
  const rates: Record<string, number> = {};
  for (const [k, v] of Object.entries(obj(s.ratesBasisPoints))) {
    const r = bp(v);
    if (r !== null && /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(k)) rates[k] = r;
  }
  return {
    ratesBasisPoints: rates,
    defaultBasisPoints: bp(s.defaultBasisPoints) ?? 0,
    originRegion: typeof s.originRegion === 'string' ? s.originRegion : DEFAULT_TAX.originRegion,
    taxShipping: s.taxShipping !== false,
  };
}

/** The rate (basis points) for a place "CA-NS" (or country and region apart). */
export function taxRate(s: TaxSettings, country: string, region = ''): number {
  const key = region ? `${country}-${region}` : country;
  return s.ratesBasisPoints[key] ?? s.ratesBasisPoints[country] ?? s.defaultBasisPoints;
}

/** The place an order is taxed: its shipping address, else the store's own region. */
export function taxPlace(s: TaxSettings, address: { country: string; region: string } | null): { country: string; region: string } {
  if (address) return { country: address.country, region: address.region };
  const [country, region = ''] = s.originRegion.split('-');
  return { country, region };
}

/**
 * Tax on `taxableCents` at `basisPoints`, rounded half up to a whole minor unit:
 * floor((amount * rate + 5000) / 10000), in BigInt so that no amount loses precision.
 */
export function taxOn(taxableCents: number, basisPoints: number): number {
  if (taxableCents <= 0 || basisPoints <= 0) return 0;
  return Number((BigInt(taxableCents) * BigInt(basisPoints) + 5000n) / 10000n);
}

/** "14%", "7.5%": a rate for a label. */
export function rateText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}
