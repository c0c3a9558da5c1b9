-- Site users' accounts (issue 14): signed-in browsers, password resets, saved addresses, and who
-- owns a cart and an order (order history; the anonymous cart merges into the account's at sign-in).

-- A signed-in shopper's browser. As owner_session (0009): the cookie carries a random id and only
-- its SHA-256 is stored, so a copy of this table opens no session; deleting rows signs out.
create table site_user_session (
  id_hash       text primary key,
  site_user_id  text references site_user(id) on delete cascade,
  data          jsonb not null default '{}',
  created_at    timestamptz not null default now(),
  expires_at    timestamptz not null
);
create index site_user_session_user on site_user_session (site_user_id);
create index site_user_session_expiry on site_user_session (expires_at);

-- A "forgot password" link: single use (used_at), an hour long; only the token's SHA-256 is kept.
create table site_user_password_reset (
  token_hash    text primary key,
  site_user_id  text not null references site_user(id) on delete cascade,
  created_at    timestamptz not null default now(),
  expires_at    timestamptz not null,
  used_at       timestamptz
);
create index site_user_password_reset_user on site_user_password_reset (site_user_id);

-- A shopper's saved addresses (the checkout's address fields, app/commerce/address.ts).
create table site_user_address (
  id            text primary key,
  site_user_id  text not null references site_user(id) on delete cascade,
  name          text not null,
  line1         text not null,
  line2         text not null default '',
  city          text not null,
  region        text not null default '',
  postal_code   text not null default '',
  country       text not null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index site_user_address_user on site_user_address (site_user_id, created_at);

-- The account whose cart this is (null: an anonymous browser's cart), and who placed an order.
alter table cart add column site_user_id text references site_user(id) on delete set null;
create index cart_site_user on cart (site_user_id, updated desc) where site_user_id is not null and not is_purchased;
alter table "order" add column site_user_id text references site_user(id) on delete set null;
create index order_site_user on "order" (site_user_id, created desc) where site_user_id is not null;
