-- The form CAPTCHA's spent solutions (altcha): each challenge is good for one submission, in every
-- server process, so the ids of accepted ones are kept here until the challenge itself expires.
create table captcha_solution (
  challenge_id  text primary key,
  expires_at    timestamptz not null
);
create index captcha_solution_expires on captcha_solution (expires_at);
