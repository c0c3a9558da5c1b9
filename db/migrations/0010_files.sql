-- Files an owner uploads (issue 12: the file manager): kept in DATA_DIR/files/<website>/<id>,
-- served at /files/<id>/<name>, and picked as product images. The row is the file's record;
-- the bytes live on disk, written before the row is inserted and removed after it is deleted.
create table file_asset (
  id            text primary key,
  website_id    text not null references website(id) on delete cascade,
  -- the name shown and used in the URL (the owner can rename it)
  name          text not null check (length(name) between 1 and 200),
  content_type  text not null,
  size_bytes    bigint not null check (size_bytes >= 0),
  -- "WxH" for images, as the image formatters read it
  original_size text,
  created_by    text references owner(id) on delete set null,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index file_asset_site on file_asset (website_id, created_at desc, id desc);
