-- Analytics and page-performance records (issue 15): append-only tables partitioned by UTC day,
-- written in batches by app/analytics (one insert per many events), read by /config/analytics,
-- old days dropped whole by the retention job. ADR 0013 says how they move to ClickHouse.
-- No foreign key to website: a batch must never wait on (or fail for) a site row; rows of a
-- deleted site go with their days.

-- Page views (kind 'page_view'), commerce steps ('add_to_cart', 'checkout'), and the census
-- calls of SPEC 7 ('button_render', 'button_click', 'form_render', 'overlay', 'quick_view'),
-- and other RecordEvent events ('event', the name in data.event).
create table analytics_event (
  website_id     text not null,
  occurred_at    timestamptz not null,
  kind           text not null,
  -- The visitor id of ss_cvr; null when the site's cookie policy keeps analytics cookies off.
  visitor_id     text,
  -- The visit this hit belongs to (ss_cvr's visit count), and whether the hit began that visit.
  visit_no       integer,
  new_visit      boolean not null default false,
  path           text not null default '',
  -- SPEC 2's page type, and the record type of the item shown (11: a product, so a product view).
  page_type      smallint,
  record_type    smallint,
  item_id        text,
  collection_id  text,
  -- The referring host when it is another site's (empty for direct visits and own pages).
  referrer_host  text not null default '',
  -- 'mobile' | 'tablet' | 'desktop', from the viewport when the client sent one, else the user agent.
  device         text not null default 'desktop',
  -- 'js' (the collector), 'server' (recorded from the request: shoppers without JavaScript).
  source         text not null default 'js',
  -- The census fields of SPEC 3 / the event's payload, as received (validated, bounded).
  data           jsonb not null default '{}'::jsonb
) partition by range (occurred_at);
create index analytics_event_site_time on analytics_event (website_id, occurred_at) include (kind, visitor_id, new_visit);

-- The collector's records (SPEC 3): one 'page-speed' record per page load, with the headline
-- metrics in columns (ms; CLS unitless) and the rest of its page-speed data in `data`; 'image' and
-- 'accessibility' records keep theirs in `data` alone.
create table performance_record (
  website_id     text not null,
  occurred_at    timestamptz not null,
  event          text not null default 'page-speed',
  page_load_id   text not null,
  path           text not null default '',
  device         text not null default 'desktop',
  fcp            real,
  lcp            real,
  cls            real,
  inp            real,
  fid            real,
  ttfb           real,
  data           jsonb not null default '{}'::jsonb
) partition by range (occurred_at);
create index performance_record_site_time on performance_record (website_id, occurred_at);

-- Shoppers' JavaScript errors (RecordJavascriptErrors), grouped by message on the dashboard.
create table js_error (
  website_id     text not null,
  occurred_at    timestamptz not null,
  message        text not null,
  source         text not null default '',
  line           integer,
  col            integer,
  stack          text not null default '',
  path           text not null default '',
  user_agent     text not null default '',
  page_load_id   text not null default ''
) partition by range (occurred_at);
create index js_error_site_time on js_error (website_id, occurred_at);

-- Makes the day partitions of the three tables for `days` UTC days from `first_day` (existing
-- ones are left alone). Named <table>_YYYYMMDD so the retention job can tell a partition's day.
create function analytics_ensure_partitions(first_day date, days integer) returns void
language plpgsql as $$
declare
  d date;
  t text;
begin
  for i in 0 .. days - 1 loop
    d := first_day + i;
    foreach t in array array['analytics_event', 'performance_record', 'js_error'] loop
      execute format(
        'create table if not exists %I partition of %I for values from (%L) to (%L)',
        t || '_' || to_char(d, 'YYYYMMDD'), t,
        (d::timestamp at time zone 'UTC'), ((d + 1)::timestamp at time zone 'UTC'));
    end loop;
  end loop;
end;
$$;

-- Yesterday to a week ahead from the day the migration runs; the app keeps them ahead after that.
select analytics_ensure_partitions((now() at time zone 'UTC')::date - 1, 9);
