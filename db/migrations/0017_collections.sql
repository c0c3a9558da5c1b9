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

-- Their styles: a site whose theme.css is still exactly a seed's (as migrations 0015 and 0016 left
-- it, by md5 of the whole source) gets the seed's section for blogs, events and galleries; an
-- edited stylesheet is left as its owner made it.
update theme_template
   set source = source || $collections$
/* Blogs, events and galleries (issue 13). */
.blog-filter { background: var(--paper-deep); padding: .6rem 1rem; border-radius: var(--radius); }
.blog-terms { display: flex; flex-wrap: wrap; align-items: baseline; gap: .5rem 1rem; margin: 1.5rem 0; font-size: .9rem; }
.blog-terms ul { display: flex; flex-wrap: wrap; gap: .4rem .8rem; list-style: none; margin: 0; padding: 0; }
.blog-terms-label { font-weight: 700; }
.blog-terms a[aria-current] { font-weight: 700; text-decoration: none; }
.term-count { color: var(--ink-soft); }
.post-card { padding-block: 1.75rem; border-bottom: 1px solid var(--line); }
.post-card-media img { width: 100%; height: auto; border-radius: var(--radius); margin-bottom: 1rem; }
.post-card-title { font-family: var(--serif); font-size: 1.6rem; margin: 0 0 .35rem; }
.post-card-title a { color: inherit; text-decoration: none; }
.post-byline, .post-meta { color: var(--ink-soft); margin: 0 0 .5rem; }
.post-card-foot { display: flex; gap: 1rem; align-items: baseline; }
.post-comments { color: var(--ink-soft); font-size: .9rem; }
.post-footer { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: 1rem; }
.tag { display: inline-block; padding: .15rem .6rem; border-radius: 999px; background: var(--paper-deep); text-decoration: none; font-size: .85rem; }
.post-comments-section { margin-block: 2rem; }
.comments-state { color: var(--ink-soft); }
.event-card { display: grid; grid-template-columns: 4.5rem 1fr; gap: 1.25rem; padding-block: 1.5rem; border-bottom: 1px solid var(--line); }
.event-date-block { display: grid; place-items: center; align-content: center; background: var(--paper-deep); border-radius: var(--radius); aspect-ratio: 1; }
.event-month { text-transform: uppercase; font-size: .75rem; font-weight: 700; letter-spacing: .1em; }
.event-day { font-family: var(--serif); font-size: 1.6rem; line-height: 1; }
.event-card-title { font-family: var(--serif); font-size: 1.4rem; margin: 0 0 .3rem; }
.event-when, .event-where { margin: 0 0 .3rem; color: var(--ink-soft); }
.event-facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 1rem; margin: 0 0 1.5rem; }
.event-facts dt { font-weight: 700; }
.event-facts dd { margin: 0; }
.event-calendar { display: flex; flex-wrap: wrap; gap: .6rem; }
.gallery-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(280px, 90vw), 1fr)); gap: 1.25rem; list-style: none; margin: 0; padding: 0; }
.gallery-item figure { margin: 0; }
.gallery-item img { width: 100%; height: auto; border-radius: var(--radius); }
.gallery-item figcaption { display: grid; gap: .2rem; padding-top: .5rem; }
.gallery-title { font-weight: 600; }
.gallery-description { color: var(--ink-soft); font-size: .9rem; }
$collections$,
       updated_at = now()
 where kind = 'stylesheet' and name = 'theme.css' and md5(source) = '7885e499294dca7c1bb2b64a4936539d';
update theme_template
   set source = source || $collections$
/* Blogs, events and galleries (issue 13). */
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.eyebrow { font-size: .8rem; letter-spacing: .1em; text-transform: uppercase; margin: 0 0 .3rem; }
.blog-filter { border-left: 3px solid var(--accent); padding-left: .8rem; }
.blog-terms { display: flex; flex-wrap: wrap; gap: .4rem 1rem; font-size: .95rem; margin: 1.5rem 0; }
.blog-terms ul { display: flex; flex-wrap: wrap; gap: .4rem .8rem; list-style: none; margin: 0; padding: 0; }
.blog-terms-label { font-weight: 700; }
.post-card, .event-card { padding-block: 1.5rem; border-bottom: 1px solid currentColor; border-bottom-color: rgba(0,0,0,.12); }
.post-card-title, .event-card-title { margin: 0 0 .3rem; }
.post-card-title a, .event-card-title a { color: inherit; }
.post-card-media img, .page-banner img, .gallery-item img { width: 100%; height: auto; }
.post-card-foot { display: flex; gap: 1rem; }
.event-card { display: grid; grid-template-columns: 4rem 1fr; gap: 1rem; }
.event-date-block { display: grid; text-align: center; align-content: start; }
.event-day { font-size: 1.6rem; line-height: 1; }
.event-facts dd { margin: 0 0 1rem; }
.event-calendar { display: flex; flex-wrap: wrap; gap: .6rem; }
.gallery-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(240px, 90vw), 1fr)); gap: 1rem; list-style: none; padding: 0; }
.gallery-item figure { margin: 0; }
.gallery-item figcaption { display: grid; font-size: .95rem; }
$collections$,
       updated_at = now()
 where kind = 'stylesheet' and name = 'theme.css' and md5(source) = '58e0d537859f2c4d0e5a991a2bc327a5';
