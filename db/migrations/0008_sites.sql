-- Many sites on one deployment (issue 11): a site is reached through its domains, can be
-- unpublished, and its SKUs are its own; a store's product collection has a root category.

-- A host name that reaches a site: local names (localhost, 127.0.0.1) for the demo, a temporary
-- name on the deployment's base domain, or an owner's custom domain, which routes only once
-- verified. Hosts are kept lower-case, without port or trailing dot.
create table website_domain (
  host                text primary key check (host = lower(host) and length(host) between 1 and 253),
  website_id          text not null references website(id) on delete cascade,
  kind                text not null check (kind in ('local', 'temporary', 'custom')),
  is_primary          boolean not null default false,
  -- a custom domain's proof: the owner serves this token at /.well-known/storefront-verification.txt
  verification_token  text,
  verified_at         timestamptz,
  created_at          timestamptz not null default now()
);
create index website_domain_site on website_domain (website_id);
create unique index website_domain_one_primary on website_domain (website_id) where is_primary;

alter table website add column published boolean not null default true;
alter table website add column created_at timestamptz not null default now();

-- A SKU names a variant within its product; two sites may both sell an 'SG-TPM-01'.
alter table variant drop constraint variant_sku_key;
alter table variant add constraint variant_item_sku unique (item_id, sku);

-- Product categories (SPEC 3 store creation): a store's collection gets a ROOT category.
create table product_category (
  id                  text primary key,
  collection_id       text not null references collection(id) on delete cascade,
  display_name        text not null check (length(display_name) between 1 and 25),
  parent_category_id  text references product_category(id) on delete cascade,
  type                text not null check (type in ('ROOT', 'CATEGORY')),
  page_rendering      text not null default 'LIST_VIEW',
  display_index       int not null default 1
);
create index product_category_collection on product_category (collection_id);
create unique index product_category_one_root on product_category (collection_id) where type = 'ROOT';

-- A database made before this migration serves one site: the local names keep reaching it.
insert into website_domain (host, website_id, kind, is_primary, verified_at)
select h.host, w.id, 'local', h.host = 'localhost', now()
  from (select id from website order by id limit 1) w,
       (values ('localhost'), ('127.0.0.1'), ('[::1]')) as h(host)
on conflict (host) do nothing;
