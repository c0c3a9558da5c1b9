// The Settings screen's work: the store's name, address, currency, time zone and locale; the checkout
// minimum; shipping methods; tax rates; instalments; back-in-stock sign-ups' CAPTCHA and the form's texts. Each section is its own form and its own write,
// read back by checkout and pages (app/commerce/rules.ts, shipping.ts, tax.ts) from website.settings.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import type { OwnerAccess } from '../auth/permissions.server.js';
import { minorDigits, moneyValue } from '../commerce/money.js';
import { parseMoney } from './product-form.js';
import { commerceSettings } from '../commerce/rules.js';
import { shippingSettings, type ShippingMethod } from '../commerce/shipping.js';
import { taxSettings } from '../commerce/tax.js';
import { ownRestockMessages, restockAsksCaptcha } from '../forms/restock-context.js';
import { RESTOCK_MESSAGE_FIELDS, type RestockMessages } from '../forms/restock-texts.js';
import { siteChanged } from '../sites/domains.server.js';
import { CURRENCIES, SiteSettingsInput } from '../sites/manage.server.js';
import { parseOrigin } from '../utils/env.server.js';
import { actorOf, recordAudit } from '../edits/audit.server.js';
import { storefrontChanged } from '../edits/storefront-changed.server.js';
import type { Db, Versioned } from '../edits/versions.server.js';
import { UI_TEXT } from '../utils/ui-texts.js';

export const SECTIONS = ['store', 'checkout', 'shipping', 'tax', 'instalments', 'restock'] as const;
export type Section = (typeof SECTIONS)[number];

export const SECTION_NAMES: Record<Section, string> = {
  store: 'Store',
  checkout: 'Checkout',
  shipping: 'Shipping',
  tax: 'Tax',
  instalments: 'Instalments',
  restock: 'Back in stock',
};

// ICU's list leaves out the plain "UTC" alias, which owners expect and PostgreSQL knows.
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];
const ZONE_SET = new Set(TIME_ZONES);

export const SETTINGS_TEXT = {
  invalid: UI_TEXT.invalidForm,
  badZone: 'Choose a time zone from the list, such as America/Halifax.',
  badCountries: 'Enter two-letter country codes separated by commas, such as US, CA.',
  badRate: 'Enter a rate from 0 to 100, such as 7.5.',
  badPlace: 'Enter a country code or a country and region, such as CA or CA-NS.',
  label: 'Enter a name for the shipping method.',
  maxBelowMin: 'The largest amount must be more than the smallest.',
};

/** "Enter an amount such as 10.00." for the store currency (JPY has no cents). */
export function amountMessage(currency: string): string {
  return `Enter an amount in ${currency} such as ${minorDigits(currency) === 0 ? '1000' : '10.00'}.`;
}

const RESTOCK_TEXT_NAMES = RESTOCK_MESSAGE_FIELDS.map((f) => f.name);
const RESTOCK_FIELD = Object.fromEntries(RESTOCK_MESSAGE_FIELDS.map((f) => [f.name, f])) as Record<
  keyof RestockMessages,
  (typeof RESTOCK_MESSAGE_FIELDS)[number]
>;

/** One of the form's texts: trimmed, its runs of white space (a pasted line break) one space; '' is the default. */
const restockText = (name: keyof RestockMessages) =>
  z
    .string()
    .default('')
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(RESTOCK_FIELD[name].max, RESTOCK_FIELD[name].error));

/** Store settings take amounts under a billion whole units (the money reader is the product form's). */
const MAX_WHOLE_DIGITS = 9;

/** An amount typed in major units ("12", "12.5", "1,250.00") as integer minor units of `currency`; null when it is not one. */
export function settingsAmount(text: string, currency: string): number | null {
  const r = parseMoney(text, currency, { maxWhole: MAX_WHOLE_DIGITS });
  return r.ok ? r.cents : null;
}

/** A percentage ("14", "7.25") as basis points (1400, 725); null unless 0 to 100 with at most 2 decimals. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{0,2}))?\s*%?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10000 ? bp : null;
}

const percentText = (bp: number) => (bp / 100).toFixed(2).replace(/\.?0+$/, '');

/** "US, CA" or "us ca" as ["US", "CA"]; null when a code is not two letters. */
export function parseCountries(text: string): string[] | null {
  const parts = text
    .split(/[\s,;]+/)
    .map((p) => p.trim().toUpperCase())
    .filter(Boolean);
  if (parts.some((p) => !/^[A-Z]{2}$/.test(p))) return null;
  return [...new Set(parts)];
}

const PLACE = /^[A-Z]{2}(-[A-Z0-9]{1,3})?$/;

/**
 * Tax rates typed one per line, "CA-NS 14" or "CA: 5%", as basis points by place; or the first
 * bad line's message. Blank lines are skipped; a place twice is a mistake worth saying.
 */
export function parseTaxRates(text: string): { ok: true; rates: Record<string, number> } | { ok: false; error: string } {
  const rates: Record<string, number> = {};
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const m = /^([A-Za-z]{2}(?:-[A-Za-z0-9]{1,3})?)\s*[:=]?\s*(\S+)$/.exec(line);
    const place = m?.[1].toUpperCase();
    const bp = m ? parsePercent(m[2]) : null;
    if (!m || !place || bp === null) {
      return { ok: false, error: `Line ${i + 1} ("${line.slice(0, 40)}") is not a place and a rate such as CA-NS 14.` };
    }
    if (place in rates) return { ok: false, error: `Line ${i + 1}: ${place} has a rate already.` };
    rates[place] = bp;
  }
  return { ok: true, rates };
}

/** A method's id from its label, unlike any of `taken`: "Next-day courier" -> "next-day-courier". */
export function methodId(label: string, taken: ReadonlySet<string>): string {
  const base =
    label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34) || 'method';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

const amount = (currency: string) =>
  z
    .string()
    .default('')
    .transform((v, ctx) => {
      const c = settingsAmount(v, currency);
      if (c === null) {
        ctx.addIssue({ code: 'custom', message: amountMessage(currency) });
        return z.NEVER;
      }
      return c;
    });

const optionalAmount = (currency: string) =>
  z
    .string()
    .default('')
    .transform((v, ctx) => {
      if (v.trim() === '') return null;
      const c = settingsAmount(v, currency);
      if (c === null) {
        ctx.addIssue({ code: 'custom', message: `${amountMessage(currency)} Leave it empty for never.` });
        return z.NEVER;
      }
      return c;
    });

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on');

const MethodRow = (currency: string) =>
  z
    .object({
      id: z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/)
        .optional(),
      label: z.string().default(''),
      description: z.string().default(''),
      rate: z.string().default(''),
      countries: z.string().default(''),
      exceptCountries: z.string().default(''),
      freeEligible: checkbox,
      pickup: checkbox,
      remove: checkbox,
    })
    .transform((row, ctx): (Omit<ShippingMethod, 'id'> & { id?: string }) | null => {
      const blank = [row.label, row.description, row.rate, row.countries, row.exceptCountries].every((v) => v.trim() === '');
      if (row.remove || (!row.id && blank)) return null;
      const label = row.label.trim();
      if (label === '') ctx.addIssue({ code: 'custom', path: ['label'], message: SETTINGS_TEXT.label });
      else if (label.length > 80) ctx.addIssue({ code: 'custom', path: ['label'], message: 'A name is at most 80 characters.' });
      const description = row.description.trim();
      if (description.length > 200)
        ctx.addIssue({ code: 'custom', path: ['description'], message: 'A description is at most 200 characters.' });
      const rateCents = settingsAmount(row.rate, currency);
      if (rateCents === null) ctx.addIssue({ code: 'custom', path: ['rate'], message: amountMessage(currency) });
      const countries = parseCountries(row.countries);
      if (countries === null) ctx.addIssue({ code: 'custom', path: ['countries'], message: SETTINGS_TEXT.badCountries });
      const exceptCountries = parseCountries(row.exceptCountries);
      if (exceptCountries === null) ctx.addIssue({ code: 'custom', path: ['exceptCountries'], message: SETTINGS_TEXT.badCountries });
      if (rateCents === null || countries === null || exceptCountries === null) return z.NEVER;
      return {
        id: row.id,
        label,
        description,
        rateCents,
        countries,
        exceptCountries,
        freeEligible: row.freeEligible,
        pickup: row.pickup,
      };
    });

const required = <T extends z.ZodTypeAny>(inner: T) => z.string().default('').pipe(inner);

/** The forms of the Settings screen, one per section (`intent`), amounts in `currency`. */
export function settingsSchema(currency: string) {
  return z
    .discriminatedUnion('intent', [
      z.object({
        intent: z.literal('store'),
        name: required(SiteSettingsInput.shape.name.unwrap()),
        baseUrl: z
          .string()
          .default('')
          .transform((raw, ctx) => {
            if (raw.trim() === '') return '';
            const r = parseOrigin(raw);
            if (r.ok) return r.origin;
            ctx.addIssue({ code: 'custom', message: `The base URL ${r.error} (example: https://shop.example).` });
            return z.NEVER;
          }),
        currency: required(SiteSettingsInput.shape.currency.unwrap()),
        timeZone: z
          .string()
          .default('')
          .refine((v) => ZONE_SET.has(v), SETTINGS_TEXT.badZone),
        locale: required(SiteSettingsInput.shape.locale.unwrap()),
        multipleQuantityAllowedForServices: checkbox,
      }),
      z.object({ intent: z.literal('checkout'), checkoutMinimum: amount(currency) }),
      z.object({
        intent: z.literal('shipping'),
        freeFrom: optionalAmount(currency),
        methods: z.array(MethodRow(currency)).default([]),
      }),
      z.object({
        intent: z.literal('tax'),
        defaultRate: z
          .string()
          .default('')
          .transform((v, ctx) => {
            const bp = parsePercent(v);
            if (bp === null) {
              ctx.addIssue({ code: 'custom', message: SETTINGS_TEXT.badRate });
              return z.NEVER;
            }
            return bp;
          }),
        rates: z
          .string()
          .default('')
          .transform((v, ctx) => {
            const r = parseTaxRates(v);
            if (!r.ok) {
              ctx.addIssue({ code: 'custom', message: r.error });
              return z.NEVER;
            }
            return r.rates;
          }),
        originRegion: z
          .string()
          .default('')
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => PLACE.test(v), SETTINGS_TEXT.badPlace),
        taxShipping: checkbox,
      }),
      z.object({
        intent: z.literal('instalments'),
        afterPayAvailable: checkbox,
        instalmentsMin: amount(currency),
        instalmentsMax: amount(currency),
        stripeAccountCountry: z
          .string()
          .default('')
          .transform((v) => v.trim().toUpperCase())
          .refine((v) => /^[A-Z]{2}$/.test(v), 'Enter a two-letter country code such as US.'),
      }),
      z.object({
        intent: z.literal('restock'),
        restockCaptcha: checkbox,
        CTAText: restockText('CTAText'),
        placeholderText: restockText('placeholderText'),
        buttonText: restockText('buttonText'),
        mailingListDescription: restockText('mailingListDescription'),
        successText: restockText('successText'),
      }),
    ])
    .superRefine((v, ctx) => {
      if (v.intent === 'instalments' && v.instalmentsMax <= v.instalmentsMin) {
        ctx.addIssue({ code: 'custom', path: ['instalmentsMax'], message: SETTINGS_TEXT.maxBelowMin });
      }
    });
}
export type SettingsInput = z.infer<ReturnType<typeof settingsSchema>>;

interface WebsiteRow {
  title: string;
  base_url: string;
  currency: string;
  time_zone: string;
  locale: string;
  settings: Record<string, unknown> | null;
}

async function websiteRow(sql: Db, websiteId: string): Promise<WebsiteRow> {
  const [w] = await sql<WebsiteRow[]>`select title, base_url, currency, time_zone, locale, settings from website where id = ${websiteId}`;
  if (!w) throw new Error(`no website ${websiteId}`);
  return w;
}

/**
 * Every section's fields as the form shows them, by field name (`methods[0].label`): the same flat
 * shape a post comes back in, so a failed post's typed values and the saved ones render alike.
 * A ticked checkbox is "on"; an unticked one is absent.
 */
export async function settingsFormValues(sql: Db, websiteId: string): Promise<Record<string, string>> {
  const w = await websiteRow(sql, websiteId);
  const c = commerceSettings(w.settings);
  const ship = shippingSettings(w.settings);
  const tax = taxSettings(w.settings);
  const m = (cents: number) => moneyValue(cents, w.currency);
  const v: Record<string, string> = {
    name: w.title,
    baseUrl: w.base_url,
    currency: w.currency,
    timeZone: w.time_zone,
    locale: w.locale,
    checkoutMinimum: m(c.checkoutMinimumCents),
    freeFrom: ship.freeFromCents === null ? '' : m(ship.freeFromCents),
    defaultRate: percentText(tax.defaultBasisPoints),
    rates: Object.entries(tax.ratesBasisPoints)
      .map(([place, bp]) => `${place} ${percentText(bp)}`)
      .join('\n'),
    originRegion: tax.originRegion,
    instalmentsMin: m(c.instalmentsMinCents),
    instalmentsMax: m(c.instalmentsMaxCents),
    stripeAccountCountry: c.stripeAccountCountry,
  };
  if (tax.taxShipping) v.taxShipping = 'on';
  if (c.afterPayAvailable) v.afterPayAvailable = 'on';
  if (c.multipleQuantityAllowedForServices) v.multipleQuantityAllowedForServices = 'on';
  if (restockAsksCaptcha(w.settings ?? {})) v.restockCaptcha = 'on';
  // The owner's own texts; an empty field is the default (shown beside it).
  const own = ownRestockMessages(w.settings ?? {});
  for (const k of RESTOCK_TEXT_NAMES) v[k] = own[k] ?? '';
  ship.methods.forEach((method, i) => {
    const k = (f: string) => `methods[${i}].${f}`;
    v[k('id')] = method.id;
    v[k('label')] = method.label;
    v[k('description')] = method.description;
    v[k('rate')] = m(method.rateCents);
    v[k('countries')] = method.countries.join(', ');
    v[k('exceptCountries')] = method.exceptCountries.join(', ');
    if (method.freeEligible) v[k('freeEligible')] = 'on';
    if (method.pickup) v[k('pickup')] = 'on';
  });
  return v;
}

export class SettingsError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Changes website.settings.websiteSettings.storeSettings (`settings` as read under the save's row lock). */
async function changeStoreSettings(
  tx: Db,
  websiteId: string,
  settings: unknown,
  change: (store: Record<string, unknown>) => void,
): Promise<void> {
  const all = isObject(settings) ? settings : {};
  const ws = isObject(all.websiteSettings) ? all.websiteSettings : {};
  const store = isObject(ws.storeSettings) ? ws.storeSettings : {};
  change(store);
  const next = { ...all, websiteSettings: { ...ws, storeSettings: store } };
  await tx`update website set settings = ${tx.json(next as never)} where id = ${websiteId}`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Whether PostgreSQL knows the zone too: the dashboard counts "today" in it. */
async function databaseKnowsZone(sql: Sql, zone: string): Promise<boolean> {
  try {
    await sql`select now() at time zone ${zone}`;
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves one section of the form, records it in the audit log, and drops the storefront's caches. The
 * whole section is written in one transaction under the website row's lock (so two sections saved at
 * once do not undo each other), and `guard` runs once the row is locked: it throws VersionConflict
 * when the section changed since its form was drawn (issue 28).
 */
export async function saveSettings(a: OwnerAccess, input: SettingsInput, guard: (tx: Db) => Promise<void> = async () => {}): Promise<void> {
  const id = a.site.id;
  if (input.intent === 'store' && !(await databaseKnowsZone(a.sql, input.timeZone)))
    throw new SettingsError('timeZone', SETTINGS_TEXT.badZone);
  await a.sql.begin(async (tx) => {
    const [row] = await tx<{ settings: Record<string, unknown> | null }[]>`
      select settings from website where id = ${id} for update`;
    if (!row) throw new Error(`no website ${id}`);
    await guard(tx);
    const change = (f: (store: Record<string, unknown>) => void) => changeStoreSettings(tx, id, row.settings, f);
    switch (input.intent) {
      case 'store': {
        const site = SiteSettingsInput.parse({ name: input.name, currency: input.currency, locale: input.locale });
        await tx`update website set base_url = ${input.baseUrl}, time_zone = ${input.timeZone},
                   title = coalesce(${site.name ?? null}, title), currency = coalesce(${site.currency ?? null}, currency),
                   locale = coalesce(${site.locale ?? null}, locale)
                  where id = ${id}`;
        await change((s) => {
          if ('currencyCode' in s) s.currencyCode = input.currency;
          // SPEC 3's storeSettings.multipleQuantityAllowedForServices: the cart and the product page read it.
          s.multipleQuantityAllowedForServices = input.multipleQuantityAllowedForServices;
        });
        break;
      }
      case 'checkout':
        await change((s) => {
          s.checkoutMinimumCents = input.checkoutMinimum;
        });
        break;
      case 'shipping':
        await change((s) => {
          // New rows get an id from their label; a posted id is kept unless another row has it already.
          const taken = new Set(input.methods.flatMap((m) => (m?.id ? [m.id] : [])));
          const used = new Set<string>();
          const methods: ShippingMethod[] = [];
          for (const m of input.methods) {
            if (!m) continue;
            const mid = m.id && !used.has(m.id) ? m.id : methodId(m.label, taken);
            taken.add(mid);
            used.add(mid);
            methods.push({ ...m, id: mid });
          }
          s.shipping = { freeFromCents: input.freeFrom, methods };
        });
        break;
      case 'tax':
        await change((s) => {
          s.tax = {
            defaultBasisPoints: input.defaultRate,
            ratesBasisPoints: input.rates,
            originRegion: input.originRegion,
            taxShipping: input.taxShipping,
          };
        });
        break;
      case 'instalments':
        await change((s) => {
          s.afterPayAvailable = input.afterPayAvailable;
          s.instalmentsMinCents = input.instalmentsMin;
          s.instalmentsMaxCents = input.instalmentsMax;
          s.stripeAccountCountry = input.stripeAccountCountry;
        });
        break;
      case 'restock': {
        // Top-level, where the restock form's other settings live (ADR 0034): the page context
        // then names the CAPTCHA's challenge as website.captchaSettings.siteKey.
        // The texts too, as SPEC 3's restockNotificationMessages: only those set, so an empty field
        // leaves the default (in the page's language) in place.
        const { restockNotificationMessages: _old, ...all } = isObject(row.settings) ? row.settings : {};
        const messages = Object.fromEntries(RESTOCK_TEXT_NAMES.flatMap((k) => (input[k] ? [[k, input[k]]] : [])));
        const next = {
          ...all,
          restockCaptcha: input.restockCaptcha,
          ...(Object.keys(messages).length ? { restockNotificationMessages: messages } : {}),
        };
        await tx`update website set settings = ${tx.json(next as never)} where id = ${id}`;
        break;
      }
    }
  });
  // The name and currency are read by every page: every process drops its copy of the site.
  if (input.intent === 'store') await siteChanged(a.sql, id);
  await recordAudit(a.sql, actorOf(a), 'settings.update', SECTION_NAMES[input.intent], { section: input.intent });
  await storefrontChanged(a.sql, id);
}

/** The fields of each section's form (`methods[N].…` rows belong to shipping). */
const SECTION_FIELDS: Record<Section, (name: string) => boolean> = {
  store: (k) => ['name', 'baseUrl', 'currency', 'timeZone', 'locale', 'multipleQuantityAllowedForServices'].includes(k),
  checkout: (k) => k === 'checkoutMinimum',
  shipping: (k) => k === 'freeFrom' || k.startsWith('methods['),
  tax: (k) => ['defaultRate', 'rates', 'originRegion', 'taxShipping'].includes(k),
  instalments: (k) => ['afterPayAvailable', 'instalmentsMin', 'instalmentsMax', 'stripeAccountCountry'].includes(k),
  restock: (k) => k === 'restockCaptcha' || (RESTOCK_TEXT_NAMES as string[]).includes(k),
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Store name',
  baseUrl: 'Base URL',
  currency: 'Currency',
  timeZone: 'Time zone',
  locale: 'Locale',
  multipleQuantityAllowedForServices: 'Shoppers may buy more than one of a service',
  checkoutMinimum: 'Checkout minimum',
  freeFrom: 'Free shipping from',
  defaultRate: 'Default tax rate',
  rates: 'Rates by country or region',
  originRegion: 'Where the store is',
  taxShipping: 'Charge tax on shipping',
  afterPayAvailable: 'Offer payment in instalments',
  instalmentsMin: 'Offered for prices over',
  instalmentsMax: 'Offered for prices up to',
  stripeAccountCountry: 'Payment account country',
  restockCaptcha: 'Ask for a CAPTCHA on back-in-stock sign-ups',
  ...Object.fromEntries(RESTOCK_MESSAGE_FIELDS.map((f) => [f.name, f.label])),
  label: 'Name',
  description: 'Description',
  rate: 'Rate',
  countries: 'Ships to',
  exceptCountries: 'Does not ship to',
  freeEligible: 'Free from the free shipping amount',
  pickup: 'Local pickup',
  remove: 'Remove',
};

function settingsLabel(field: string): string {
  const m = /^methods\[(\d+)\]\.(\w+)$/.exec(field);
  if (m) return `Shipping method ${Number(m[1]) + 1}: ${FIELD_LABELS[m[2]] ?? m[2]}`;
  return FIELD_LABELS[field] ?? field;
}

/**
 * One section of the settings as a versioned record (issue 28): each section is versioned on its own
 * fields, so a save of Tax is never in conflict with someone else's save of Shipping.
 */
export function settingsVersioned(websiteId: string, section: Section): Versioned<Record<string, string>> {
  return {
    thing: `${SECTION_NAMES[section].toLowerCase()} section of the settings`,
    websiteId,
    load: (db) => settingsFormValues(db, websiteId),
    fields: (values) => new URLSearchParams(Object.entries(values).filter(([k]) => SECTION_FIELDS[section](k))),
    label: settingsLabel,
    audit: () => ({ targets: [SECTION_NAMES[section]] }),
  };
}

export { CURRENCIES };
