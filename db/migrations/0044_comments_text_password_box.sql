-- Issue 33, in the seeded themes. Journal posts said "Comments are open." but the site takes no
-- comments from visitors: an open post now says nothing of comments (a closed one still says so;
-- published comments still show). Sites seeded earlier get the new post template where it is still exactly the previous
-- seed's (md5 of the whole source), in the store theme and in the journal theme; one the owner
-- edited is left alone. And the store theme's lock screen password box was unstyled: the theme
-- styles it as its other text boxes now (the same md5 guard on the whole stylesheet).

update theme_template
   set source = $t${## A blog post: title, date and author, body, its tags and categories (each a filtered listing),
   and comments by SPEC 4: shown when open or when public comments exist, if the site enables
   comments; otherwise a closed post says so. An open post says nothing of it: the site takes no
   comments from visitors yet (issue 33). ##}
{.section item}
<article class="wrap-narrow post" id="post-{id|htmlattr}">
  <header class="page-header post-header">
    <p class="eyebrow"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></p>
    <h1>{title|html}</h1>
    <p class="post-meta"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|datetime date:long}</time>{.section author} &middot; <span class="post-author">{.if localizedStrings.postByText}{localizedStrings.postByText|message name=displayName|html}{.or}By {displayName|html}{.end}</span>{.end}</p>
  </header>
  {.if assetUrl}
  <figure class="page-banner">
    <img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 900px) 100vw, 860px" width="{originalSize|width}" height="{originalSize|height}" alt="">
  </figure>
  {.end}
  <div class="prose">{body}</div>
  <footer class="post-footer">
    {.if categoryLinks.0}<p class="post-terms">{.if localizedStrings.postFiledUnderText}{localizedStrings.postFiledUnderText|html}{.or}Filed under{.end} {.repeated section categoryLinks}<a href="{url|htmlattr}">{name|html}</a>{.alternates with}, {.end}</p>{.end}
    {.if tagLinks.0}<p class="post-terms">{.if localizedStrings.postTaggedText}{localizedStrings.postTaggedText|html}{.or}Tagged{.end} {.repeated section tagLinks}<a class="tag" href="{url|htmlattr}">{name|html}</a>{.alternates with} {.end}</p>{.end}
  </footer>
  <section class="post-comments-section" aria-labelledby="comments-heading">
    {.comments?}
    <h2 id="comments-heading">{.if localizedStrings.commentCountText}{localizedStrings.commentCountText|message count=publicCommentCount|html}{.or}{@|comment-count}{.end}</h2>
    {.if commentsOpen}{.or}<p class="comments-state comments-closed">{.if localizedStrings.commentsClosedText}{localizedStrings.commentsClosedText|html}{.or}Comments are closed.{.end}</p>{.end}
    {@|comments}
    {.or}
    <h2 id="comments-heading" class="visually-hidden">{.if localizedStrings.commentsHeading}{localizedStrings.commentsHeading|html}{.or}Comments{.end}</h2>
    <p class="comments-state comments-closed">{.if localizedStrings.commentsClosedText}{localizedStrings.commentsClosedText|html}{.or}Comments are closed.{.end}</p>
    {.end}
  </section>
  <p><a href="{collection.fullUrl|htmlattr}">&larr; {.if localizedStrings.allPostsText}{localizedStrings.allPostsText|html}{.or}All posts{.end}</a></p>
</article>
{.end}
$t$
 where kind = 'page' and name = 'post' and md5(source) = '00142a272fdf9e68c386e04710cb3e66';

update theme_template
   set source = $t${## A blog post: title, date and author, body, its tags and categories (each a filtered listing),
   and comments by SPEC 4: shown when open or when public comments exist, if the site enables
   comments; otherwise a closed post says so. An open post says nothing of it: the site takes no
   comments from visitors yet (issue 33). ##}
{.section item}
<article class="measure post" id="post-{id|htmlattr}">
  <header class="page-header post-header">
    <p class="eyebrow"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></p>
    <h1>{title|html}</h1>
    <p class="post-meta"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|date %B %e, %Y}</time>{.section author} &middot; <span class="post-author">By {displayName|html}</span>{.end}</p>
  </header>
  {.if assetUrl}
  <figure class="page-banner">
    <img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 900px) 100vw, 860px" width="{originalSize|width}" height="{originalSize|height}" alt="">
  </figure>
  {.end}
  <div class="prose">{body}</div>
  <footer class="post-footer">
    {.if categoryLinks.0}<p class="post-terms">Filed under {.repeated section categoryLinks}<a href="{url|htmlattr}">{name|html}</a>{.alternates with}, {.end}</p>{.end}
    {.if tagLinks.0}<p class="post-terms">Tagged {.repeated section tagLinks}<a class="tag" href="{url|htmlattr}">{name|html}</a>{.alternates with} {.end}</p>{.end}
  </footer>
  <section class="post-comments-section" aria-labelledby="comments-heading">
    {.comments?}
    <h2 id="comments-heading">{@|comment-count}</h2>
    {.if commentsOpen}{.or}<p class="comments-state comments-closed">Comments are closed.</p>{.end}
    {@|comments}
    {.or}
    <h2 id="comments-heading" class="visually-hidden">Comments</h2>
    <p class="comments-state comments-closed">Comments are closed.</p>
    {.end}
  </section>
  <p><a href="{collection.fullUrl|htmlattr}">&larr; All posts</a></p>
</article>
{.end}
$t$
 where kind = 'page' and name = 'post' and md5(source) = '524599e6b2b3f275e2c6815fa64a5359';

update theme_template
   set source = replace(source, 'select, input[type="number"], input[type="search"], input[type="email"], input[type="text"] {', 'select, input[type="number"], input[type="search"], input[type="email"], input[type="text"], input[type="password"] {')
 where kind = 'stylesheet' and md5(source) = 'ad46a40d4a3d42535bc88c83be37eaf2';
