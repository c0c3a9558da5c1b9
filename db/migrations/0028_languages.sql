-- More languages (issue 16): a site's languages (one default, served at the bare URLs; the others
-- under a /{code} prefix), the connection to an external translation service (SPEC 3), and the
-- translated fields of pages (collections) and products (items). A field left null falls back to
-- the default language's text. A site without rows here has one language: its website.locale's.

create table website_language (
  website_id  text not null references website(id) on delete cascade,
  -- a two- or three-letter ISO 639 language code, also the URL prefix ("fr" serves /fr/...)
  code        text not null check (code ~ '^[a-z]{2,3}$'),
  is_default  boolean not null default false,
  ordering    int not null default 0,
  primary key (website_id, code)
);
-- One default language per site.
create unique index website_language_default on website_language (website_id) where is_default;

-- The external translation service a site is connected to (one at most); DELETE
-- /api/multilingual/connection removes the row.
create table translation_connection (
  website_id    text primary key references website(id) on delete cascade,
  provider      text not null check (length(provider) between 1 and 100),
  connected_at  timestamptz not null default now()
);

-- A page's (or listing's) fields in one language.
create table collection_translation (
  collection_id    text not null references collection(id) on delete cascade,
  language         text not null check (language ~ '^[a-z]{2,3}$'),
  title            text check (length(title) <= 200),
  description      text check (length(description) <= 2000),
  body             text,
  seo_title        text check (length(seo_title) <= 200),
  seo_description  text check (length(seo_description) <= 2000),
  updated_at       timestamptz not null default now(),
  primary key (collection_id, language)
);

-- A product's (item's) fields in one language.
create table item_translation (
  item_id     text not null references item(id) on delete cascade,
  language    text not null check (language ~ '^[a-z]{2,3}$'),
  title       text check (length(title) <= 200),
  excerpt     text,
  body        text,
  updated_at  timestamptz not null default now(),
  primary key (item_id, language)
);
