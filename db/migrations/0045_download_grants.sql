-- Digital products (issue 33): the file a digital product delivers, and one download grant per
-- digital order line. The link a shopper gets is an HMAC of the grant's id and generation (ADR 0029),
-- so no token is stored; asking for a new link bumps the generation, which kills the old one.
alter table product add column digital_file_id text references file_asset(id) on delete set null;
-- /files/<id> asks whether a file is some product's download (then it is not public).
create index product_digital_file on product (digital_file_id) where digital_file_id is not null;

create table download_grant (
  id                text primary key,
  order_id          text not null references "order"(id) on delete cascade,
  line              int not null,
  -- the file it serves (the product's when the grant was made or last renewed)
  file_id           text references file_asset(id) on delete set null,
  generation        int not null default 1,
  expires_at        timestamptz not null,
  downloads_used    int not null default 0 check (downloads_used >= 0),
  downloads_allowed int not null check (downloads_allowed >= 0),
  created_at        timestamptz not null default now(),
  unique (order_id, line)
);
