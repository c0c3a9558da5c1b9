-- Rate limits shared by every server process (issue 9): rate-limiter-flexible's counters, one row
-- per limiter and visitor key, expiring by `expire` (milliseconds since the epoch).
create table rate_limit (
  key     varchar(255) primary key,
  points  integer not null default 0,
  expire  bigint
);
create index rate_limit_expire on rate_limit (expire);
