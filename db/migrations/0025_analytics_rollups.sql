-- What the owner's analytics dashboards read (issue 15; bench/analytics-queries.ts measures them).
-- Traffic and the funnel read daily roll-ups, not the events: the ingest writer adds each batch to
-- them in the same statement as its events (app/analytics/event-store.server.ts), so a batch is in
-- both or in neither, and a 30-day report sums a few thousand rows instead of reading a million.

-- Counts per site day (the site's time zone when the batch was written) and per the dimensions the
-- reports group or filter by. -1 stands for "no page type / record type" (a key cannot hold null).
create table analytics_daily (
  website_id     text not null,
  day            date not null,
  kind           text not null,
  path           text not null,
  referrer_host  text not null,
  page_type      smallint not null,
  record_type    smallint not null,
  hits           integer not null,
  visits         integer not null,
  primary key (website_id, day, kind, path, referrer_host, page_type, record_type)
);

-- Who visited on a day: unique visitors by day are its row count, over a period a count(distinct)
-- of far fewer rows than the page views. A visitor is kept as 64 bits of the md5 of its id
-- (analytics_visitor_key): distinct counts over integers run several times faster than over text,
-- and two of a site's visitors share a key with a chance of about 1 in 10^10 at a million visitors.
create table analytics_daily_visitor (
  website_id  text not null,
  day         date not null,
  visitor     bigint not null,
  primary key (website_id, day, visitor)
);

create function analytics_visitor_key(visitor_id text) returns bigint
language sql immutable strict parallel safe
as $$ select ('x' || substr(md5(visitor_id), 1, 16))::bit(64)::bigint $$;

-- Rebuilds one site's roll-ups from its events (a backfill, or after rows were loaded by hand, as
-- the tests and the benchmark do); the live path never needs it.
create function analytics_rollup_rebuild(site text) returns void
language plpgsql as $$
declare
  zone text;
begin
  select coalesce(time_zone, 'UTC') into zone from website where id = site;
  zone := coalesce(zone, 'UTC');
  delete from analytics_daily where website_id = site;
  delete from analytics_daily_visitor where website_id = site;
  insert into analytics_daily (website_id, day, kind, path, referrer_host, page_type, record_type, hits, visits)
    select website_id, (occurred_at at time zone zone)::date, kind, path, referrer_host,
           coalesce(page_type, -1), coalesce(record_type, -1), count(*), count(*) filter (where new_visit)
      from analytics_event where website_id = site
     group by 1, 2, 3, 4, 5, 6, 7;
  insert into analytics_daily_visitor (website_id, day, visitor)
    select distinct website_id, (occurred_at at time zone zone)::date, analytics_visitor_key(visitor_id)
      from analytics_event where website_id = site and kind = 'page_view' and visitor_id is not null;
end;
$$;

-- Core Web Vitals: the page-speed records' headline metrics.
create index performance_record_vitals on performance_record (website_id, occurred_at)
  include (path, device, lcp, fcp, cls, inp, ttfb) where event = 'page-speed';

-- Orders and revenue of a period (the order table had no index by site and time).
create index order_site_created on "order" (website_id, created) include (grand_total_cents, refunded_cents);
