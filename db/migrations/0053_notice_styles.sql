-- Styles for issue 30's notices (the scarcity notice, a form's post-submit HTML, a text area's
-- character count; the owner's sold-out label is already a .product-mark): inserted after the form
-- blocks' section of a theme.css that is still exactly the previous seed (store or journal theme,
-- as 0049 left them: md5 of the whole source); a stylesheet the owner edited is left alone.

update theme_template
   set source = replace(source, $old$.form-submit[disabled] { opacity: .6; cursor: progress; }
$old$, $new$.form-submit[disabled] { opacity: .6; cursor: progress; }
/* A text area's count against its maximum, kept up to date by the form island (JavaScript only). */
.field-count { margin: 0; font-size: .8rem; color: var(--ink-soft); text-align: right; font-variant-numeric: tabular-nums; }
.field-count.is-over { color: #a4262c; font-weight: 700; }
/* A form's post-submit HTML (the owner's, sanitised), under the submission text once sent: on a page and in the popup. */
.form-post-submit { margin-top: 1rem; padding: 1rem 1.2rem; border-radius: 6px; background: var(--paper-deep); }
.form-post-submit > :first-child { margin-top: 0; }
.form-post-submit > :last-child { margin-bottom: 0; }
.form-post-submit img { max-width: 100%; height: auto; }

/* The owner's merchandising (issue 30): the scarcity notice under a product's marks and a card's
   price (with JavaScript, the chosen variant's; the others stay hidden). The owner's sold-out label
   is a .product-mark.sold-out like the default one, on product pages, cards and search results. */
.product-scarcity { margin: 0 0 .75rem; color: var(--rust); font-size: .9rem; font-weight: 700; }
.product-scarcity::before { content: ""; display: inline-block; width: .5rem; height: .5rem; margin-right: .45rem; border-radius: 50%; background: currentColor; vertical-align: .05em; }
.product-scarcity[hidden] { display: none; }
.card .product-scarcity { margin: .15rem 0 0; font-size: .8rem; }
$new$),
       updated_at = now()
 where name = 'theme.css' and kind = 'stylesheet' and md5(source) = '1c9f648da737ec943fb41053ab29a614';

update theme_template
   set source = replace(source, $old$.form-submit[disabled] { opacity: .6; cursor: progress; }
$old$, $new$.form-submit[disabled] { opacity: .6; cursor: progress; }
/* A text area's count against its maximum, kept up to date by the form island (JavaScript only). */
.field-count { margin: 0; font-size: .85rem; color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
.field-count.is-over { color: #a4262c; font-weight: 700; }
/* A form's post-submit HTML (the owner's, sanitised), under the submission text once sent: on a page and in the popup. */
.form-post-submit { margin-top: 1rem; padding: 1rem 1.2rem; border-left: 3px solid var(--accent); background: var(--paper-deep); }
.form-post-submit > :first-child { margin-top: 0; }
.form-post-submit > :last-child { margin-bottom: 0; }
.form-post-submit img { max-width: 100%; height: auto; }
$new$),
       updated_at = now()
 where name = 'theme.css' and kind = 'stylesheet' and md5(source) = '470caa8a9158db4a52a37f11be88dd5a';
