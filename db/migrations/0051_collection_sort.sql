-- A store collection's sort (issue 33): 'manual' lists its products in item.ordering (the owner's
-- Move up / Move down on /config/products), 'newest' lists the newest product first (item.created_at),
-- so a product just added shows first on the shop. Existing collections stay manual, in the order
-- they had.
alter table collection add column sort text not null default 'manual' check (sort in ('manual', 'newest'));
