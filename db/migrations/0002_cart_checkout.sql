-- Cart and checkout (issue 5): a cart is bought at most once, enforced by the database as well as
-- by the checkout's row lock; the stock check sums a cart's entries per item and variant.
create unique index order_purchased_cart on "order" (purchased_cart_id);
create index cart_entry_variant on cart_entry (cart_id, item_id, variant_id);
