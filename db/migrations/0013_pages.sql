-- Page publishing (issue 12: the owner's pages screen): a page is published, a draft, waiting for
-- review, scheduled to go live at publish_at, or private. Visitors see only published pages and
-- scheduled ones whose time has come (app/catalog/catalog.server.ts); every row made before this
-- migration stays published. Product collections keep the default.
alter table collection
  add column status text not null default 'published'
    check (status in ('published', 'draft', 'needs-review', 'scheduled', 'private'));
alter table collection add column publish_at timestamptz;
-- A scheduled page without a date would never go live.
alter table collection add constraint collection_scheduled_has_date check (status <> 'scheduled' or publish_at is not null);
