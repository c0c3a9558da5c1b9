-- Issue 14's shared entities: shoppers' accounts (site users), a site's mailing lists and their
-- subscribers (newsletter forms, restock sign-ups and account pages all write or read them), and
-- back-in-stock sign-ups. Forms, sessions and deliveries have their own migrations.

-- A shopper's account on one site (not an owner: owners are site-independent, app/auth).
create table site_user (
  id             text primary key,
  website_id     text not null references website(id) on delete cascade,
  email          text not null check (email = lower(email) and length(email) between 3 and 256),
  name           text not null default '',
  -- argon2id (PHC string), as the owners' (app/auth/password.server.ts)
  password_hash  text not null,
  locale         text,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now(),
  unique (website_id, email)
);

-- A mailing list of a site ("Newsletter" in the demo). Subscribers are kept here, in the app.
create table mailing_list (
  id          text primary key,
  website_id  text not null references website(id) on delete cascade,
  name        text not null check (length(name) between 1 and 200),
  created_at  timestamptz not null default now(),
  unique (website_id, name)
);

-- One address on one list. Unsubscribing keeps the row (unsubscribed_at set) so the address is not
-- mailed again and a later sign-up is a deliberate re-subscribe. The unsubscribe link carries a
-- random token; only its SHA-256 is stored.
create table mailing_list_subscriber (
  list_id            text not null references mailing_list(id) on delete cascade,
  email              text not null check (email = lower(email) and length(email) between 3 and 256),
  site_user_id       text references site_user(id) on delete set null,
  -- what signed them up: 'form:<formId>', 'restock', 'account', 'popup'
  source             text not null default '',
  unsubscribe_hash   text not null unique,
  subscribed_at      timestamptz not null default now(),
  unsubscribed_at    timestamptz,
  primary key (list_id, email)
);

-- A back-in-stock sign-up: one address for one variant, until it is notified (then notified_at is
-- set, and a new sign-up for the same variant may follow).
create table restock_signup (
  id                  text primary key,
  website_id          text not null references website(id) on delete cascade,
  item_id             text not null references item(id) on delete cascade,
  variant_id          text not null references variant(id) on delete cascade,
  email               text not null check (email = lower(email) and length(email) between 3 and 256),
  site_user_id        text references site_user(id) on delete set null,
  join_mailing_list   boolean not null default false,
  language            text,
  created_at          timestamptz not null default now(),
  notified_at         timestamptz
);
create unique index restock_signup_waiting on restock_signup (variant_id, email) where notified_at is null;
create index restock_signup_site on restock_signup (website_id, created_at desc, id);
create index restock_signup_email on restock_signup (website_id, email);
