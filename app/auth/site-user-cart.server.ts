// The cart of a signed-in shopper: at sign-in the browser's anonymous cart merges into the account's
// (same item and variant add up, within stock and the product's quantity limit, a line never counted twice);
// at sign-out the browser either keeps a detached copy (cloneCart) or leaves the cart with the account.
import crypto from 'node:crypto';
import type postgres from 'postgres';
import type { Sql } from '../../db/client.server.js';

type Tx = Sql | postgres.TransactionSql;

/** The account's open cart on the site (the latest), or null. */
export async function accountCartId(sql: Tx, websiteId: string, siteUserId: string): Promise<string | null> {
  const [r] = await sql<{ id: string }[]>`
    select id from cart where website_id = ${websiteId} and site_user_id = ${siteUserId}
       and kind = 'standard' and not is_purchased order by updated desc, id limit 1`;
  return r?.id ?? null;
}

/**
 * Signs `siteUserId` in on this browser's cart `browserCartId` (may be null): the cart the browser
 * uses from now on, or null when there is none. An anonymous cart becomes the account's, or merges
 * into the account's cart; a cart of another account is left alone.
 */
export async function mergeCartOnSignIn(
  sql: Sql,
  websiteId: string,
  siteUserId: string,
  browserCartId: string | null,
  opts: {
    quantityMax: number;
    /** The most a cart may hold of a product (quantityLimit of app/commerce/rules.ts; auth may not import commerce). */
    limitOf: (product: { productType: number; isSubscribable: boolean }) => number;
  },
): Promise<string | null> {
  return sql.begin(async (tx) => {
    const mine = await accountCartId(tx, websiteId, siteUserId);
    if (mine) await tx`select id from cart where id = ${mine} for update`;
    const [anon] = browserCartId
      ? await tx<{ id: string }[]>`
          select id from cart where id = ${browserCartId} and website_id = ${websiteId} and kind = 'standard'
             and not is_purchased and site_user_id is null for update`
      : [];
    if (!anon) return mine;
    if (!mine) {
      await tx`update cart set site_user_id = ${siteUserId}, updated = now() where id = ${anon.id}`;
      return anon.id;
    }
    const entries = await tx<
      {
        id: string;
        item_id: string;
        variant_id: string | null;
        quantity: number;
        has_fields: boolean;
        copied_from: string | null;
        copied_quantity: number | null;
      }[]
    >`
      select id, item_id, variant_id, quantity, additional_fields is not null as has_fields, copied_from, copied_quantity
        from cart_entry where cart_id = ${anon.id} order by created, id`;
    for (const e of entries) {
      // A line of a copy kept at sign-out whose original is still in the account's cart is that same
      // line: only what the shopper added to it since the copy is new (issue 33: 1 -> 2 -> 4).
      const [original] = e.copied_from
        ? await tx<{ id: string; quantity: number }[]>`
            select id, quantity from cart_entry where id = ${e.copied_from} and cart_id = ${mine}`
        : [];
      const added = original ? Math.max(0, e.quantity - (e.copied_quantity ?? e.quantity)) : e.quantity;
      if (added === 0) continue;
      const [v] = e.variant_id
        ? await tx<{ unlimited: boolean; qty: number }[]>`
            select unlimited, qty_in_stock as qty from variant where id = ${e.variant_id} for update`
        : [{ unlimited: true, qty: 0 }];
      const [p] = await tx<{ product_type: number | null; is_subscribable: boolean | null }[]>`
        select product_type, is_subscribable from product where item_id = ${e.item_id}`;
      const limit = Math.min(
        opts.quantityMax,
        opts.limitOf({ productType: p?.product_type ?? 0, isSubscribable: p?.is_subscribable === true }),
      );
      const cap = Math.min(limit, v?.unlimited ? limit : (v?.qty ?? 0));
      const [held] = await tx<{ q: string | null }[]>`
        select sum(quantity) as q from cart_entry
         where cart_id = ${mine} and item_id = ${e.item_id} and variant_id is not distinct from ${e.variant_id}`;
      const room = Math.max(0, cap - Number(held?.q ?? 0));
      const moved = Math.min(added, room);
      if (moved === 0) continue;
      const [same] = original
        ? [original]
        : e.has_fields
          ? []
          : await tx<{ id: string; quantity: number }[]>`
            select id, quantity from cart_entry where cart_id = ${mine} and item_id = ${e.item_id}
               and variant_id is not distinct from ${e.variant_id} and additional_fields is null
             order by created, id limit 1`;
      if (same) {
        await tx`update cart_entry set quantity = ${Math.min(opts.quantityMax, same.quantity + moved)} where id = ${same.id}`;
      } else {
        await tx`update cart_entry set cart_id = ${mine}, quantity = ${moved}, copied_from = null, copied_quantity = null where id = ${e.id}`;
      }
    }
    await tx`delete from cart where id = ${anon.id}`;
    await tx`update cart set updated = now() where id = ${mine}`;
    return mine;
  });
}

/** A cart made while signed in (the cart code knows no accounts) becomes the account's. */
export async function claimCart(sql: Sql, websiteId: string, siteUserId: string, cartId: string | null): Promise<void> {
  if (!cartId) return;
  await sql`
    update cart set site_user_id = ${siteUserId}
     where id = ${cartId} and website_id = ${websiteId} and site_user_id is null and not is_purchased`;
}

/**
 * A copy of the account's cart for the browser to keep after signing out (no owner); its id. Each
 * line remembers its original and the quantity copied, so a later sign-in does not add it twice.
 */
export async function detachedCopy(sql: Sql, websiteId: string, cartId: string): Promise<string | null> {
  return sql.begin(async (tx) => {
    const [src] = await tx<{ id: string }[]>`
      select id from cart where id = ${cartId} and website_id = ${websiteId} and kind = 'standard' and not is_purchased`;
    if (!src) return null;
    const id = crypto.randomUUID();
    await tx`insert into cart (id, website_id, kind) values (${id}, ${websiteId}, 'standard')`;
    const entries = await tx<{ id: string }[]>`select id from cart_entry where cart_id = ${cartId} order by created, id`;
    for (const e of entries) {
      await tx`
        insert into cart_entry (id, cart_id, item_id, variant_id, quantity, purchase_price_cents, additional_fields, created,
                                copied_from, copied_quantity)
        select ${crypto.randomUUID()}, ${id}, item_id, variant_id, quantity, purchase_price_cents, additional_fields, created,
               id, quantity
          from cart_entry where id = ${e.id}`;
    }
    return id;
  });
}

/** Records the account that placed an order (checkout while signed in). */
export async function recordOrderOwner(sql: Sql, websiteId: string, orderId: string, siteUserId: string): Promise<void> {
  await sql`update "order" set site_user_id = ${siteUserId} where id = ${orderId} and website_id = ${websiteId}`;
}
