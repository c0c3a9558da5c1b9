-- Issue 28 (ADR 0025): each site's analytics rows per UTC day, over analytics_event, performance_record
-- and js_error together. The event store adds to it in the statement that inserts a batch, so the
-- count and the rows never disagree; the ingest endpoints hold a site to its daily quota with it,
-- and the owner's analytics settings show today's count against that quota.
create table analytics_usage (
  website_id  text not null,
  day         date not null,
  rows        bigint not null default 0 check (rows >= 0),
  primary key (website_id, day)
);
