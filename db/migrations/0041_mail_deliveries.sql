-- No mail lost (issue 28): every email is a pg-boss job written in the transaction that causes it;
-- this table is the owner's view of each one (queued, sent, retrying, failed) and the worker's
-- proof that a job already sent is never sent again (its Message-ID once sent).
create table mail_delivery (
  job_id      text primary key,
  website_id  text references website(id) on delete cascade,
  -- What the mail is about: 'order-confirmation', 'invite', 'restock', 'form', 'newsletter'...
  kind        text not null,
  -- The row it is about, where there is one (an order's id for its confirmation).
  ref         text,
  recipient   text not null,
  subject     text not null default '',
  state       text not null default 'queued' check (state in ('queued', 'sent', 'retrying', 'failed')),
  attempts    integer not null default 0,
  last_error  text,
  message_id  text,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index mail_delivery_ref on mail_delivery (ref) where ref is not null;
create index mail_delivery_problems on mail_delivery (website_id, updated_at desc) where state in ('retrying', 'failed');
