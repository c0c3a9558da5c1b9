-- Issue 16, the translation service (ADR 0020): the connection keeps the provider's API key,
-- encrypted (app/utils/secret-box.server.ts), and its last four characters for the owner's screen;
-- a connection made before this migration has no key and must be connected again to translate.
alter table translation_connection
  add column api_key_sealed text,
  add column key_last4 text check (length(key_last4) <= 4);

-- Fields a machine filled ("title", "body"...), so the editors can say so; a field the owner saves
-- with another text loses its mark.
alter table collection_translation add column machine_fields text[] not null default '{}';
alter table item_translation add column machine_fields text[] not null default '{}';

-- "Translate what is missing" for one language: a job (pg-boss) and its progress for the screen.
create table translation_run (
  id            text primary key,
  website_id    text not null references website(id) on delete cascade,
  language      text not null check (language ~ '^[a-z]{2,3}$'),
  state         text not null check (state in ('queued', 'running', 'done', 'failed')),
  fields_total  int not null default 0,
  fields_done   int not null default 0,
  error         text check (length(error) <= 1000),
  requested_by  text not null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index translation_run_site on translation_run (website_id, language, created_at desc);
-- One run at a time per site and language.
create unique index translation_run_one_open on translation_run (website_id, language) where state in ('queued', 'running');
