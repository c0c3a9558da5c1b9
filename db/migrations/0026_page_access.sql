-- Locked and member pages (issue 16, SPEC 2 page types 103, 105, 106, 107; ADR 0014): a password on
-- the whole site or on one page, pages for signed-in site users or for the members of a named member
-- area (free, or paid through a subscription product). Rules are read by app/access/.

-- A member area of a site. A paid one is sold as a subscription product of the shop (`item_id`,
-- its price and billing period), through the subscription checkout in test mode. A paid area
-- whose product was deleted stays paid (and cannot be joined) rather than turn free.
create table member_area (
  id            text primary key,
  website_id    text not null references website(id) on delete cascade,
  name          text not null check (length(name) between 1 and 100),
  paid          boolean not null default false,
  item_id       text references item(id) on delete set null,
  created_at    timestamptz not null default now(),
  unique (website_id, name),
  check (paid or item_id is null)
);
create index member_area_item on member_area (item_id) where item_id is not null;

-- Who belongs to an area; `order_id` is the order that bought a paid membership.
create table member_area_member (
  member_area_id  text not null references member_area(id) on delete cascade,
  site_user_id    text not null references site_user(id) on delete cascade,
  order_id        text references "order"(id) on delete set null,
  joined_at       timestamptz not null default now(),
  primary key (member_area_id, site_user_id)
);
create index member_area_member_user on member_area_member (site_user_id);

-- The rule of one page (a collection and its items). No row: a public page.
create table page_access (
  collection_id   text primary key references collection(id) on delete cascade,
  kind            text not null check (kind in ('password', 'signed-in', 'members')),
  -- argon2id (PHC string) of the page's password, as the owners' (app/auth/password.server.ts)
  password_hash   text,
  member_area_id  text references member_area(id) on delete restrict,
  updated_at      timestamptz not null default now(),
  check ((kind = 'password') = (password_hash is not null)),
  check ((kind = 'members') = (member_area_id is not null))
);

-- A password on the whole site: every page shows the lock screen until it is given.
create table site_lock (
  website_id     text primary key references website(id) on delete cascade,
  password_hash  text not null,
  updated_at     timestamptz not null default now()
);
