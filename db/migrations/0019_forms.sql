-- Forms (issue 14): what an owner builds (fields and settings as app/forms/form-definition.ts
-- parses them), every submission, and each webhook delivery of a submission to an automation.
create table form (
  id          text primary key,
  website_id  text not null references website(id) on delete cascade,
  name        text not null,
  fields      jsonb not null default '[]'::jsonb,
  settings    jsonb not null default '{}'::jsonb,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index form_site on form (website_id, name);

-- A submission: `fields` is field id to value in SPEC 3's value shapes; `page_url` is where it
-- was sent from. Kept when the form changes later (the builder never rewrites old submissions).
create table form_submission (
  id          text primary key,
  form_id     text not null references form(id) on delete cascade,
  website_id  text not null references website(id) on delete cascade,
  fields      jsonb not null,
  page_url    text not null default '',
  created_at  timestamptz not null default now()
);
create index form_submission_form on form_submission (form_id, created_at desc, id);

-- One try at posting a submission to the form's webhook (the automation connection): queued,
-- retried with backoff by the job queue (ADR 0012), and shown to the owner with its state.
create table form_webhook_delivery (
  id             text primary key,
  submission_id  text not null references form_submission(id) on delete cascade,
  form_id        text not null references form(id) on delete cascade,
  url            text not null,
  state          text not null default 'queued' check (state in ('queued', 'delivered', 'retrying', 'failed')),
  attempts       int not null default 0,
  last_status    int,
  last_error     text,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create index form_webhook_delivery_form on form_webhook_delivery (form_id, created_at desc);

-- Form blocks on pages: a page_block of type 'form' holds {"formId": ...} in its settings.
alter table page_block drop constraint page_block_type_check;
alter table page_block add constraint page_block_type_check check (type in ('gallery', 'chart', 'code', 'video', 'audio', 'image', 'form'));
