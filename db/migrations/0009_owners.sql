-- Owners (issue 12): people who run sites under /config. An owner holds one role per site (the
-- role ids of SPEC 6; what each may do is app/auth/roles.ts, ADR 0010). Sessions live here so they
-- can be revoked; invites, API keys and the audit log are scoped to a site.

create table owner (
  id             text primary key,
  email          text not null unique check (email = lower(email) and length(email) between 3 and 256),
  name           text not null default '',
  -- argon2id (PHC string); never a plain or reversible password
  password_hash  text not null,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);

create table site_member (
  website_id  text not null references website(id) on delete cascade,
  owner_id    text not null references owner(id) on delete cascade,
  role_id     int  not null check (role_id in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
  created_at  timestamptz not null default now(),
  primary key (website_id, owner_id)
);
create index site_member_owner on site_member (owner_id);

-- A signed-in browser. The cookie carries a random id; only its SHA-256 is stored, so a copy of
-- this table opens no session. Deleting the rows signs the owner out (everywhere, when all of them).
create table owner_session (
  id_hash      text primary key,
  owner_id     text references owner(id) on delete cascade,
  data         jsonb not null default '{}',
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null
);
create index owner_session_owner on owner_session (owner_id);
create index owner_session_expiry on owner_session (expires_at);

-- An invitation to a site with a role, by a link that expires. Only the token's SHA-256 is kept.
create table owner_invite (
  token_hash   text primary key,
  website_id   text not null references website(id) on delete cascade,
  email        text not null check (email = lower(email)),
  role_id      int  not null check (role_id in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)),
  invited_by   text references owner(id) on delete set null,
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  accepted_at  timestamptz
);
create index owner_invite_site on owner_invite (website_id, created_at desc);

-- API keys for the owner JSON endpoints (Authorization: Bearer). Shown once; the hash is kept.
create table api_key (
  id            text primary key,
  website_id    text not null references website(id) on delete cascade,
  name          text not null check (length(name) between 1 and 80),
  -- the key's first characters, to tell keys apart in the list
  prefix        text not null,
  key_hash      text not null unique,
  scopes        text[] not null default '{}',
  created_by    text references owner(id) on delete set null,
  created_at    timestamptz not null default now(),
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
create index api_key_site on api_key (website_id, created_at desc);

-- Who changed what and when, for every owner write (an owner, or an API key acting for the site).
create table audit_log (
  id          bigserial primary key,
  website_id  text not null references website(id) on delete cascade,
  owner_id    text references owner(id) on delete set null,
  actor       text not null,
  action      text not null,
  target      text not null default '',
  detail      jsonb not null default '{}',
  at          timestamptz not null default now()
);
create index audit_log_site on audit_log (website_id, at desc);
