// An owner's changes to a whole site (issue 11): its name, currency and locale, whether visitors
// see it, and deleting it after the owner has typed its name. Each change reaches every server
// process's caches at once.
import { z } from 'zod';
import type { Sql } from '../../db/client.server.js';
import { siteChanged } from './domains.server.js';

/** The currencies of SPEC 3 a store can sell in. */
export const CURRENCIES = [
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR',
] as const; // prettier-ignore

export class SiteError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const SiteSettingsInput = z.object({
  name: z.string().trim().min(1, 'Enter a name for the site.').max(80, 'A site name is at most 80 characters.').optional(),
  currency: z.enum(CURRENCIES, { errorMap: () => ({ message: 'Choose one of the supported currencies.' }) }).optional(),
  locale: z
    .string()
    .trim()
    .refine((l) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(l) && Intl.NumberFormat.supportedLocalesOf(l).length > 0, {
      message: 'Choose a language and region such as en-US.',
    })
    .optional(),
});
export type SiteSettingsInput = z.infer<typeof SiteSettingsInput>;

async function changed(sql: Sql, websiteId: string, count: number): Promise<void> {
  if (count === 0) throw new SiteError(404, 'There is no such site.');
  await siteChanged(sql, websiteId);
}

/** Renames the site and sets its currency and locale (each optional). */
export async function updateSiteSettings(sql: Sql, websiteId: string, input: SiteSettingsInput): Promise<void> {
  const v = SiteSettingsInput.parse(input);
  const r = await sql`
    update website set
      title = coalesce(${v.name ?? null}, title),
      currency = coalesce(${v.currency ?? null}, currency),
      locale = coalesce(${v.locale ?? null}, locale)
    where id = ${websiteId}`;
  await changed(sql, websiteId, r.count);
}

/** Publishes the site, or hides it from visitors behind the "not published" screen. */
export async function setSitePublished(sql: Sql, websiteId: string, published: boolean): Promise<void> {
  const r = await sql`update website set published = ${published} where id = ${websiteId}`;
  await changed(sql, websiteId, r.count);
}

/**
 * Deletes the site and everything in it (its rows cascade), once the owner has typed the site's
 * name exactly. Orders go with it: deleting a store is final.
 */
export async function deleteSite(sql: Sql, websiteId: string, typedName: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ title: string }[]>`select title from website where id = ${websiteId} for update`;
    if (!row) throw new SiteError(404, 'There is no such site.');
    if (typedName.trim() !== row.title) throw new SiteError(400, `Type the site's name, ${row.title}, to delete it.`);
    // Orders keep their purchased cart by reference; both belong to the site and go together.
    await tx`delete from "order" where website_id = ${websiteId}`;
    await tx`delete from website where id = ${websiteId}`;
  });
  await siteChanged(sql, websiteId);
}
