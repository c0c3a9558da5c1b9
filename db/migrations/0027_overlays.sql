-- Tweaks (issue 16): the owner's settings of SPEC 2's tweak page types (splash page, lock screen,
-- popup overlay, checkout, style, SSO page), one row per site and type, as app/overlays/tweaks.ts
-- parses them. `version` counts the owner's "show it again" saves of the popup: visitors who
-- closed an older version see the new one (SPEC 9's local storage key `version`).
create table site_tweak (
  website_id  text not null references website(id) on delete cascade,
  type        text not null check (type in ('splash-page', 'lock-screen', 'popup-overlay', 'checkout', 'style', 'sso-page')),
  settings    jsonb not null default '{}'::jsonb,
  version     integer not null default 1 check (version >= 1),
  updated_at  timestamptz not null default now(),
  primary key (website_id, type)
);
