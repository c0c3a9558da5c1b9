-- Emails in the shopper's language (issue 16): an order keeps the language of the page it was
-- placed from, which its confirmation email is written in when the shopper has no account
-- language. Back-in-stock sign-ups have kept theirs since 0018 (restock_signup.language).
alter table "order" add column language text check (language ~ '^[a-z]{2,3}$');
