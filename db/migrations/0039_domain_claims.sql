-- Custom domain claims apart from the domains that route (issue 28). A claim is one site's pending
-- wish for a host: several sites may claim the same host and none blocks another; the first to serve
-- its token at /.well-known/storefront-verification.txt gets the host (a website_domain row) and the
-- other claims go. A claim not verified within 7 days lapses (the app ignores it, the next claim of
-- that host deletes it).
create table domain_claim (
  host                text not null check (host = lower(host) and length(host) between 1 and 253),
  website_id          text not null references website(id) on delete cascade,
  verification_token  text not null,
  created_at          timestamptz not null default now(),
  primary key (host, website_id)
);
create index domain_claim_site on domain_claim (website_id);

-- Unverified custom domains become claims (they never routed), keeping their token and age.
insert into domain_claim (host, website_id, verification_token, created_at)
select host, website_id, coalesce(verification_token, md5(random()::text)), created_at
  from website_domain where kind = 'custom' and verified_at is null;
delete from website_domain where kind = 'custom' and verified_at is null;
