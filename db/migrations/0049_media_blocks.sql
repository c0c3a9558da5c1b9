-- Media blocks (issue 30): YouTube and Vimeo videos play in place after a click, and galleries get
-- their controls and lightbox. Sites seeded before this get:
-- 1. the page-blocks partial with the video poster (and its overlay image), the gallery's controls
--    and lightbox links, where the partial is still exactly the seed's (md5 of what 0020 wrote; the
--    default and journal themes share it); an edited partial is left alone: such a video stays a
--    link and the gallery a list, as before;
-- 2. their styles, appended to a theme.css that is still exactly a seed's (as 0044 left them).

update theme_template
   set source = $partial${## A page's content blocks, after its body (app/config/blocks): each block has one of image, video,
   audio, gallery, chart, code or form (a form's HTML comes made by app/forms). Restyle them here and in theme.css (.page-blocks). ##}
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
    {.if assetUrl}<video controls preload="metadata" src="{assetUrl|htmlattr}"{.if poster} poster="{poster|htmlattr}"{.end}><a href="{assetUrl|htmlattr}">{title|html}</a></video>{.end}
    {.section embed}<div class="block-video-embed{.if poster} has-overlay{.end}" data-video-embed="{src|htmlattr}" data-video-title="{title|htmlattr}"><a class="block-video-poster" href="{pageUrl|htmlattr}" rel="noopener">{.if poster}<img src="{poster|htmlattr}" alt="" loading="lazy" decoding="async">{.end}<span class="block-video-play" aria-hidden="true"></span><span class="block-video-label">Play {title|html}</span></a></div>{.end}
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
          {.gallery-lightbox?}<a href="{assetUrl|htmlattr}" data-lightbox{.if newWindow} target="_blank" rel="noopener"{.end}>{.end}<img src="{assetUrl|htmlattr}"{.if originalSize} width="{originalSize|width}" height="{originalSize|height}"{.end} alt="{altText|htmlattr}" loading="lazy" decoding="async">{.gallery-lightbox?}</a>{.end}
          {.gallery-show-meta?}{.if title}<figcaption>{title|html}</figcaption>{.end}{.end}
        </figure>
      </li>
      {.end}
    </ul>
    {.gallery-controls?}<div class="gallery-controls" data-gallery-controls hidden><button type="button" data-gallery-prev>Previous image</button> <button type="button" data-gallery-next>Next image</button></div>{.end}
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
  {.section form}
  <div class="block-form">{html}</div>
  {.end}
</section>
{.end}
$partial$,
       updated_at = now()
 where name = 'page-blocks' and kind = 'partial' and md5(source) = 'f085247edcdb34be289433f5b77f0558';

update theme_template
   set source = source || $css$
/* Media blocks (issue 30; app/storefront/page-blocks.ts). A YouTube or Vimeo video is a poster until
   played (nothing of the provider loads before), its image the owner's overlay when set. */
.block-video-embed { position: relative; aspect-ratio: 16 / 9; border-radius: 6px; overflow: hidden; background: #1d1d1b; }
.block-video-embed iframe, .block-video-poster, .block-video-poster img { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; }
.block-video-poster { display: flex; align-items: flex-end; color: #fff; text-decoration: none; }
.block-video-poster img { object-fit: cover; }
.has-overlay .block-video-poster::after { content: ""; position: absolute; inset: 0; background: linear-gradient(transparent 55%, rgba(0, 0, 0, .65)); }
.block-video-play { position: absolute; inset: 0; margin: auto; width: 4.5rem; height: 3.2rem; border-radius: 12px; background: rgba(0, 0, 0, .7); z-index: 1; }
.block-video-play::before { content: ""; position: absolute; inset: 0; margin: auto; width: 0; height: 0; border-style: solid; border-width: .8rem 0 .8rem 1.3rem; border-color: transparent transparent transparent #fff; }
.block-video-poster:hover .block-video-play, .block-video-poster:focus-visible .block-video-play { background: #c4302b; }
.block-video-poster:focus-visible { outline: 3px solid #fff; outline-offset: -6px; }
.block-video-label { position: relative; z-index: 1; padding: .8rem 1rem; font-weight: 600; text-shadow: 0 1px 2px rgba(0, 0, 0, .8); }
/* Gallery blocks with JavaScript (app/components/gallery-island.ts): the controls, and the lightbox
   in the owner's dark or light theme. */
.gallery-controls:not([hidden]) { display: flex; justify-content: center; gap: .75rem; margin-top: .75rem; }
.gallery-controls button, .gallery-lightbox button { font: inherit; padding: .45rem .9rem; border-radius: 999px; border: 1px solid currentColor; background: transparent; color: inherit; cursor: pointer; }
.gallery-lightbox { width: min(92vw, 1100px); max-height: 92vh; border: 0; border-radius: 8px; padding: 1rem; display: grid; grid-template-columns: auto 1fr auto; align-items: center; gap: .75rem; }
.gallery-lightbox:not([open]) { display: none; }
.gallery-lightbox figure { grid-column: 2; grid-row: 1; margin: 0; text-align: center; }
.gallery-lightbox img { max-width: 100%; max-height: 78vh; object-fit: contain; }
.gallery-lightbox figcaption { margin-top: .5rem; font-size: .9rem; }
.gallery-lightbox .lightbox-prev { grid-column: 1; grid-row: 1; }
.gallery-lightbox .lightbox-next { grid-column: 3; grid-row: 1; }
.gallery-lightbox .lightbox-close { grid-column: 3; grid-row: 2; justify-self: end; }
.gallery-lightbox.lightbox-dark { background: #111; color: #f4f4f4; }
.gallery-lightbox.lightbox-dark::backdrop { background: rgba(0, 0, 0, .85); }
.gallery-lightbox.lightbox-light { background: #fff; color: #1d1d1b; }
.gallery-lightbox.lightbox-light::backdrop { background: rgba(255, 255, 255, .9); }
$css$,
       updated_at = now()
 where name = 'theme.css' and kind = 'stylesheet' and md5(source) in ('60d1008b8a2999a342da656bf4d6d771', '853a6eaa026448a9e623e0815e9b450d');
