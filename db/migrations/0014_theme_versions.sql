-- Theme versions (issue 13): every save of the theme editor is a whole copy of the theme's sources
-- (a draft), with who saved it, a note and what the checks on save found. theme_template stays what
-- visitors get: publishing a version copies its sources there. A site's first version is made from
-- its live templates the first time its theme screen opens (app/config/theme-versions.server.ts),
-- so sites created later get one too.
create table theme_version (
  website_id    text not null references website(id) on delete cascade,
  version       int  not null check (version > 0),
  -- [{ name, kind, source }] ordered by name: the whole theme, as theme_template rows.
  templates     jsonb not null,
  saved_by      text not null,
  saved_at      timestamptz not null default now(),
  note          text not null default '',
  -- What the checks found: [{ template, line, column, message, blocking }]; a blocking one (a syntax
  -- error, a render stopped by the budget) keeps the version from being published.
  problems      jsonb not null default '[]',
  publishable   boolean not null,
  published_at  timestamptz,
  primary key (website_id, version)
);
