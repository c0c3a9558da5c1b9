-- Money (issue 33). Carts kept in the browser at sign-out: the detached copy's lines remember the
-- account cart line they were copied from and its quantity then, so that signing in again adds only
-- what the shopper added since, instead of counting the same line twice (1 -> 2 -> 4 on every round).
alter table cart_entry add column copied_from text;
alter table cart_entry add column copied_quantity int;
