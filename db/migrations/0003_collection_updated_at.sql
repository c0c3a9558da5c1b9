-- When a collection (a page, a product listing) last changed, for the sitemap's lastmod (issue 8).
-- Items have had updated_at from the start; collections had no time of their own.
alter table collection add column updated_at timestamptz not null default now();
