-- Content blocks of a page (issue 13): gallery, chart, code, video, audio and image blocks, in order,
-- after the page's body. `settings` holds the block's own fields as app/config/blocks/*.ts parse
-- them (files are referenced by file_asset id and looked up when the page renders, so a renamed
-- file keeps working and a deleted one drops out of the block).
create table page_block (
  id            text primary key,
  collection_id text not null references collection(id) on delete cascade,
  position      int  not null,
  type          text not null check (type in ('gallery', 'chart', 'code', 'video', 'audio', 'image')),
  settings      jsonb not null default '{}'::jsonb,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index page_block_page on page_block (collection_id, position, id);

-- Sites seeded before this: the page template renders the blocks through a new partial,
-- 'page-blocks' (db/seed/theme/_page-blocks.html), included after the article. Only a page
-- template that is still exactly the seed's (default or journal theme, by md5) gets the line; one
-- the owner edited is left alone (the partial is added to every site with a page template all the
-- same, to include by hand: `{@|apply page-blocks}` inside `{.section collection}`).
insert into theme_template (website_id, name, kind, source)
select w.id, 'page-blocks', 'partial', $partial${## A page's content blocks, after its body (app/config/blocks): each block has one of image, video,
   audio, gallery, chart or code. Restyle them here and in theme.css (.page-blocks). ##}
{.repeated section blocks}
<section class="page-block page-block-{type|htmlattr}" id="block-{id|htmlattr}">
  {.section image}
  <figure class="block-image">
    {.if link}<a href="{link|htmlattr}">{.end}<img src="{assetUrl|htmlattr}"{.if originalSize} width="{originalSize|width}" height="{originalSize|height}"{.end} alt="{altText|htmlattr}" loading="lazy" decoding="async">{.if link}</a>{.end}
    {.if caption}<figcaption>{caption|html}</figcaption>{.end}
  </figure>
  {.end}
  {.section video}
  <figure class="block-video">
    {.if assetUrl}<video controls preload="metadata" src="{assetUrl|htmlattr}"><a href="{assetUrl|htmlattr}">{title|html}</a></video>{.end}
    {.if url}<p class="block-video-link"><a href="{url|htmlattr}" rel="noopener" target="_blank">{title|html}</a></p>{.end}
    {.if caption}<figcaption>{caption|html}</figcaption>{.end}
  </figure>
  {.end}
  {.section audio}
  <figure class="block-audio">
    {.if title}<figcaption>{title|html}</figcaption>{.end}
    <audio controls preload="none" src="{structuredContent.audioAssetUrl|htmlattr}"><a href="{structuredContent.audioAssetUrl|htmlattr}">{title|html}</a></audio>
  </figure>
  {.end}
  {.section gallery}
  <div class="block-gallery gallery-{options.design|htmlattr}{.gallery-auto-crop?} is-cropped{.end}{.gallery-thumbnails?} has-thumbnails{.end}{.gallery-show-meta-on-hover?} meta-on-hover{.end} lightbox-{options.lightboxTheme|htmlattr}" data-design="{options.design|htmlattr}"{.gallery-autoplay?} data-autoplay="{options.autoplay-duration|htmlattr}"{.end} style="{cssVars|htmlattr}">
    <ul class="gallery-items" role="list">
      {.repeated section items}
      <li class="gallery-item meta-{options.meta-position|htmlattr}" id="{slideId|htmlattr}">
        <figure>
          {.gallery-lightbox?}<a href="{assetUrl|htmlattr}"{.if newWindow} target="_blank" rel="noopener"{.end}>{.end}<img src="{assetUrl|htmlattr}"{.if originalSize} width="{originalSize|width}" height="{originalSize|height}"{.end} alt="{altText|htmlattr}" loading="lazy" decoding="async">{.gallery-lightbox?}</a>{.end}
          {.gallery-show-meta?}{.if title}<figcaption>{title|html}</figcaption>{.end}{.end}
        </figure>
      </li>
      {.end}
    </ul>
    {.gallery-thumbnails?}
    <ol class="gallery-thumbnails" role="list">
      {.repeated section items}<li><a href="#{slideId|htmlattr}"><img src="{assetUrl|htmlattr}" alt="{altText|htmlattr}" loading="lazy"></a></li>{.end}
    </ol>
    {.end}
  </div>
  {.end}
  {.section chart}
  <figure class="block-chart">
    {.if title}<figcaption>{title|html}</figcaption>{.end}
    <canvas data-chart="{kind|htmlattr}" data-chart-data="{json|htmlattr}" role="img" aria-label="{summary|htmlattr}" hidden></canvas>
    <table class="chart-data">
      <thead><tr><th scope="col">{labelHeading|html}</th>{.repeated section columns}<th scope="col">{@|html}</th>{.end}</tr></thead>
      <tbody>
        {.repeated section rows}<tr><th scope="row">{label|html}</th>{.repeated section values}<td>{@|html}</td>{.end}</tr>{.end}
      </tbody>
    </table>
  </figure>
  {.end}
  {.section code}
  <pre class="block-code" data-language="{language|htmlattr}"><code>{text|html}</code></pre>
  {.end}
</section>
{.end}
$partial$
  from website w
 where exists (select 1 from theme_template p where p.website_id = w.id and p.name = 'page' and p.kind = 'page')
   and not exists (select 1 from theme_template t where t.website_id = w.id and t.name = 'page-blocks');

update theme_template
   set source = source || E'{.section collection}{.if blocks}<div class="wrap-narrow page-blocks">{@|apply page-blocks}</div>{.end}{.end}\n',
       updated_at = now()
 where name = 'page' and kind = 'page' and md5(source) = '33ae186e58ade02bb16bae0b3c4ae135';

update theme_template
   set source = source || E'{.section collection}{.if blocks}<div class="measure page-blocks">{@|apply page-blocks}</div>{.end}{.end}\n',
       updated_at = now()
 where name = 'page' and kind = 'page' and md5(source) = '5baffe35d7ad894fc70b564cee7db6ef';

-- The blocks' styles, appended to a stylesheet that is still exactly a seed's (default or journal).
update theme_template
   set source = source || $css$
/* Content blocks after a page's body (the page-blocks partial; app/config/blocks). */
.page-blocks { display: grid; gap: 2.5rem; margin-block: 2.5rem 4rem; }
.page-block figure { margin: 0; }
.page-block figcaption { font-size: .92rem; opacity: .85; margin-top: .5rem; }
.block-image img, .block-video video { width: 100%; border-radius: 6px; }
.block-audio audio { width: 100%; margin-top: .5rem; }
.block-code { overflow-x: auto; padding: 1rem 1.2rem; border-radius: 6px; background: #1f2530; color: #f3f1ec; font: .9rem/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre; tab-size: 2; }
.block-chart canvas { max-height: 420px; margin-bottom: 1rem; }
.chart-data { border-collapse: collapse; width: 100%; font-size: .95rem; }
.chart-data th, .chart-data td { padding: .4rem .6rem; border-bottom: 1px solid currentColor; border-color: rgba(0,0,0,.15); text-align: left; }
.chart-data td { font-variant-numeric: tabular-nums; text-align: right; }
.block-gallery .gallery-items { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--gallery-padding, 20px); }
.block-gallery img { width: 100%; border-radius: 4px; }
.block-gallery.is-cropped .gallery-items img { aspect-ratio: var(--gallery-ratio, 1 / 1); object-fit: cover; }
.gallery-grid .gallery-items { grid-template-columns: repeat(auto-fill, minmax(min(100%, calc((100% - (var(--gallery-columns, 4) - 1) * var(--gallery-padding, 20px)) / var(--gallery-columns, 4))), 1fr)); }
.gallery-stacked .gallery-items { grid-template-columns: 1fr; }
.gallery-slideshow .gallery-items, .gallery-slider .gallery-items { grid-auto-flow: column; overflow-x: auto; scroll-snap-type: x mandatory; overscroll-behavior-x: contain; }
.gallery-slideshow .gallery-items { grid-auto-columns: 100%; }
.gallery-slider .gallery-items { grid-auto-columns: min(80%, var(--gallery-max-width, 300px)); }
.gallery-slideshow .gallery-item, .gallery-slider .gallery-item { scroll-snap-align: center; }
.gallery-thumbnails { list-style: none; padding: 0; margin: var(--gallery-thumb-margin, 20px) 0 0; display: flex; gap: .5rem; overflow-x: auto; }
.gallery-thumbnails img { height: var(--gallery-thumb-height, 80px); width: auto; aspect-ratio: 1; object-fit: cover; }
.gallery-item figcaption { font-size: .9rem; }
.meta-on-hover .gallery-item figcaption { opacity: 0; transition: opacity .2s; }
.meta-on-hover .gallery-item:hover figcaption, .meta-on-hover .gallery-item:focus-within figcaption { opacity: 1; }
$css$,
       updated_at = now()
 where name = 'theme.css' and kind = 'stylesheet' and md5(source) in ('7129c8d071d9b22f504bd5ac75107751', 'b66d6faa3026fab6918292e2fce758d3');
