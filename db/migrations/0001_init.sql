-- The storefront's schema: site, theme templates, collections, items and products with variants,
-- navigation, carts and orders. Money is integer minor units of the website's currency.

create table website (
  id            text primary key,
  title         text not null,
  description   text not null default '',
  -- canonical origin (https://shop.example); '' means the origin the request came in on
  base_url      text not null default '',
  time_zone     text not null default 'America/New_York',
  currency      text not null default 'USD' check (currency ~ '^[A-Z]{3}$'),
  locale        text not null default 'en-US',
  -- websiteSettings, storeSettings, localizedStrings overrides, featureFlags...: free-form JSON
  settings      jsonb not null default '{}'
);

-- A theme template in the template language: 'layout' wraps every page, 'page' renders one page
-- type (home, page, products, product, search, not-found, error), 'partial' is applied by name.
create table theme_template (
  website_id    text not null references website(id) on delete cascade,
  name          text not null,
  kind          text not null check (kind in ('layout', 'page', 'partial')),
  source        text not null,
  updated_at    timestamptz not null default now(),
  primary key (website_id, name)
);

-- A collection: type per the spec's enumeration (10 page, 13 products, 1 generic...).
create table collection (
  id            text primary key,
  website_id    text not null references website(id) on delete cascade,
  url_id        text not null,
  title         text not null,
  description   text not null default '',
  type          int  not null,
  -- HTML body of a page collection (type 10)
  body          text not null default '',
  -- banner image of a page, "WxH" as the image formatters read it
  asset_url     text,
  original_size text,
  ordering      int  not null default 0,
  enabled       boolean not null default true,
  seo_title       text,
  seo_description text,
  -- the body is HTML: the english parser drops its tags as tokens of type 'tag'
  search        tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')
  ) stored,
  unique (website_id, url_id)
);
create index collection_search on collection using gin (search);

-- An item of a collection (a product is an item with record type 11 and a product row).
create table item (
  id            text primary key,
  collection_id text not null references collection(id) on delete cascade,
  url_id        text not null,
  title         text not null,
  excerpt       text not null default '',
  body          text not null default '',
  record_type   int  not null default 1,
  asset_url     text,
  -- "WxH" of the main image, as the image formatters read it
  original_size text,
  -- further images: [{"assetUrl", "originalSize", "altText"}]
  images        jsonb not null default '[]',
  tags          text[] not null default '{}',
  categories    text[] not null default '{}',
  ordering      int  not null default 0,
  -- featured on the home page
  starred       boolean not null default false,
  published     boolean not null default true,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  search        tsvector generated always as (
    setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(excerpt, '')), 'B') ||
    setweight(to_tsvector('english'::regconfig, coalesce(body, '')), 'C')
  ) stored,
  unique (collection_id, url_id)
);
create index item_search on item using gin (search);

-- Product types: 1 physical, 2 digital, 3 service, 4 gift card.
create table product (
  item_id            text primary key references item(id) on delete cascade,
  product_type       int not null check (product_type between 1 and 5),
  is_subscribable    boolean not null default false,
  -- {"billingPeriod": {"value": 1, "unit": "MONTH"}, "numBillingCycles": 0}
  subscription_plan  jsonb,
  variant_option_ordering text[] not null default '{}',
  -- customAddButtonText, useCustomAddButtonText, additional fields, merchandising...
  details            jsonb not null default '{}'
);

create table variant (
  id               text primary key,
  item_id          text not null references product(item_id) on delete cascade,
  sku              text not null unique,
  -- option name to value, e.g. {"Size": "M", "Color": "Sand"}
  attributes       jsonb not null default '{}',
  price_cents      bigint not null check (price_cents >= 0),
  sale_price_cents bigint not null default 0 check (sale_price_cents >= 0),
  on_sale          boolean not null default false,
  unlimited        boolean not null default false,
  qty_in_stock     int not null default 0 check (qty_in_stock >= 0),
  ordering         int not null default 0,
  image_url        text
);
create index variant_item on variant (item_id, ordering);

-- Navigation menus by name (mainNavigation, footerNavigation): [{title, url, children}]
create table navigation (
  website_id    text not null references website(id) on delete cascade,
  name          text not null,
  items         jsonb not null default '[]',
  primary key (website_id, name)
);

create table cart (
  id             text primary key,
  website_id     text not null references website(id) on delete cascade,
  created        timestamptz not null default now(),
  updated        timestamptz not null default now(),
  is_purchased   boolean not null default false,
  -- a subscription cart holds one subscribable entry and checks out on its own
  kind           text not null default 'standard' check (kind in ('standard', 'subscription'))
);

create table cart_entry (
  id                  text primary key,
  cart_id             text not null references cart(id) on delete cascade,
  item_id             text not null references item(id) on delete cascade,
  variant_id          text references variant(id) on delete cascade,
  quantity            int not null check (quantity between 1 and 9999),
  -- price at the time of adding, minor units
  purchase_price_cents bigint not null,
  additional_fields   jsonb,
  created             timestamptz not null default now()
);
create index cart_entry_cart on cart_entry (cart_id);

create table "order" (
  id                  text primary key,
  website_id          text not null references website(id) on delete cascade,
  purchased_cart_id   text not null references cart(id),
  test_mode           boolean not null default true,
  grand_total_cents   bigint not null,
  shipping_total_cents bigint not null default 0,
  tax_total_cents     bigint not null default 0,
  created             timestamptz not null default now()
);

create table order_item (
  order_id           text not null references "order"(id) on delete cascade,
  line               int not null,
  sku                text not null,
  product_name       text not null,
  quantity           int not null,
  unit_price_cents   bigint not null,
  primary key (order_id, line)
);
