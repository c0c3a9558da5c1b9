-- The environment each analytics row came from (SPEC 4 and 9, issue 30), classed from the host the
-- request was served on (app/analytics/environment.ts): a hit or event is 'staging' on an internal
-- host, else 'production'; a performance record is the collector's 'dev', 'staging' or 'prod'.
-- Rows stored before this migration came from before the classing: they read as production.
-- On the partitioned parents, so every day's partition (existing and future) has the column.

alter table analytics_event add column environment text not null default 'production'
  check (environment in ('staging', 'production'));

alter table performance_record add column environment text not null default 'prod'
  check (environment in ('dev', 'staging', 'prod'));
