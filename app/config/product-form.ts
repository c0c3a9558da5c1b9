// The product form's pure side, shared by the /config product screens (server and browser): money
// typed in the site's currency read into integer minor units, small readers (slugs, lists,
// quantities), and the values a form is drawn from. No zod here, so the browser bundle stays small
// (the schema is app/config/product-schema.ts). Imports nothing that touches the server.
import { ProductType } from '../../engine/ts/enums.js';
import { minorDigits, moneyValue } from '../commerce/money.js';
import { SLUG_TEXT } from '../edits/slugs.js';
import { TAG_MAX_LENGTH } from './tag-rules.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const PRODUCT_TYPE_LABELS: Record<number, string> = {
  [ProductType.PHYSICAL]: 'Physical',
  [ProductType.DIGITAL]: 'Digital',
  [ProductType.SERVICE]: 'Service',
  [ProductType.GIFT_CARD]: 'Gift card',
};
export const PRODUCT_TYPES = Object.values(ProductType) as number[];
/** SPEC 3: only these product types can be sold as subscriptions. */
export const SUBSCRIBABLE_TYPES: readonly number[] = [ProductType.PHYSICAL, ProductType.SERVICE];
export const BILLING_UNITS = ['WEEK', 'MONTH', 'YEAR'] as const;
export type BillingUnit = (typeof BILLING_UNITS)[number];

/** SPEC 9: tag 50, category 25 characters. */
export const MAX_VARIANTS = 100;
export const MAX_OPTIONS = 6;
/** Rows a posted form may name (blank ones included): more is not a form of ours. */
export const MAX_ROWS = 300;
/** Blank variant rows the form offers (and adds with "Add more rows"). */
export const BLANK_ROWS = 3;
/** The `intent` of "Add more rows": the form drawn again as typed, with BLANK_ROWS more rows. */
export const ADD_ROWS = 'add-rows';
export const MAX_QTY = 999_999_999;

/** SPEC 9: products per collection. */
export const MAX_PRODUCTS_PER_COLLECTION = 200;

export const TEXT = {
  invalid: UI_TEXT.invalidForm,
  title: 'Enter a title.',
  titleLong: 'A title is at most 200 characters.',
  slug: SLUG_TEXT.product,
  type: 'Choose a product type.',
  collection: 'Choose a collection.',
  collectionFull: `This collection holds ${MAX_PRODUCTS_PER_COLLECTION} products, the most it can. Choose another collection, or delete a product from this one first.`,
  tag: `A tag is at most ${TAG_MAX_LENGTH.tag} characters.`,
  category: `A category is at most ${TAG_MAX_LENGTH.category} characters.`,
  subscribable: 'Only physical products and services can be sold as subscriptions.',
  billingValue: 'Enter how often to bill: a whole number from 1 to 52.',
  billingUnit: 'Choose weeks, months or years.',
  cycles: 'Enter the number of payments: a whole number from 0 (until cancelled) to 999.',
  originalSize: 'Enter the image size as width x height, such as 1500x1000.',
  options: 'Name each option once, such as Size, Color.',
  optionsMany: `A product has at most ${MAX_OPTIONS} options.`,
  optionNeeded: 'Add an option (such as Size) to sell more than one variant.',
  noVariant: 'Add at least one variant.',
  tooManyVariants: `A product has at most ${MAX_VARIANTS} variants.`,
  sku: 'Enter a SKU.',
  skuLong: 'A SKU is at most 60 characters.',
  skuTaken: 'Each variant needs its own SKU.',
  attr: (option: string) => `Enter a value for ${option}.`,
  sameAttrs: 'Another variant has the same options.',
  price: 'Enter a price.',
  salePrice: 'Enter the sale price.',
  saleLower: 'The sale price must be lower than the price.',
  qty: `Enter a whole number from 0 to ${MAX_QTY.toLocaleString('en-US')}.`,
  text: 'This text is too long.',
  customForm: "Choose one of this site's forms, or none.",
  scarcityThreshold: 'Enter a whole number from 1 to 9999.',
  merchandisingText: 'This text is at most 200 characters.',
};

/**
 * What the owner sets of a product's merchandising (issue 30; SPEC 3's productMerchandisingContext):
 * its own sold-out label, and the scarcity notice shown while a variant's stock is at most
 * `scarcityThreshold` (the spec names no threshold; the owner chooses it). Kept in product.details.
 */
export interface ProductMerchandising {
  customSoldOutText: string;
  scarcityEnabled: boolean;
  scarcityThreshold: number;
  /** `{qtyInStock}` stands for the number left; empty: SCARCITY_DEFAULT_TEXT. */
  scarcityText: string;
}

export const SCARCITY_DEFAULT_THRESHOLD = 5;
export const SCARCITY_DEFAULT_TEXT = 'Only {qtyInStock} left in stock';

/** The merchandising a product's stored details hold (anything unreadable: the defaults). */
export function merchandisingOf(details: Record<string, unknown> | null | undefined): ProductMerchandising {
  const d = details ?? {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const t = d.scarcityThreshold;
  return {
    customSoldOutText: text(d.customSoldOutText),
    scarcityEnabled: d.scarcityEnabled === true,
    scarcityThreshold: typeof t === 'number' && Number.isSafeInteger(t) && t >= 1 ? t : SCARCITY_DEFAULT_THRESHOLD,
    scarcityText: text(d.scarcityText),
  };
}

// ---------------------------------------------------------------------------------------------
// Money

export { minorDigits };

/** What a price field shows for an amount in minor units: 1250 USD -> "12.50", 1250 JPY -> "1250". */
export function moneyInput(cents: number, currency: string): string {
  return moneyValue(cents, currency);
}

export type MoneyParse = { ok: true; cents: number } | { ok: false; error: string };

/**
 * Reads an amount typed in major units of `currency` ("12.50", "1,234.5", "1200" for JPY) into
 * integer minor units, without floating point. Non-negative only; never more decimals than the
 * currency has; at most what a JavaScript number holds exactly, or `maxWhole` digits of whole
 * units when given (store settings take amounts under a billion). The one money reader of /config.
 */
export function parseMoney(text: string, currency: string, opts: { maxWhole?: number } = {}): MoneyParse {
  const frac = minorDigits(currency);
  const example = frac === 0 ? '1200' : '12.50';
  const s = text.trim().replace(/\s+/g, '');
  if (s === '') return { ok: false, error: 'Enter an amount.' };
  if (/^-/.test(s)) return { ok: false, error: 'Enter an amount of 0 or more.' };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return { ok: false, error: `Enter an amount such as ${example}.` };
  const whole = (m[1] ?? '0').replace(/,/g, '');
  const decimals = (m[2] ?? '').replace(/0+$/, '');
  if (decimals.length > frac) {
    return {
      ok: false,
      error:
        frac === 0
          ? `${currency} amounts have no decimals: enter a whole amount such as ${example}.`
          : `Use at most ${frac} decimal places.`,
    };
  }
  if (opts.maxWhole !== undefined && whole.replace(/^0+(?=\d)/, '').length > opts.maxWhole)
    return { ok: false, error: 'This amount is too large.' };
  const digits = (whole + decimals.padEnd(frac, '0')).replace(/^0+(?=\d)/, '');
  if (digits.length > 15 || !Number.isSafeInteger(Number(digits))) return { ok: false, error: 'This amount is too large.' };
  return { ok: true, cents: Number(digits) };
}

// ---------------------------------------------------------------------------------------------
// Small readers

/** A URL slug from a title: "Tide Pool Mug!" -> "tide-pool-mug". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A comma-separated list: trimmed, without empty or repeated entries. */
export function splitList(text: string): string[] {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const t = part.trim().replace(/\s+/g, ' ');
    if (t !== '' && !out.includes(t)) out.push(t);
  }
  return out;
}

export function wholeNumber(text: string, min: number, max: number): number | null {
  const s = text.trim();
  if (!/^\d{1,10}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

/** A stock quantity as typed: empty is 0; null when it is not a whole number in range. */
export function parseQty(text: string): number | null {
  return text.trim() === '' ? 0 : wholeNumber(text, 0, MAX_QTY);
}

// ---------------------------------------------------------------------------------------------
// The values a form is drawn from (as typed, or from the saved product)

export interface VariantValues {
  id: string;
  sku: string;
  /** One value per option, in the order of the options. */
  attrs: string[];
  price: string;
  salePrice: string;
  onSale: boolean;
  unlimited: boolean;
  qty: string;
  remove: boolean;
  /** The stock the row was drawn with ("qty:1" when unlimited, else "qty:0"): a save writes stock
   *  only when the owner changed it, and then only over this number (issue 28). */
  was: string;
}

export interface ProductValues {
  title: string;
  urlId: string;
  productType: string;
  body: string;
  excerpt: string;
  published: boolean;
  tags: string;
  categories: string;
  collectionId: string;
  isSubscribable: boolean;
  billingValue: string;
  billingUnit: string;
  numBillingCycles: string;
  assetUrl: string;
  originalSize: string;
  options: string;
  /** The form of the site asked for when this product is added to a cart (issue 30); '' for none. */
  customFormId: string;
  customSoldOutText: string;
  scarcityEnabled: boolean;
  scarcityThreshold: string;
  scarcityText: string;
  variants: VariantValues[];
}

export function blankVariant(): VariantValues {
  return { id: '', sku: '', attrs: [], price: '', salePrice: '', onSale: false, unlimited: false, qty: '', remove: false, was: '' };
}

/** A new product's form. */
export function newProductValues(collectionId: string): ProductValues {
  return {
    title: '',
    urlId: '',
    productType: String(ProductType.PHYSICAL),
    body: '',
    excerpt: '',
    published: true,
    tags: '',
    categories: '',
    collectionId,
    isSubscribable: false,
    billingValue: '1',
    billingUnit: 'MONTH',
    numBillingCycles: '0',
    assetUrl: '',
    originalSize: '',
    options: '',
    customFormId: '',
    customSoldOutText: '',
    scarcityEnabled: false,
    scarcityThreshold: String(SCARCITY_DEFAULT_THRESHOLD),
    scarcityText: '',
    variants: [],
  };
}

const ROW_KEY = /^variants\[(\d{1,4})\]\.([A-Za-z]+)(?:\[(\d{1,3})\])?$/;

/**
 * Whether every variant row and option index the form names is within bounds (a form of ours
 * never names row 5000; Conform would build an array that long from one field).
 */
export function rowsInBounds(form: URLSearchParams): boolean {
  for (const k of form.keys()) {
    if (!k.startsWith('variants')) continue;
    const m = ROW_KEY.exec(k);
    if (!m || Number(m[1]) >= MAX_ROWS || (m[3] !== undefined && Number(m[3]) >= MAX_OPTIONS)) return false;
  }
  return true;
}

/** The form as it was posted, to draw it again with what was typed (row numbers kept). */
export function valuesFromForm(form: URLSearchParams): ProductValues {
  const get = (k: string) => form.get(k) ?? '';
  const rows: VariantValues[] = [];
  for (const [k, v] of form) {
    const m = ROW_KEY.exec(k);
    if (!m) continue;
    const i = Number(m[1]);
    if (i >= MAX_ROWS) continue;
    while (rows.length <= i) rows.push(blankVariant());
    const row = rows[i];
    const field = m[2];
    if (field === 'attrs' && m[3] !== undefined && Number(m[3]) < MAX_OPTIONS) row.attrs[Number(m[3])] = v;
    else if (field === 'id' || field === 'sku' || field === 'price' || field === 'salePrice' || field === 'qty' || field === 'was')
      row[field] = v;
    else if (field === 'onSale' || field === 'unlimited' || field === 'remove') row[field] = v !== '';
  }
  for (const r of rows) r.attrs = Array.from({ length: r.attrs.length }, (_, j) => r.attrs[j] ?? '');
  return {
    title: get('title'),
    urlId: get('urlId'),
    productType: get('productType'),
    body: get('body'),
    excerpt: get('excerpt'),
    published: form.has('published'),
    tags: get('tags'),
    categories: get('categories'),
    collectionId: get('collectionId'),
    isSubscribable: form.has('isSubscribable'),
    billingValue: get('billingValue'),
    billingUnit: get('billingUnit'),
    numBillingCycles: get('numBillingCycles'),
    assetUrl: get('assetUrl'),
    originalSize: get('originalSize'),
    options: get('options'),
    customFormId: get('customFormId'),
    customSoldOutText: get('customSoldOutText'),
    scarcityEnabled: form.has('scarcityEnabled'),
    scarcityThreshold: get('scarcityThreshold'),
    scarcityText: get('scarcityText'),
    variants: rows,
  };
}

/**
 * The form drawn again from a post as typed (a refused save, a conflict), with BLANK_ROWS more
 * rows when the post was "Add more rows".
 */
export function typedProductValues(form: URLSearchParams): ProductValues {
  const values = valuesFromForm(form);
  if (form.get('intent') === ADD_ROWS) values.variants.push(...Array.from({ length: BLANK_ROWS }, blankVariant));
  return values;
}

export function isBlankRow(v: Pick<VariantValues, 'id' | 'sku' | 'attrs' | 'price' | 'salePrice' | 'qty'>): boolean {
  return v.id === '' && [v.sku, v.price, v.salePrice, v.qty, ...v.attrs].every((s) => (s ?? '').trim() === '');
}

// ---------------------------------------------------------------------------------------------
// The schema

export interface SubscriptionPlanInput {
  billingPeriod: { value: number; unit: BillingUnit };
  numBillingCycles: number;
}

export interface VariantInput {
  /** The saved variant's id, or null for a new one. */
  id: string | null;
  sku: string;
  attributes: Record<string, string>;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  unlimited: boolean;
  qty: number;
  /** The stock the form showed for this variant, or null when the post did not say (then the stock
   *  typed is written as it is, as before issue 28). */
  was: StockSeen | null;
}

/** A variant's stock as a form showed it. */
export interface StockSeen {
  qty: number;
  unlimited: boolean;
}

/** The `was` field of a variant row: "12:0" (12 counted), "0:1" (unlimited). */
export function stockSeenText(qty: number, unlimited: boolean): string {
  return `${qty}:${unlimited ? 1 : 0}`;
}

export function parseStockSeen(text: string): StockSeen | null {
  const m = /^(\d{1,10}):([01])$/.exec(text.trim());
  return m && Number(m[1]) <= MAX_QTY ? { qty: Number(m[1]), unlimited: m[2] === '1' } : null;
}

export interface ProductInput {
  title: string;
  /** null: made from the title. */
  urlId: string | null;
  productType: number;
  /** As typed: the server sanitises it. */
  body: string;
  excerpt: string;
  published: boolean;
  tags: string[];
  categories: string[];
  collectionId: string;
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlanInput | null;
  assetUrl: string | null;
  originalSize: string | null;
  options: string[];
  /** The site's form asked for at add to cart (checked against the site's forms on save), null for
   *  none, undefined when the post did not say (the saved one is kept). */
  customFormId?: string | null;
  merchandising: ProductMerchandising;
  variants: VariantInput[];
}

/**
 * A saved product as its form reads it (app/config/products.server.ts's SavedProduct adds where it
 * is and what it is called by).
 */
export interface ProductRecord extends Omit<ProductInput, 'urlId' | 'customFormId' | 'variants'> {
  urlId: string;
  /** The site's form asked for at add to cart (issue 30), or null. */
  customFormId: string | null;
  /** A saved variant: VariantInput with its id, without the stock the form showed. */
  variants: (Omit<VariantInput, 'id' | 'was'> & { id: string })[];
}

/** Turns a saved product into the values its form shows. */
export function valuesFromProduct(p: ProductRecord, currency: string): ProductValues {
  return {
    title: p.title,
    urlId: p.urlId,
    productType: String(p.productType),
    body: p.body,
    excerpt: p.excerpt,
    published: p.published,
    tags: p.tags.join(', '),
    categories: p.categories.join(', '),
    collectionId: p.collectionId,
    isSubscribable: p.isSubscribable,
    billingValue: String(p.subscriptionPlan?.billingPeriod.value ?? 1),
    billingUnit: p.subscriptionPlan?.billingPeriod.unit ?? 'MONTH',
    numBillingCycles: String(p.subscriptionPlan?.numBillingCycles ?? 0),
    assetUrl: p.assetUrl ?? '',
    originalSize: p.originalSize ?? '',
    options: p.options.join(', '),
    customFormId: p.customFormId ?? '',
    customSoldOutText: p.merchandising.customSoldOutText,
    scarcityEnabled: p.merchandising.scarcityEnabled,
    scarcityThreshold: String(p.merchandising.scarcityThreshold),
    scarcityText: p.merchandising.scarcityText,
    variants: p.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      attrs: p.options.map((o) => v.attributes[o] ?? ''),
      price: moneyInput(v.priceCents, currency),
      salePrice: v.onSale || v.salePriceCents > 0 ? moneyInput(v.salePriceCents, currency) : '',
      onSale: v.onSale,
      unlimited: v.unlimited,
      qty: String(v.qty),
      remove: false,
      was: stockSeenText(v.qty, v.unlimited),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// The form as posted untouched (issue 28: what the owner changed is told from the rest by it)

/** The fields the product form posts for `values` when nothing is typed (checkboxes post "on"). */
export function productFormFields(values: ProductValues): URLSearchParams {
  const f = new URLSearchParams();
  const put = (k: string, v: string) => f.append(k, v);
  const tick = (k: string, on: boolean) => (on ? f.append(k, 'on') : undefined);
  put('title', values.title);
  put('urlId', values.urlId);
  put('productType', values.productType);
  put('collectionId', values.collectionId);
  put('body', values.body);
  put('excerpt', values.excerpt);
  tick('published', values.published);
  put('tags', values.tags);
  put('categories', values.categories);
  put('assetUrl', values.assetUrl);
  put('originalSize', values.originalSize);
  tick('isSubscribable', values.isSubscribable);
  put('billingValue', values.billingValue);
  put('billingUnit', values.billingUnit);
  put('numBillingCycles', values.numBillingCycles);
  put('options', values.options);
  put('customFormId', values.customFormId);
  put('customSoldOutText', values.customSoldOutText);
  tick('scarcityEnabled', values.scarcityEnabled);
  put('scarcityThreshold', values.scarcityThreshold);
  put('scarcityText', values.scarcityText);
  const options = splitList(values.options);
  values.variants.forEach((v, i) => {
    const n = `variants[${i}]`;
    if (v.id) put(`${n}.id`, v.id);
    if (v.id && v.was) put(`${n}.was`, v.was);
    put(`${n}.sku`, v.sku);
    options.forEach((_, j) => put(`${n}.attrs[${j}]`, v.attrs[j] ?? ''));
    put(`${n}.price`, v.price);
    put(`${n}.salePrice`, v.salePrice);
    tick(`${n}.onSale`, v.onSale);
    tick(`${n}.unlimited`, v.unlimited);
    put(`${n}.qty`, v.qty);
    tick(`${n}.remove`, v.remove);
  });
  return f;
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  urlId: 'URL slug',
  productType: 'Product type',
  collectionId: 'Collection',
  body: 'Description',
  excerpt: 'Excerpt',
  published: 'Published',
  tags: 'Tags',
  categories: 'Categories',
  assetUrl: 'Main image',
  originalSize: 'Image size',
  isSubscribable: 'Subscription',
  billingValue: 'Bill every',
  billingUnit: 'Period',
  numBillingCycles: 'Number of payments',
  options: 'Option names',
  customFormId: 'Custom form',
  customSoldOutText: 'Sold-out label',
  scarcityEnabled: 'Scarcity notice',
  scarcityThreshold: 'Show it at',
  scarcityText: 'Scarcity text',
};
const ROW_LABELS: Record<string, string> = {
  sku: 'SKU',
  attrs: 'options',
  price: 'price',
  salePrice: 'sale price',
  onSale: 'on sale',
  unlimited: 'stock',
  qty: 'stock',
  remove: 'removed',
  id: 'variant',
};

/** A field's name as the conflict notice says it: "Excerpt", "Variant 2 stock". */
export function productFieldLabel(name: string): string {
  const m = ROW_KEY.exec(name);
  if (m) return `Variant ${Number(m[1]) + 1} ${ROW_LABELS[m[2]] ?? m[2]}`;
  return FIELD_LABELS[name] ?? name;
}
