-- Translated URL slugs and menu labels (issue 16, ADR 0019). A page or product may have its own
-- slug in a language (/fr/boutique/p/tasse-flaque-de-maree for /shop/p/tide-pool-mug); null keeps
-- the default slug. Uniqueness (among a site's pages, or a collection's products, in one language)
-- is checked by the editors: neither table knows the site or the collection.
alter table collection_translation add column slug text check (slug ~ '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$');
alter table item_translation add column slug text check (slug ~ '^[a-z0-9]+(?:-[a-z0-9]+)*$' and length(slug) <= 100);

-- A navigation label in a language, by the label's default-language text: every link titled
-- "Shop" reads "Boutique" on French pages, wherever the owner moves it in the menus. A link with
-- no label here shows the translated title of the page it links to, else its default label.
create table navigation_translation (
  website_id  text not null references website(id) on delete cascade,
  language    text not null check (language ~ '^[a-z]{2,3}$'),
  title       text not null,
  label       text not null check (length(label) between 1 and 100),
  updated_at  timestamptz not null default now(),
  primary key (website_id, language, title)
);
