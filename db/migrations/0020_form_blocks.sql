-- Form blocks on storefront pages (issue 14, the shopper's side). Sites seeded before this get:
-- 1. the page-blocks partial's form section, where the partial is still exactly the seed's (md5 of the
--    source 0015 wrote; the default and journal themes share it); an edited partial is left alone
--    (include a form by hand: `{.section form}{html}{.end}` inside the repeated blocks);
-- 2. the form styles, appended to a theme.css that is still exactly a seed's (as 0015..0017 left it);
-- 3. the demo store's contact form on its Contact page (db/seed/forms.ts, same ids with the site's
--    prefix), with the "Newsletter" mailing list it signs up to, where that page's body is still the
--    seed's and it has no form yet.

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
  {.section form}
  <div class="block-form">{html}</div>
  {.end}
</section>
{.end}
$partial$,
       updated_at = now()
 where name = 'page-blocks' and kind = 'partial' and md5(source) = '6dccff9c338d5ac48d4dadb85e8c2683';

update theme_template
   set source = source || $css$
/* Form blocks (issue 14; app/forms/form-html.ts): fields with their errors above the title. */
.form-block-form { display: grid; gap: 1.1rem; }
.form-block [hidden] { display: none !important; }
.form-field, .field-group { display: grid; gap: .35rem; border: 0; padding: 0; margin: 0; min-width: 0; }
.field-title { font-weight: 600; padding: 0; }
.field-description { margin: 0; font-size: .92rem; opacity: .8; }
.field-error, .form-error { margin: 0; color: #a4262c; font-weight: 600; }
.form-error { padding: .6rem .8rem; border: 1px solid currentColor; border-radius: 6px; }
.form-field.has-error input, .form-field.has-error textarea, .form-field.has-error select { border-color: #a4262c; }
.form-block textarea, .form-block input[type="tel"], .form-block input[type="url"], .form-block input[type="password"] { font: inherit; border: 1px solid #cfc6b6; border-radius: 8px; padding: .6rem .75rem; width: 100%; box-sizing: border-box; }
.form-block input[type="text"], .form-block input[type="email"], .form-block input[type="number"], .form-block select { width: 100%; box-sizing: border-box; }
.field-parts { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .6rem; }
.field-part { display: grid; gap: .2rem; font-size: .9rem; }
.field-option { display: flex; align-items: center; gap: .5rem; margin: .15rem 0; }
.field-affix { display: flex; align-items: center; gap: .4rem; }
.form-disclaimer { font-size: .9rem; opacity: .85; }
.form-submission-text { padding: 1rem 1.2rem; border-radius: 6px; border: 1px solid currentColor; }
.form-submit[disabled] { opacity: .6; cursor: progress; }
$css$,
       updated_at = now()
 where name = 'theme.css' and kind = 'stylesheet' and md5(source) in ('b3c023ac3d12e1732e72340396ac0153', '41e6c2f03b88a35a924b5ce8b456cb7e');

-- The seed's Contact pages (by the md5 of their body) still without a form, with their id prefix.
create temporary table seed_contact on commit drop as
select c.id as collection_id, c.website_id, left(c.id, length(c.id) - length('col-contact')) as prefix
  from collection c
 where c.url_id = 'contact' and c.id like '%col-contact' and md5(c.body) = 'fe3b6940afbc37fccb81aee8ba7d47e4'
   and not exists (select 1 from page_block b where b.collection_id = c.id and b.type = 'form');

insert into mailing_list (id, website_id, name)
select prefix || 'list-newsletter', website_id, 'Newsletter' from seed_contact
on conflict do nothing;

insert into form (id, website_id, name, fields, settings)
select s.prefix || 'form-contact', s.website_id, 'Contact', $json$[{"id": "name", "type": "name", "title": "Name", "description": "", "required": true}, {"id": "email", "type": "email", "title": "Email", "description": "", "placeholder": "", "required": true}, {"id": "message", "type": "textarea", "title": "Message", "description": "Up to 2000 characters.", "placeholder": "", "required": true, "maxLength": 2000}, {"id": "newsletter", "type": "checkbox", "title": "Newsletter", "description": "", "options": ["Join our newsletter"], "required": false}]$json$::jsonb,
       $json${"submitLabel": "Send", "notifyEmail": "hello@saltgrass.example", "newsletterFieldId": "email", "newsletterOptInFieldId": "newsletter", "submissionText": "Thank you! We answer within two working days.", "disclaimer": {"text": "We use your details only to answer you. Every newsletter has a one-click unsubscribe link.", "required": false}}$json$::jsonb
         || jsonb_build_object('mailingListId', (select l.id from mailing_list l where l.website_id = s.website_id and l.name = 'Newsletter'))
  from seed_contact s
on conflict do nothing;

insert into page_block (id, collection_id, position, type, settings)
select prefix || 'blk-contact-form', collection_id, 1000, 'form', jsonb_build_object('formId', prefix || 'form-contact')
  from seed_contact
on conflict do nothing;
