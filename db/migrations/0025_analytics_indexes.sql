-- Indexes for the owner's analytics dashboards (issue 15; bench/analytics-queries.ts measures them):
-- each report reads one site's days from an index that holds every column it needs (an index-only
-- scan of a slice far smaller than the table), partial to the rows that report counts.

-- Traffic (visits, visitors, views by day, top pages, top referrers): page views only.
create index analytics_event_page_views on analytics_event (website_id, occurred_at)
  include (visitor_id, new_visit, path, referrer_host) where kind = 'page_view';

-- The funnel: product views, add-to-cart events and checkout views only (a small share of events).
-- The funnel query repeats this predicate word for word so the planner can use the index.
create index analytics_event_funnel on analytics_event (website_id, occurred_at)
  include (kind, record_type, page_type) where kind = 'add_to_cart' or record_type = 11 or page_type = 201;

-- Core Web Vitals: the page-speed records' headline metrics.
create index performance_record_vitals on performance_record (website_id, occurred_at)
  include (path, device, lcp, fcp, cls, inp, ttfb) where event = 'page-speed';

-- Orders and revenue of a period (the order table had no index by site and time).
create index order_site_created on "order" (website_id, created) include (grand_total_cents, refunded_cents);
