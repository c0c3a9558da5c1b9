-- Checkout details (issue 8): what fulfilment needs on the order (email, shipping address and
-- method, subtotal), gift card recipients per line, numbers people can read (#1001, #1002... per
-- website, from a counter row locked by the checkout), and the checkout form kept while it is typed.
create table order_number_counter (
  website_id   text primary key references website(id) on delete cascade,
  last_number  int not null
);

alter table "order"
  add column order_number     int,
  add column email            text,
  add column shipping_address jsonb,
  add column shipping_method  text,
  add column subtotal_cents   bigint,
  add column tax_basis_points int not null default 0;

-- Orders placed before this migration get numbers in the order they were placed.
update "order" o set order_number = 1000 + r.n
  from (select id, row_number() over (partition by website_id order by created, id) as n from "order") r
 where o.id = r.id;
update "order" set subtotal_cents = grand_total_cents - shipping_total_cents - tax_total_cents;
insert into order_number_counter (website_id, last_number)
  select website_id, max(order_number) from "order" group by website_id;

alter table "order" alter column order_number set not null;
alter table "order" alter column subtotal_cents set not null;
create unique index order_website_number on "order" (website_id, order_number);

alter table order_item
  add column product_type          int,
  add column gift_recipient_email  text,
  add column gift_message          text;

-- What the shopper typed on the checkout form (and the errors of the last failed submit, shown
-- once): kept on the cart, which is private, instead of in a cookie too small for it.
alter table cart add column checkout_draft jsonb;
