-- The theme's CSS becomes a file of its own (issue 9): a theme_template row of kind 'stylesheet',
-- plain CSS served at a content-hashed URL, instead of the 'styles' partial every page inlined.

alter table theme_template drop constraint theme_template_kind_check;
alter table theme_template add constraint theme_template_kind_check
  check (kind in ('layout', 'page', 'partial', 'stylesheet'));

-- Databases seeded before this keep styled pages: their 'styles' partial becomes the stylesheet
-- 'theme.css' and the layout stops applying it. Only a partial that is one <style> block with
-- nothing but template comments around it and no template instruction inside ('{' then a
-- non-space) is moved, since the CSS is then exactly what the partial printed; any other partial
-- stays as it is and the layout keeps inlining it (the pages link no stylesheet then).
with moved as (
  update theme_template t
     set name = 'theme.css',
         kind = 'stylesheet',
         source = ltrim(substring(t.source from '<style>(.*)</style>'), E'\n'),
         updated_at = now()
   where t.kind = 'partial'
     and t.name = 'styles'
     and t.source ~ '<style>.*</style>'
     and substring(t.source from '<style>(.*)</style>') !~ '\{\S'
     and regexp_replace(regexp_replace(t.source, '<style>.*</style>', ''), '\{##.*?##\}', '', 'g') ~ '^\s*$'
     and not exists (select 1 from theme_template o where o.website_id = t.website_id and (o.kind = 'stylesheet' or o.name = 'theme.css'))
  returning t.website_id
)
update theme_template l
   set source = regexp_replace(l.source, '\{@\|apply styles\}\n?', '', 'g'),
       updated_at = now()
  from moved
 where l.website_id = moved.website_id
   and l.kind = 'layout';
