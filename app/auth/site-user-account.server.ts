// What the account pages show and change: orders placed while signed in, saved addresses, and
// back-in-stock sign-ups (by the account or its email). Addresses arrive checked by the route
// (the checkout's rules, app/commerce/address.ts).
import crypto from 'node:crypto';
import type { Sql } from '../../db/client.server.js';
import type { SiteUser } from './site-user-store.server.js';

/** Addresses an account may keep. */
export const MAX_ADDRESSES = 20;

export interface SavedAddress {
  id: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}
export type AddressFields = Omit<SavedAddress, 'id'>;

export interface AccountOrder {
  id: string;
  orderNumber: number;
  createdAt: Date;
  grandTotalCents: number;
  fulfillmentStatus: string;
}

export interface AccountRestockSignup {
  id: string;
  productName: string;
  variantName: string;
  createdAt: Date;
  notifiedAt: Date | null;
}

export async function ordersOf(sql: Sql, user: SiteUser): Promise<AccountOrder[]> {
  const rows = await sql<{ id: string; order_number: number; created: Date; grand_total_cents: string; fulfillment_status: string }[]>`
    select id, order_number, created, grand_total_cents, fulfillment_status from "order"
     where site_user_id = ${user.id} and website_id = ${user.websiteId} order by created desc, id limit 200`;
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    createdAt: r.created,
    grandTotalCents: Number(r.grand_total_cents),
    fulfillmentStatus: r.fulfillment_status,
  }));
}

export async function restockSignupsOf(sql: Sql, user: SiteUser): Promise<AccountRestockSignup[]> {
  const rows = await sql<
    { id: string; title: string; attributes: Record<string, string>; sku: string; created_at: Date; notified_at: Date | null }[]
  >`
    select r.id, i.title, v.attributes, v.sku, r.created_at, r.notified_at
      from restock_signup r join item i on i.id = r.item_id join variant v on v.id = r.variant_id
     where r.website_id = ${user.websiteId} and (r.site_user_id = ${user.id} or r.email = ${user.email})
     order by r.created_at desc, r.id limit 200`;
  return rows.map((r) => ({
    id: r.id,
    productName: r.title,
    variantName: Object.values(r.attributes ?? {}).join(' / ') || r.sku,
    createdAt: r.created_at,
    notifiedAt: r.notified_at,
  }));
}

type AddressRow = {
  id: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postal_code: string;
  country: string;
};
const toAddress = (r: AddressRow): SavedAddress => ({
  id: r.id,
  name: r.name,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  region: r.region,
  postalCode: r.postal_code,
  country: r.country,
});

export async function addressesOf(sql: Sql, siteUserId: string): Promise<SavedAddress[]> {
  const rows = await sql<AddressRow[]>`
    select id, name, line1, line2, city, region, postal_code, country from site_user_address
     where site_user_id = ${siteUserId} order by created_at, id`;
  return rows.map(toAddress);
}

/** Adds an address; null when the account already keeps the most it may. */
export async function addAddress(sql: Sql, siteUserId: string, a: AddressFields): Promise<SavedAddress | null> {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from site_user_address where site_user_id = ${siteUserId}`;
  if (n >= MAX_ADDRESSES) return null;
  const id = `adr-${crypto.randomUUID()}`;
  const [r] = await sql<AddressRow[]>`
    insert into site_user_address (id, site_user_id, name, line1, line2, city, region, postal_code, country)
    values (${id}, ${siteUserId}, ${a.name}, ${a.line1}, ${a.line2}, ${a.city}, ${a.region}, ${a.postalCode}, ${a.country})
    returning id, name, line1, line2, city, region, postal_code, country`;
  return toAddress(r);
}

/** Changes one of the account's addresses; false when it is not theirs. */
export async function updateAddress(sql: Sql, siteUserId: string, id: string, a: AddressFields): Promise<boolean> {
  const rows = await sql`
    update site_user_address set name = ${a.name}, line1 = ${a.line1}, line2 = ${a.line2}, city = ${a.city},
           region = ${a.region}, postal_code = ${a.postalCode}, country = ${a.country}, updated_at = now()
     where id = ${id} and site_user_id = ${siteUserId} returning 1`;
  return rows.length > 0;
}

export async function removeAddress(sql: Sql, siteUserId: string, id: string): Promise<boolean> {
  return (await sql`delete from site_user_address where id = ${id} and site_user_id = ${siteUserId} returning 1`).length > 0;
}
