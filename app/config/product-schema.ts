// The product form's zod schema (server side of the form, pure): every field of
// app/config/product-form.ts checked, each error on its Conform name (`variants[0].price`), prices
// read in the site's currency, blank variant rows left out. Parses to a ProductInput.
import { z } from 'zod';
import {
  BILLING_UNITS,
  SCARCITY_DEFAULT_THRESHOLD,
  isBlankRow,
  MAX_OPTIONS,
  MAX_VARIANTS,
  parseMoney,
  parseQty,
  PRODUCT_TYPES,
  splitList,
  SUBSCRIBABLE_TYPES,
  TEXT,
  wholeNumber,
  parseStockSeen,
  type BillingUnit,
  type ProductInput,
  type SubscriptionPlanInput,
  type VariantInput,
} from './product-form.js';
import { SLUG_RE } from '../edits/slugs.js';
import { TAG_MAX_LENGTH } from './tag-rules.js';

const Text = z.string().nullish();
const Row = z
  .object({
    id: Text,
    sku: Text,
    attrs: z.array(Text).nullish(),
    price: Text,
    salePrice: Text,
    onSale: Text,
    unlimited: Text,
    qty: Text,
    remove: Text,
    was: Text,
  })
  .nullish();
const Raw = z.object({
  title: Text,
  urlId: Text,
  productType: Text,
  body: Text,
  excerpt: Text,
  published: Text,
  tags: Text,
  categories: Text,
  collectionId: Text,
  isSubscribable: Text,
  billingValue: Text,
  billingUnit: Text,
  numBillingCycles: Text,
  assetUrl: Text,
  originalSize: Text,
  options: Text,
  customFormId: Text,
  customSoldOutText: Text,
  scarcityEnabled: Text,
  scarcityThreshold: Text,
  scarcityText: Text,
  variants: z.array(Row).nullish(),
});

const s = (v: string | null | undefined) => v ?? '';
const on = (v: string | null | undefined) => v !== null && v !== undefined && v !== '';

/**
 * The product form's schema for a site whose prices are in `currency`: every field checked, each
 * error on its field, blank variant rows left out. Parses to a ProductInput.
 */
export function productSchema(currency: string) {
  return Raw.transform((raw, ctx): ProductInput => {
    let issues = 0;
    const fail = (path: (string | number)[], message: string) => {
      issues++;
      ctx.addIssue({ code: z.ZodIssueCode.custom, path, message });
    };
    const title = s(raw.title).trim();
    if (title === '') fail(['title'], TEXT.title);
    else if (title.length > 200) fail(['title'], TEXT.titleLong);
    const slug = s(raw.urlId).trim();
    if (slug !== '' && (!SLUG_RE.test(slug) || slug.length > 100)) fail(['urlId'], TEXT.slug);
    const productType = Number(s(raw.productType));
    if (!PRODUCT_TYPES.includes(productType)) fail(['productType'], TEXT.type);
    const body = s(raw.body);
    if (body.length > 100_000) fail(['body'], TEXT.text);
    const excerpt = s(raw.excerpt).trim();
    if (excerpt.length > 5000) fail(['excerpt'], TEXT.text);
    const collectionId = s(raw.collectionId).trim();
    if (collectionId === '') fail(['collectionId'], TEXT.collection);
    const tags = splitList(s(raw.tags));
    if (tags.some((t) => t.length > TAG_MAX_LENGTH.tag)) fail(['tags'], TEXT.tag);
    const categories = splitList(s(raw.categories));
    if (categories.some((t) => t.length > TAG_MAX_LENGTH.category)) fail(['categories'], TEXT.category);

    const customSoldOutText = s(raw.customSoldOutText).trim();
    if (customSoldOutText.length > 200) fail(['customSoldOutText'], TEXT.merchandisingText);
    const scarcityText = s(raw.scarcityText).trim();
    if (scarcityText.length > 200) fail(['scarcityText'], TEXT.merchandisingText);
    const scarcityThreshold = wholeNumber(s(raw.scarcityThreshold) || String(SCARCITY_DEFAULT_THRESHOLD), 1, 9999);
    if (scarcityThreshold === null) fail(['scarcityThreshold'], TEXT.scarcityThreshold);

    const isSubscribable = on(raw.isSubscribable);
    let subscriptionPlan: SubscriptionPlanInput | null = null;
    if (isSubscribable) {
      if (PRODUCT_TYPES.includes(productType) && !SUBSCRIBABLE_TYPES.includes(productType)) fail(['isSubscribable'], TEXT.subscribable);
      const value = wholeNumber(s(raw.billingValue), 1, 52);
      if (value === null) fail(['billingValue'], TEXT.billingValue);
      const unit = s(raw.billingUnit) as BillingUnit;
      if (!BILLING_UNITS.includes(unit)) fail(['billingUnit'], TEXT.billingUnit);
      const cycles = wholeNumber(s(raw.numBillingCycles), 0, 999);
      if (cycles === null) fail(['numBillingCycles'], TEXT.cycles);
      if (value !== null && cycles !== null && BILLING_UNITS.includes(unit)) {
        subscriptionPlan = { billingPeriod: { value, unit }, numBillingCycles: cycles };
      }
    }

    const assetUrl = s(raw.assetUrl).trim();
    const originalSize = s(raw.originalSize)
      .trim()
      .replace(/\s*[x×X]\s*/, 'x');
    if (originalSize !== '' && !/^[1-9]\d{0,4}x[1-9]\d{0,4}$/.test(originalSize)) fail(['originalSize'], TEXT.originalSize);

    const options = splitList(s(raw.options));
    if (options.length > MAX_OPTIONS) fail(['options'], TEXT.optionsMany);
    else if (options.some((o) => o.length > 30) || new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      fail(['options'], TEXT.options);
    }

    const variants: VariantInput[] = [];
    let kept = 0;
    const skus = new Set<string>();
    const combos = new Set<string>();
    const rows = raw.variants ?? [];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (!r) continue;
      const attrs = options.map((_, j) => s(r.attrs?.[j]).trim());
      const row = { id: s(r.id), sku: s(r.sku).trim(), attrs, price: s(r.price), salePrice: s(r.salePrice), qty: s(r.qty) };
      if (on(r.remove) || isBlankRow({ ...row, id: '' })) continue;
      kept++;
      const at = (field: string) => ['variants', i, field];
      const before = issues;
      if (row.sku === '') fail(at('sku'), TEXT.sku);
      else if (row.sku.length > 60) fail(at('sku'), TEXT.skuLong);
      else if (skus.has(row.sku)) fail(at('sku'), TEXT.skuTaken);
      skus.add(row.sku);
      attrs.forEach((a, j) => {
        if (a === '') fail(['variants', i, 'attrs', j], TEXT.attr(options[j]));
        else if (a.length > 60) fail(['variants', i, 'attrs', j], TEXT.text);
      });
      if (options.length > 0 && attrs.every((a) => a !== '')) {
        const key = JSON.stringify(attrs.map((a) => a.toLowerCase()));
        if (combos.has(key)) fail(['variants', i, 'attrs', 0], TEXT.sameAttrs);
        combos.add(key);
      }
      const price = row.price.trim() === '' ? ({ ok: false, error: TEXT.price } as const) : parseMoney(row.price, currency);
      if (!price.ok) fail(at('price'), price.error);
      const onSale = on(r.onSale);
      let salePriceCents = 0;
      if (row.salePrice.trim() !== '') {
        const sale = parseMoney(row.salePrice, currency);
        if (!sale.ok) fail(at('salePrice'), sale.error);
        else if (onSale && price.ok && sale.cents >= price.cents) fail(at('salePrice'), TEXT.saleLower);
        else salePriceCents = sale.cents;
      } else if (onSale) fail(at('salePrice'), TEXT.salePrice);
      const unlimited = on(r.unlimited);
      const qty = parseQty(row.qty);
      if (qty === null) fail(at('qty'), TEXT.qty);
      if (issues === before && price.ok && qty !== null) {
        variants.push({
          id: row.id === '' ? null : row.id,
          sku: row.sku,
          attributes: Object.fromEntries(options.map((o, j) => [o, attrs[j]])),
          priceCents: price.cents,
          salePriceCents,
          onSale,
          unlimited,
          qty,
          was: parseStockSeen(s(r.was)),
        });
      }
    }
    if (kept === 0) fail(['variants'], TEXT.noVariant);
    else if (kept > MAX_VARIANTS) fail(['variants'], TEXT.tooManyVariants);
    else if (kept > 1 && options.length === 0) fail(['options'], TEXT.optionNeeded);

    return {
      title,
      urlId: slug === '' ? null : slug,
      productType,
      body,
      excerpt,
      published: on(raw.published),
      tags,
      categories,
      collectionId,
      isSubscribable,
      subscriptionPlan,
      assetUrl: assetUrl === '' ? null : assetUrl,
      originalSize: originalSize === '' ? null : originalSize,
      options,
      // Not posted (an older form, a script): the product keeps the form it has.
      customFormId: raw.customFormId === undefined || raw.customFormId === null ? undefined : raw.customFormId.trim() || null,
      merchandising: {
        customSoldOutText,
        scarcityEnabled: on(raw.scarcityEnabled),
        scarcityThreshold: scarcityThreshold ?? SCARCITY_DEFAULT_THRESHOLD,
        scarcityText,
      },
      variants,
    };
  });
}
