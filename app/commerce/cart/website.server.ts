// The website the cart works for (id, currency, commerce, shipping and tax settings), read once per
// catalog generation so that an owner's change to the store settings reaches the cart as soon as
// it reaches the pages.
import type postgres from 'postgres';
import type { Sql } from '../../../db/client.server.js';
import { catalogGeneration } from '../../catalog/changes.server.js';
import { commerceSettings, type CommerceSettings } from '../rules.js';
import { shippingSettings, type ShippingSettings } from '../shipping.js';
import { taxSettings, type TaxSettings } from '../tax.js';
import { env } from '../../utils/env.server.js';

export interface CartWebsite {
  id: string;
  currency: string;
  settings: CommerceSettings;
  shipping: ShippingSettings;
  tax: TaxSettings;
  /** The settings JSON as stored (contact email...). */
  raw: unknown;
}

export interface WebsiteReader {
  /** The website as of its current catalog generation. */
  current(): Promise<CartWebsite>;
  /**
   * The website for a query runner. Inside a transaction it is the row already read (the
   * transaction runner reads it first): with PGlite's single connection a fresh read on `sql`
   * would wait for the very transaction that waits for it, and a transaction keeps one view of
   * the settings anyway.
   */
  for(q: Sql | postgres.TransactionSql): Promise<CartWebsite>;
}

/** Reads `websiteId` (else WEBSITE_ID, else the first website) from `sql`. */
export function createWebsiteReader(sql: Sql, websiteId?: string): WebsiteReader {
  let site: Promise<CartWebsite> | undefined;
  let siteKey: { id: string; generation: number } | null = null;
  let lastSite: CartWebsite | null = null;

  function current(): Promise<CartWebsite> {
    if (site && siteKey && catalogGeneration(siteKey.id) !== siteKey.generation) site = undefined;
    if (!site) {
      const wanted = websiteId ?? env().websiteId ?? null;
      site = sql<{ id: string; currency: string; settings: unknown }[]>`
        select id, currency, settings from website where ${wanted === null ? sql`true` : sql`id = ${wanted}`} order by id limit 1`.then(
        (rows) => {
          if (rows.length === 0) throw new Error('The database has no website: run `npm run db:seed`.');
          const raw = rows[0].settings;
          siteKey = { id: rows[0].id, generation: catalogGeneration(rows[0].id) };
          lastSite = {
            id: rows[0].id,
            currency: rows[0].currency,
            settings: commerceSettings(raw),
            shipping: shippingSettings(raw),
            tax: taxSettings(raw),
            raw,
          };
          return lastSite;
        },
      );
      // A failed read is not kept: the next call asks the database again.
      site.catch(() => {
        site = undefined;
      });
    }
    return site;
  }

  async function forRunner(q: Sql | postgres.TransactionSql): Promise<CartWebsite> {
    if (q !== sql && lastSite) return lastSite;
    return current();
  }

  return { current, for: forRunner };
}
