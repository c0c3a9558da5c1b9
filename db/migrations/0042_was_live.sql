-- Whether a page, post or event has ever been live (issue 28, ADR 0010): a draft editor may delete
-- only what visitors have never seen. The app sets it whenever a page is saved with a status
-- other than Draft or Needs Review, or an entry is saved published; it is never cleared.
-- Rows made before this migration count as live if they are live now (their history is unknown).
alter table collection add column was_live boolean not null default false;
update collection set was_live = true where status not in ('draft', 'needs-review');
alter table item add column was_live boolean not null default false;
update item set was_live = true where published;
