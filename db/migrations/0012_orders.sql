-- Orders in the owner area (issue 12): an order is fulfilled (or canceled) by the owner, and a
-- test-mode order can be refunded, which puts its stock back. A line remembers its product, so the
-- refund finds the variant by product and SKU (a SKU is unique only within a product since 0008).
alter table "order"
  add column fulfillment_status text not null default 'pending' check (fulfillment_status in ('pending', 'fulfilled', 'canceled')),
  add column fulfilled_at       timestamptz,
  add column refunded_at        timestamptz,
  add column refunded_cents     bigint not null default 0 check (refunded_cents >= 0);

-- No foreign key: deleting a product must not touch its orders (a refund then finds no variant).
alter table order_item add column item_id text;

-- Lines written before this migration: the product of the purchased cart's entry with that SKU.
update order_item oi set item_id = v.item_id
  from "order" o, cart_entry ce, variant v
 where o.id = oi.order_id and ce.cart_id = o.purchased_cart_id and v.id = ce.variant_id and v.sku = oi.sku;
