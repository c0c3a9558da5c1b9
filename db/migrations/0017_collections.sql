-- Collections besides products and pages (issue 13): blogs, events and galleries. They reuse the
-- collection and item tables: a collection of the spec's generic type 1 says which kind it is in
-- type_name ('blog', 'events', 'gallery', the typeName templates test), and its items carry the
-- record type of what they are (text 1 for a post, event 12, image 2 for a gallery picture).

alter table collection add column type_name text
  check (type_name is null or type_name in ('blog', 'events', 'gallery'));
-- (No check that a generic collection has one: a database may hold generic collections made
-- before this migration; the storefront answers 404 for a generic collection of no known kind.)

-- A post's byline and date (when it was, or is to be shown as, published).
alter table item add column author_name text not null default '';
alter table item add column published_at timestamptz;
-- SPEC 4: comment state 1 is open; 2 is closed (no new comments; existing ones still show).
alter table item add column comment_state int not null default 2 check (comment_state in (1, 2));
-- An event's start and end, and where it is: {addressTitle, addressLine1, addressLine2,
-- addressCountry, mapLat, mapLng} (SPEC 3's location; the map coordinates are optional).
alter table item add column start_date timestamptz;
alter table item add column end_date timestamptz;
alter table item add column location jsonb not null default '{}';
alter table item add constraint item_event_dates check (
  (start_date is null and end_date is null) or (start_date is not null and end_date is not null and end_date >= start_date));

-- Listings read a collection's visible items newest first (posts) or by start (events).
create index item_collection_published on item (collection_id, published_at desc) where published;
create index item_collection_start on item (collection_id, start_date) where start_date is not null;
