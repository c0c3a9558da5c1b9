// Shipping addresses by country: which fields each country needs and how its postal codes and
// regions look (US states and ZIP codes, Canadian provinces and postal codes, UK postcodes, a
// generic rule elsewhere). Pure: the checkout form (checkout-form.ts) reports what it returns.

export interface Country {
  code: string;
  name: string;
}

/** The countries the checkout offers, store's neighbours first. ISO 3166-1 alpha-2. */
export const COUNTRIES: Country[] = [
  { code: 'CA', name: 'Canada' },
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'AU', name: 'Australia' },
  { code: 'AT', name: 'Austria' },
  { code: 'BE', name: 'Belgium' },
  { code: 'DK', name: 'Denmark' },
  { code: 'FI', name: 'Finland' },
  { code: 'FR', name: 'France' },
  { code: 'DE', name: 'Germany' },
  { code: 'IS', name: 'Iceland' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IT', name: 'Italy' },
  { code: 'JP', name: 'Japan' },
  { code: 'MX', name: 'Mexico' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'NO', name: 'Norway' },
  { code: 'PT', name: 'Portugal' },
  { code: 'ES', name: 'Spain' },
  { code: 'SE', name: 'Sweden' },
  { code: 'CH', name: 'Switzerland' },
];

/** US states, DC and the territories the post office delivers to: code -> name. */
export const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** Canadian provinces and territories: code -> name. */
export const CA_PROVINCES: Record<string, string> = {
  AB: 'Alberta',
  BC: 'British Columbia',
  MB: 'Manitoba',
  NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia',
  NT: 'Northwest Territories',
  NU: 'Nunavut',
  ON: 'Ontario',
  PE: 'Prince Edward Island',
  QC: 'Quebec',
  SK: 'Saskatchewan',
  YT: 'Yukon',
};

/** An address as typed (any field may be missing). */
export type AddressInput = Partial<Record<AddressField, string>>;

/** A checked address: trimmed, region as its code in the US and Canada, postal code normalised. */
export interface Address {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

export type AddressField = keyof Address;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const REQUIRED = 'Required';
export const FIELD_MAX = { name: 100, line1: 120, line2: 120, city: 80, region: 60, postalCode: 12 } as const;

const US_ZIP = /^\d{5}(-\d{4})?$/;
// Canada: letter digit letter, space, digit letter digit; D, F, I, O, Q, U never appear, nor W or Z first.
const CA_POSTAL = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] \d[ABCEGHJ-NPRSTV-Z]\d$/;
// UK: the outward code (area, district) and the inward code (sector, unit), plus GIR 0AA.
const UK_POSTCODE = /^(GIR 0AA|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2})$/;
// Elsewhere: letters, digits, one space or hyphen between groups, 2 to 10 characters.
const GENERIC_POSTAL = /^[A-Z0-9](?:[A-Z0-9]|[ -](?=[A-Z0-9])){1,9}$/;

export function countryName(code: string): string {
  return COUNTRIES.find((c) => c.code === code)?.name ?? code;
}

/** A region as typed ("ns", "Nova Scotia") as its code in `table`, or null. */
function regionCode(table: Record<string, string>, raw: string): string | null {
  const t = raw.trim().replace(/\.$/, '');
  const up = t.toUpperCase();
  if (table[up]) return up;
  const low = t.toLowerCase();
  for (const [code, name] of Object.entries(table)) if (name.toLowerCase() === low) return code;
  return null;
}

/** How each country names its parts of an address (for labels and hints). */
export function addressLabels(country: string): { region: string; postalCode: string; postalHint: string } {
  switch (country) {
    case 'US':
      return { region: 'State', postalCode: 'ZIP code', postalHint: '5 digits, or ZIP+4: 12345 or 12345-6789' };
    case 'CA':
      return { region: 'Province', postalCode: 'Postal code', postalHint: 'Like A1A 1A1' };
    case 'GB':
      return { region: 'County', postalCode: 'Postcode', postalHint: 'Like SW1A 1AA' };
    default:
      return { region: 'State / province / region', postalCode: 'Postal code', postalHint: 'If your country uses one' };
  }
}

/**
 * Checks an address for its country. Required everywhere: name, first line, city, country.
 * US: state (code or name) and ZIP `^\d{5}(-\d{4})?$`. Canada: province (code or name) and a
 * postal code A1A 1A1 (the space may be left out). UK: a postcode (county optional). Other
 * countries: region optional, postal code optional, 2 to 10 letters or digits when given.
 */
export function checkAddress(input: AddressInput): { ok: true; address: Address } | { ok: false; errors: AddressErrors } {
  const v = {
    name: (input.name ?? '').trim(),
    line1: (input.line1 ?? '').trim(),
    line2: (input.line2 ?? '').trim(),
    city: (input.city ?? '').trim(),
    region: (input.region ?? '').trim(),
    postalCode: (input.postalCode ?? '').trim().toUpperCase().replace(/\s+/g, ' '),
    country: (input.country ?? '').trim().toUpperCase(),
  };
  const errors: AddressErrors = {};
  for (const f of ['name', 'line1', 'city'] as const) if (v[f] === '') errors[f] = REQUIRED;
  for (const [f, max] of Object.entries(FIELD_MAX) as [keyof typeof FIELD_MAX, number][]) {
    if (v[f].length > max) errors[f] = `Use at most ${max} characters.`;
  }
  if (v.country === '') errors.country = REQUIRED;
  else if (!COUNTRIES.some((c) => c.code === v.country)) errors.country = 'Choose a country from the list.';

  const country = v.country;
  if (country === 'US') {
    if (v.region === '') errors.region = REQUIRED;
    else {
      const code = regionCode(US_STATES, v.region);
      if (code) v.region = code;
      else errors.region ??= 'Enter a US state, such as NY or New York.';
    }
    if (v.postalCode === '') errors.postalCode = REQUIRED;
    else if (!US_ZIP.test(v.postalCode)) errors.postalCode ??= 'Enter a ZIP code of 5 digits, or ZIP+4 (12345-6789).';
  } else if (country === 'CA') {
    if (v.region === '') errors.region = REQUIRED;
    else {
      const code = regionCode(CA_PROVINCES, v.region);
      if (code) v.region = code;
      else errors.region ??= 'Enter a Canadian province or territory, such as NS or Nova Scotia.';
    }
    const pc = v.postalCode.replace(/^([A-Z]\d[A-Z]) ?(\d[A-Z]\d)$/, '$1 $2');
    if (v.postalCode === '') errors.postalCode = REQUIRED;
    else if (!CA_POSTAL.test(pc)) errors.postalCode ??= 'Enter a postal code like A1A 1A1.';
    else v.postalCode = pc;
  } else if (country === 'GB') {
    // The space before the inward code (always 3 characters) may be left out.
    const pc = v.postalCode.replace(/ /g, '').replace(/^(.+)(\d[A-Z]{2})$/, '$1 $2');
    if (v.postalCode === '') errors.postalCode = REQUIRED;
    else if (!UK_POSTCODE.test(pc)) errors.postalCode ??= 'Enter a UK postcode like SW1A 1AA.';
    else v.postalCode = pc;
  } else if (v.postalCode !== '' && !GENERIC_POSTAL.test(v.postalCode)) {
    errors.postalCode ??= 'Enter a postal code of 2 to 10 letters or digits.';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, address: v };
}

/** The address as lines for a page or an email; `nameOf` names the country in the page's language. */
export function addressLines(a: Address, nameOf: (code: string) => string = countryName): string[] {
  const place = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.name, a.line1, a.line2, place, nameOf(a.country)].filter((l) => l !== '');
}
