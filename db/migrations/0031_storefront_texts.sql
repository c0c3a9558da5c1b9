-- Storefront texts in the page's language (issue 16): the store theme's own texts on the product,
-- listing, home, journal, event, gallery, not-found and error pages (and the product, post and event
-- cards) come from localizedStrings when the page's language has them, else the English written in
-- the template. Sites seeded earlier get the new templates where a template is still exactly the
-- previous seed's (md5 of the whole source); one the owner edited is left alone.

update theme_template
   set source = $t${## A product: pictures (a swipeable strip on a phone), the price (the chosen variant's once one is
   chosen), and one add-to-cart form holding the option selects: without JavaScript a single submit
   adds the chosen variant (the server resolves it from the options); with JavaScript the variant
   island (app/components/variant-island.ts) shows each choice at once from the data block. ##}
{.section item}
<nav class="wrap breadcrumbs" aria-label="{.if localizedStrings.breadcrumbLabel}{localizedStrings.breadcrumbLabel|htmlattr}{.or}Breadcrumb{.end}">
  <a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a> <span aria-hidden="true">/</span> <span>{title|html}</span>
</nav>
<article class="wrap product{.sold-out?} is-sold-out{.or on-sale?} is-on-sale{.end}" data-product>
  <div class="product-gallery" data-product-gallery{.if images} role="region" aria-label="{.if localizedStrings.productImagesLabel}{localizedStrings.productImagesLabel|htmlattr}{.or}Product images{.end}" tabindex="0"{.end}>
    <figure class="product-image" data-product-image>
      {.if selectedVariant.image}
      {.section selectedVariant.image}<img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 432px) 70vw, (max-width: 900px) 100vw, 600px" width="{originalSize|width}" height="{originalSize|height}" alt="{title|htmlattr}" fetchpriority="high">{.end}
      {.or}
      {.if assetUrl}<img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 432px) 70vw, (max-width: 900px) 100vw, 600px" width="{originalSize|width}" height="{originalSize|height}" alt="{title|htmlattr}" fetchpriority="high">{.end}
      {.end}
    </figure>
    {.repeated section images}
    <figure class="product-image product-image-more">
      <img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 432px) 70vw, (max-width: 900px) 100vw, 600px" width="{originalSize|width}" height="{originalSize|height}" alt="{altText|htmlattr}" loading="lazy">
    </figure>
    {.end}
  </div>

  <div class="product-info">
    {.if categories}<p class="eyebrow">{categories.0|html}</p>{.end}
    <h1 class="product-title">{title|html}</h1>
    <div class="product-marks">{@|product-status}</div>
    {.if purchase.showChosenPrice}
    <div class="price-line">
      <div class="price-from" data-price-from{.if selectedVariant} hidden{.end}>{@|product-price}</div>
      <p class="product-price price-chosen variant-price" data-price-chosen{.if selectedVariant}{.or} hidden{.end}>{.section selectedVariant}{.if onSale}<span class="price-now">{salePriceMoney|money}</span> <s class="price-was"><span class="visually-hidden">{.if localizedStrings.productOriginalPriceText}{localizedStrings.productOriginalPriceText|html}{.or}Original price:{.end} </span>{priceMoney|money}</s>{.or}<span class="price-now">{priceMoney|money}</span>{.end}{.end}</p>
    </div>
    {.or}
    {@|product-price}
    {.end}
    {.if excerpt}<p class="product-excerpt">{excerpt|html}</p>{.end}

    <form class="add-to-cart{.if purchase.showVariantSelector} has-options{.end}" method="post" action="/cart" novalidate data-add-to-cart data-item-id="{id|htmlattr}" data-title="{title|htmlattr}"{.equal? structuredContent.productType 4} data-gift-card{.end}>
      <input type="hidden" name="intent" value="{.if structuredContent.isSubscribable}subscribe{.or}add{.end}">
      <input type="hidden" name="itemId" value="{id|htmlattr}">
      <input type="hidden" name="returnTo" value="{cart.returnTo|htmlattr}">
      {.if purchase.showVariantSelector}
      {## The options are posted as option.<Name>; the server resolves the variant from them. ##}
      <div class="variant-fields">
        {.repeated section options}
        <div class="field">
          <label for="option-{name|slugify}">{name|html}</label>
          <select id="option-{name|slugify}" name="option.{name|htmlattr}" data-option="{name|htmlattr}">
            <option value="">{.if localizedStrings.productVariantSelectText}{localizedStrings.productVariantSelectText|message variantName=name|html}{.or}Select {name|html}{.end}</option>
            {.repeated section values}<option value="{value|htmlattr}"{.if selected} selected{.end}>{value|html}{.if available}{.or} ({.if localizedStrings.productSoldOutText}{localizedStrings.productSoldOutText|html}{.or}sold out{.end}){.end}</option>{.end}
          </select>
        </div>
        {.end}
      </div>
      <div class="variant-summary" data-variant-summary{.section selectedVariant} data-sku="{sku|htmlattr}"{.or} hidden{.end}>
        <p class="variant-name" data-variant-name>{.section selectedVariant}{@|variant-descriptor}{.end}</p>
        <p class="stock" data-variant-stock>{.section selectedVariant}{.if soldOut}<span class="stock-out">{.if localizedStrings.stockSoldOutText}{localizedStrings.stockSoldOutText|html}{.or}Sold out{.end}</span>{.or}{.if limitedStock}<span class="stock-low">{.if localizedStrings.stockOnlyLeftText}{localizedStrings.stockOnlyLeftText|message qty=qtyInStock|html}{.or}Only {qtyInStock} left{.end}</span>{.or}{.if unlimited}<span class="stock-ok">{.if localizedStrings.stockAvailableText}{localizedStrings.stockAvailableText|html}{.or}Available{.end}</span>{.or}<span class="stock-ok">{.if localizedStrings.stockInStockText}{localizedStrings.stockInStockText|html}{.or}In stock{.end}</span>{.end}{.end}{.end}{.end}</p>
      </div>
      <p class="notice purchase-message" data-purchase-message>{.if cart.flash.error}{.or}{.section purchase}{.section message}{@|html}{.end}{.end}{.end}</p>
      {.or}
      {.section selectedVariant}
      <input type="hidden" name="sku" value="{sku|htmlattr}">
      <div class="variant-summary" data-sku="{sku|htmlattr}">
        <p class="stock">{.if soldOut}<span class="stock-out">{.if localizedStrings.stockSoldOutText}{localizedStrings.stockSoldOutText|html}{.or}Sold out{.end}</span>{.or}{.if limitedStock}<span class="stock-low">{.if localizedStrings.stockOnlyLeftText}{localizedStrings.stockOnlyLeftText|message qty=qtyInStock|html}{.or}Only {qtyInStock} left{.end}</span>{.or}{.if unlimited}<span class="stock-ok">{.if localizedStrings.stockAvailableText}{localizedStrings.stockAvailableText|html}{.or}Available{.end}</span>{.or}<span class="stock-ok">{.if localizedStrings.stockInStockText}{localizedStrings.stockInStockText|html}{.or}In stock{.end}</span>{.end}{.end}{.end}</p>
      </div>
      {.end}
      {.if cart.flash.error}{.or}{.section purchase}{.section message}<p class="notice purchase-message">{@|html}</p>{.end}{.end}{.end}
      {.end}
      {.section purchase}
      {.if showQuantity}
      <label class="quantity"><span>{.if localizedStrings.productQuantityInputLabel}{localizedStrings.productQuantityInputLabel|html}{.or}Quantity{.end}</span>
        <input type="number" name="quantity" min="{quantity.min}" max="{quantity.max}" step="{quantity.step}" value="{.if cart.flash.quantity}{cart.flash.quantity|htmlattr}{.or}{quantity.value}{.end}" inputmode="numeric" required>
      </label>
      {.or}
      <input type="hidden" name="quantity" value="1">
      {.end}
      {.equal? state "sold-out"}
      <button type="submit" class="button button-primary" data-add-button data-label="{addButtonText|htmlattr}" disabled>{.if localizedStrings.productSoldOutButtonText}{localizedStrings.productSoldOutButtonText|html}{.or}Sold Out{.end}</button>
      {.or}
      <button type="submit" class="button button-primary" data-add-button data-label="{addButtonText|htmlattr}">{addButtonText|html}</button>
      {.end}
      {.if showVariantSelector}
      {## Without JavaScript: see the price and stock of a choice before buying (not needed to buy).
         After the add button, which stays the form's default (Enter in the quantity adds). ##}
      <noscript><button type="submit" class="button button-ghost variant-view" formmethod="get" formaction="{fullUrl|htmlattr}" formnovalidate>{.if localizedStrings.productShowPriceText}{localizedStrings.productShowPriceText|html}{.or}Show price and stock{.end}</button></noscript>
      {.end}
      {.end}
      {.if cart.flash.error}<div class="notice notice-error cart-error" role="alert"><strong>{.equal? structuredContent.productType 4}{.if localizedStrings.productUnableToBuyGiftCardText}{localizedStrings.productUnableToBuyGiftCardText|html}{.or}Unable to purchase Gift Card{.end}{.or}{.if localizedStrings.productUnableToAddText}{localizedStrings.productUnableToAddText|html}{.or}Unable to Add Item{.end}{.end}</strong> <span class="cart-error-message">{cart.flash.error|html}</span></div>{.end}
      {.if cart.flash.added}<p class="notice cart-added" role="status">{.if localizedStrings.productAddedText}{localizedStrings.productAddedText|message quantity=cart.flash.added.quantity title=cart.flash.added.title|html}{.or}{cart.flash.added.quantity} &times; {cart.flash.added.title|html} added to your cart.{.end} <a href="{@|cart-url}">{.if localizedStrings.productViewCartText}{localizedStrings.productViewCartText|html}{.or}View cart{.end}</a></p>{.end}
      <p class="cart-live" data-cart-message aria-live="polite"></p>
      {.if purchase.showVariantSelector}
      <p class="visually-hidden" data-variant-status aria-live="polite" aria-atomic="true"></p>
      {.end}
      {.if variantPicker}<script type="application/json" data-variant-picker>{variantPicker}</script>{.end}
    </form>
    {## Sold-out variants: the back-in-stock form (the storefront makes it post to this page). ##}
    {@|product-restock-notification}
    {.if instalment.show}
    <div class="instalment-notice" data-instalment>
      <p><span data-instalment-text>{instalment.text|html}</span>
        <button type="button" class="instalment-info-button" popovertarget="instalment-info" aria-label="{.if localizedStrings.instalmentInfoLabel}{localizedStrings.instalmentInfoLabel|htmlattr}{.or}About paying in instalments{.end}"><span aria-hidden="true">i</span></button>
      </p>
      <div id="instalment-info" class="instalment-info" popover role="dialog" aria-label="{.if localizedStrings.instalmentDialogLabel}{localizedStrings.instalmentDialogLabel|htmlattr}{.or}Paying in instalments{.end}">
        <p>{.if localizedStrings.instalmentInfoText}{localizedStrings.instalmentInfoText|message count=instalment.count|html}{.or}Pay in {instalment.count} interest-free payments, every two weeks. No payment provider is connected to this demo store: nothing is charged.{.end}</p>
        <button type="button" class="button" popovertarget="instalment-info" popovertargetaction="hide">{.if localizedStrings.closeText}{localizedStrings.closeText|html}{.or}Close{.end}</button>
      </div>
    </div>
    {.end}

    <div class="prose product-description">{body}</div>
    {.section tags}<ul class="tags" aria-label="{.if localizedStrings.productTagsLabel}{localizedStrings.productTagsLabel|htmlattr}{.or}Tags{.end}">{.repeated section @}<li>{@|html}</li>{.end}</ul>{.end}
  </div>
</article>
{.end}
$t$
 where kind = 'page' and name = 'product' and md5(source) = 'c9bfbce61ad658458b3259cc7998d349';

update theme_template
   set source = $t${## A product in a grid (home, listings): picture with its sale or sold-out mark, title, price, and
   a small add-to-cart form (a variant select when there is a choice) posting to /cart. ##}
<article class="card{.sold-out?} is-sold-out{.or on-sale?} is-on-sale{.end}">
  <a class="card-link" href="{fullUrl|htmlattr}">
    <div class="card-media">
      {.if assetUrl}<img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 600px) 50vw, (max-width: 1100px) 33vw, 280px" width="{originalSize|width}" height="{originalSize|height}" alt="{title|htmlattr}" loading="lazy" decoding="async">{.end}
      {@|product-status}
    </div>
    <div class="card-body">
      <h3 class="card-title">{title|html}</h3>
      {@|product-price}
    </div>
  </a>
  {.if structuredContent.isSubscribable}{.or}
  <form class="card-cart" method="post" action="/cart" novalidate data-add-to-cart data-list data-item-id="{id|htmlattr}" data-title="{title|htmlattr}"{.equal? structuredContent.productType 4} data-gift-card{.end}>
    <input type="hidden" name="intent" value="add">
    <input type="hidden" name="itemId" value="{id|htmlattr}">
    <input type="hidden" name="returnTo" value="{cart.returnTo|htmlattr}">
    <input type="hidden" name="quantity" value="1">
    {.section structuredContent}
    {.if variants.1}
    <label class="visually-hidden" for="card-sku-{id|htmlattr}">{.if localizedStrings.cardOptionLabel}{localizedStrings.cardOptionLabel|message title=title|html}{.or}Option for {title|html}{.end}</label>
    <select id="card-sku-{id|htmlattr}" name="sku" class="card-variant">
      <option value="">{.if localizedStrings.cardSelectOptionText}{localizedStrings.cardSelectOptionText|html}{.or}Select Option{.end}</option>
      {.repeated section variants}<option value="{sku|htmlattr}"{.equal? sku cart.flash.sku} selected{.end}{.if soldOut} disabled{.end}>{.repeated section optionValues}{value|html}{.alternates with} / {.end}{.if soldOut} ({.if localizedStrings.productSoldOutText}{localizedStrings.productSoldOutText|html}{.or}sold out{.end}){.end}</option>{.end}
    </select>
    {.or}
    {.section variants.0}<input type="hidden" name="sku" value="{sku|htmlattr}">{.end}
    {.end}
    {.end}
    {.sold-out?}
    <button type="submit" class="button card-add" disabled>{.if localizedStrings.productSoldOutButtonText}{localizedStrings.productSoldOutButtonText|html}{.or}Sold Out{.end}</button>
    {.or}
    <button type="submit" class="button card-add" data-label="{.if localizedStrings.productAddToCartText}{localizedStrings.productAddToCartText|htmlattr}{.or}Add To Cart{.end}">{.if localizedStrings.productAddToCartText}{localizedStrings.productAddToCartText|html}{.or}Add To Cart{.end}</button>
    {.end}
    {.equal? cart.flash.itemId id}
    {.if cart.flash.error}<p class="card-message cart-error" role="alert">{cart.flash.error|html}</p>{.end}
    {.if cart.flash.added}<p class="card-message cart-added" role="status">{.if localizedStrings.cardAddedText}{localizedStrings.cardAddedText|html}{.or}Added.{.end} <a href="{@|cart-url}">{.if localizedStrings.productViewCartText}{localizedStrings.productViewCartText|html}{.or}View cart{.end}</a></p>{.end}
    {.end}
    <p class="cart-live" data-cart-message aria-live="polite"></p>
  </form>
  {.end}
</article>
$t$
 where kind = 'partial' and name = 'product-card' and md5(source) = 'bc6108ba51ebfde8c5cd1aa53c6f0562';

update theme_template
   set source = $t${## A product listing: the collection's title, a grid of products, and pagination links. ##}
{.section collection}
<header class="wrap page-header collection-header">
  <h1>{title|html}</h1>
  {.if description}<p class="lede">{description|html}</p>{.end}
</header>
{.end}
<section class="wrap section" aria-labelledby="products-heading">
  {## The cards' titles are h3 (as under the home page's h2): this keeps the outline whole. ##}
  <h2 id="products-heading" class="visually-hidden">{.if localizedStrings.productsHeading}{localizedStrings.productsHeading|html}{.or}Products{.end}</h2>
  {.section pagination}
  <p class="result-count">{.if localizedStrings.productCountText}{localizedStrings.productCountText|message total=total|html}{.or}{total} product{total|pluralize}{.end}{.if hasPrevPage || hasNextPage} &middot; {.if localizedStrings.pageOfText}{localizedStrings.pageOfText|message page=page pageCount=pageCount|html}{.or}page {page} of {pageCount}{.end}{.end}</p>
  {.end}
  <div class="grid">
    {.repeated section items}{@|apply product-card}{.or}<p class="empty">{.if localizedStrings.productsEmptyText}{localizedStrings.productsEmptyText|html}{.or}Nothing here yet: new pieces come out of the kiln soon.{.end}</p>{.end}
  </div>
  {.section pagination}{.if hasPrevPage || hasNextPage}
  <nav class="pagination" aria-label="{.if localizedStrings.paginationLabel}{localizedStrings.paginationLabel|htmlattr}{.or}Pages{.end}">
    {.section prevPageUrl}<a class="page-step" rel="prev" href="{@|htmlattr}">&larr; {.if localizedStrings.previousPageText}{localizedStrings.previousPageText|html}{.or}Previous{.end}</a>{.or}<span class="page-step is-disabled">&larr; {.if localizedStrings.previousPageText}{localizedStrings.previousPageText|html}{.or}Previous{.end}</span>{.end}
    <ol>
      {.repeated section pages}
      <li>{.if current}<span class="page-number" aria-current="page">{number}</span>{.or}<a class="page-number" href="{url|htmlattr}">{number}</a>{.end}</li>
      {.end}
    </ol>
    {.section nextPageUrl}<a class="page-step" rel="next" href="{@|htmlattr}">{.if localizedStrings.nextPageText}{localizedStrings.nextPageText|html}{.or}Next{.end} &rarr;</a>{.or}<span class="page-step is-disabled">{.if localizedStrings.nextPageText}{localizedStrings.nextPageText|html}{.or}Next{.end} &rarr;</span>{.end}
  </nav>
  {.end}{.end}
</section>
$t$
 where kind = 'page' and name = 'products' and md5(source) = 'f205a98fb26f66f6e25a830cd81c191c';

update theme_template
   set source = $t${## Home: the home page collection as a hero, then the featured (starred) products. ##}
{.section collection}
<section class="hero">
  {.if assetUrl}<img class="hero-image" src="{assetUrl|htmlattr}"{@|image-srcset} sizes="100vw" width="{originalSize|width}" height="{originalSize|height}" alt="" fetchpriority="high">{.end}
  <div class="hero-panel">
    <h1>{title|html}</h1>
    {.if description}<p class="lede">{description|html}</p>{.end}
    <p class="hero-actions"><a class="button" href="/shop">{.if localizedStrings.homeShopButton}{localizedStrings.homeShopButton|html}{.or}Shop the studio{.end}</a> <a class="button button-ghost" href="/workshops">{.if localizedStrings.homeClassButton}{localizedStrings.homeClassButton|html}{.or}Book a class{.end}</a></p>
  </div>
</section>
{.or}
<section class="wrap page-header"><h1>{website.siteTitle|html}</h1><p class="lede">{website.siteDescription|html}</p></section>
{.end}

<section class="wrap section">
  <div class="section-head">
    <h2>{.if localizedStrings.homeNewHeading}{localizedStrings.homeNewHeading|html}{.or}New from the studio{.end}</h2>
    <a class="more-link" href="/shop">{.if localizedStrings.homeViewAll}{localizedStrings.homeViewAll|html}{.or}View all{.end}</a>
  </div>
  <div class="grid">
    {.repeated section items}{@|apply product-card}{.or}<p class="empty">{.if localizedStrings.homeEmptyText}{localizedStrings.homeEmptyText|html}{.or}New pieces are on their way.{.end}</p>{.end}
  </div>
</section>

{.section collection}{.if body}
<section class="wrap section note">
  <div class="prose">{body}</div>
</section>
{.end}{.end}

<section class="wrap section tiles">
  <a class="tile tile-sea" href="/shop"><span class="tile-kicker">{.if localizedStrings.homeShopKicker}{localizedStrings.homeShopKicker|html}{.or}Shop{.end}</span><span class="tile-title">{.if localizedStrings.homeShopTitle}{localizedStrings.homeShopTitle|html}{.or}Stoneware, linen &amp; prints{.end}</span></a>
  <a class="tile tile-clay" href="/workshops"><span class="tile-kicker">{.if localizedStrings.homeLearnKicker}{localizedStrings.homeLearnKicker|html}{.or}Learn{.end}</span><span class="tile-title">{.if localizedStrings.homeLearnTitle}{localizedStrings.homeLearnTitle|html}{.or}Classes at the wheel and the vat{.end}</span></a>
  <a class="tile tile-sand" href="/about"><span class="tile-kicker">{.if localizedStrings.homeVisitKicker}{localizedStrings.homeVisitKicker|html}{.or}Visit{.end}</span><span class="tile-title">{.if localizedStrings.homeVisitTitle}{localizedStrings.homeVisitTitle|html}{.or}The studio on Wharf Lane{.end}</span></a>
</section>
$t$
 where kind = 'page' and name = 'home' and md5(source) = 'ddb558ecf8053ca24dc626eab9d90ea4';

update theme_template
   set source = $t${## A blog (the journal): its title, the tag and category filters, the posts of this page newest
   first with their excerpts, and pagination links that keep the filter. ##}
{.section collection}
<header class="wrap-narrow page-header collection-header">
  <h1>{title|html}</h1>
  {.if description}<p class="lede">{description|html}</p>{.end}
</header>
{.end}
<section class="wrap-narrow section blog-list" aria-labelledby="posts-heading">
  <h2 id="posts-heading" class="visually-hidden">{.if localizedStrings.postsHeading}{localizedStrings.postsHeading|html}{.or}Posts{.end}</h2>
  {.section filter}
  <p class="blog-filter" role="status">{.equal? key "tag"}{.if localizedStrings.filterTagLabel}{localizedStrings.filterTagLabel|html}{.or}{label|html}{.end}{.or}{.if localizedStrings.filterCategoryLabel}{localizedStrings.filterCategoryLabel|html}{.or}{label|html}{.end}{.end}: <strong>{value|html}</strong> &middot; <a href="{collection.fullUrl|htmlattr}">{.if localizedStrings.allPostsText}{localizedStrings.allPostsText|html}{.or}All posts{.end}</a></p>
  {.end}
  {.if categories.0}
  <nav class="blog-terms" aria-label="{.if localizedStrings.categoriesLabel}{localizedStrings.categoriesLabel|htmlattr}{.or}Categories{.end}">
    <span class="blog-terms-label">{.if localizedStrings.categoriesLabel}{localizedStrings.categoriesLabel|html}{.or}Categories{.end}</span>
    <ul>{.repeated section categories}<li><a href="{url|htmlattr}"{.if current} aria-current="page"{.end}>{name|html}</a></li>{.end}</ul>
  </nav>
  {.end}
  {.repeated section items}{@|apply post-card}{.or}<p class="empty">{.if localizedStrings.postsEmptyText}{localizedStrings.postsEmptyText|html}{.or}No posts here yet.{.end}</p>{.end}
  {.section pagination}{.if hasPrevPage || hasNextPage}
  <nav class="pagination" aria-label="{.if localizedStrings.paginationLabel}{localizedStrings.paginationLabel|htmlattr}{.or}Pages{.end}">
    {.section nextPageUrl}<a class="page-step" rel="next" href="{@|htmlattr}">&larr; {.if localizedStrings.olderPostsText}{localizedStrings.olderPostsText|html}{.or}Older posts{.end}</a>{.or}<span class="page-step is-disabled">&larr; {.if localizedStrings.olderPostsText}{localizedStrings.olderPostsText|html}{.or}Older posts{.end}</span>{.end}
    <span class="page-of">{.if localizedStrings.pageOfPagesText}{localizedStrings.pageOfPagesText|message page=page pageCount=pageCount|html}{.or}Page {page} of {pageCount}{.end}</span>
    {.section prevPageUrl}<a class="page-step" rel="prev" href="{@|htmlattr}">{.if localizedStrings.newerPostsText}{localizedStrings.newerPostsText|html}{.or}Newer posts{.end} &rarr;</a>{.or}<span class="page-step is-disabled">{.if localizedStrings.newerPostsText}{localizedStrings.newerPostsText|html}{.or}Newer posts{.end} &rarr;</span>{.end}
  </nav>
  {.end}{.end}
  {.if tags.0}
  <nav class="blog-terms" aria-label="{.if localizedStrings.tagsLabel}{localizedStrings.tagsLabel|htmlattr}{.or}Tags{.end}">
    <span class="blog-terms-label">{.if localizedStrings.tagsLabel}{localizedStrings.tagsLabel|html}{.or}Tags{.end}</span>
    <ul>{.repeated section tags}<li><a href="{url|htmlattr}"{.if current} aria-current="page"{.end}>{name|html} <span class="term-count">({count})</span></a></li>{.end}</ul>
  </nav>
  {.end}
</section>
$t$
 where kind = 'page' and name = 'blog' and md5(source) = 'e81b179f6643b8efac661aac6fcd2336';

update theme_template
   set source = $t${## A blog post: title, date and author, body, its tags and categories (each a filtered listing),
   and comments by SPEC 4: shown when open or when public comments exist, if the site enables
   comments; otherwise a closed post says so. ##}
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
    {.if commentsOpen}<p class="comments-state comments-open">{.if localizedStrings.commentsOpenText}{localizedStrings.commentsOpenText|html}{.or}Comments are open.{.end}</p>{.or}<p class="comments-state comments-closed">{.if localizedStrings.commentsClosedText}{localizedStrings.commentsClosedText|html}{.or}Comments are closed.{.end}</p>{.end}
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
 where kind = 'page' and name = 'post' and md5(source) = '659c3cc49478266daf0963099c41b679';

update theme_template
   set source = $t${## A post in a blog listing: date, title, author, excerpt (when it has text), its tags, and a
   read-more link; the comment count when comments show (SPEC 4). ##}
<article class="post-card">
  {.if assetUrl}<a class="post-card-media" href="{fullUrl|htmlattr}" tabindex="-1" aria-hidden="true"><img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 900px) 100vw, 860px" width="{originalSize|width}" height="{originalSize|height}" alt="" loading="lazy"></a>{.end}
  <p class="eyebrow"><time datetime="{publishOn|date %Y-%m-%d}">{publishOn|datetime date:long}</time>{.repeated section categoryLinks} &middot; <a href="{url|htmlattr}">{name|html}</a>{.end}</p>
  <h3 class="post-card-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h3>
  {.section author}<p class="post-byline">{.if localizedStrings.postByText}{localizedStrings.postByText|message name=displayName|html}{.or}By {displayName|html}{.end}</p>{.end}
  {.excerpt?}<div class="post-excerpt">{excerpt}</div>{.end}
  <p class="post-card-foot">
    <a class="more-link" href="{fullUrl|htmlattr}">{.if localizedStrings.readMoreText}{localizedStrings.readMoreText|html}{.or}Read more{.end}<span class="visually-hidden">: {title|html}</span></a>
    {.comments?}<span class="post-comments">{.if localizedStrings.commentCountText}{localizedStrings.commentCountText|message count=publicCommentCount|html}{.or}{@|comment-count}{.end}</span>{.end}
  </p>
</article>
$t$
 where kind = 'partial' and name = 'post-card' and md5(source) = 'd61a53056fdf95a896d096a958639c6d';

update theme_template
   set source = $t${## An event: when (in the site's time zone), where (with a map link), its description, and links to
   add it to a calendar: the engine's Google Calendar link and an .ics file for any other calendar. ##}
{.section item}
<article class="wrap-narrow event" id="event-{id|htmlattr}">
  <header class="page-header">
    <p class="eyebrow"><a href="{collection.fullUrl|htmlattr}">{collection.title|html}</a></p>
    <h1>{title|html}</h1>
  </header>
  <dl class="event-facts">
    <div>
      <dt>{.if localizedStrings.eventWhenLabel}{localizedStrings.eventWhenLabel|html}{.or}When{.end}</dt>
      <dd class="event-when">
        {.same-day?}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y}</time><br><time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %l:%M %p}</time> &ndash; <time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %l:%M %p %Z}</time>
        {.or}<time datetime="{startDate|date %Y-%m-%dT%H:%M}">{startDate|date %A, %B %e, %Y, %l:%M %p}</time> &ndash;<br><time datetime="{endDate|date %Y-%m-%dT%H:%M}">{endDate|date %A, %B %e, %Y, %l:%M %p %Z}</time>{.end}
      </dd>
    </div>
    {.if hasLocation}
    <div>
      <dt>{.if localizedStrings.eventWhereLabel}{localizedStrings.eventWhereLabel|html}{.or}Where{.end}</dt>
      <dd class="event-where">
        {.section location}
        {.if addressTitle}<strong>{addressTitle|html}</strong><br>{.end}
        {.if addressLine1}{addressLine1|html}<br>{.end}
        {.if addressLine2}{addressLine2|html}<br>{.end}
        {.if addressCountry}{addressCountry|html}<br>{.end}
        {.end}
        {.section mapUrl}<a href="{@|htmlattr}" rel="noopener" target="_blank">{.if localizedStrings.eventMapText}{localizedStrings.eventMapText|html}{.or}View map{.end}</a>{.end}
      </dd>
    </div>
    {.end}
  </dl>
  <p class="event-calendar">
    <a class="button button-ghost" href="{@|google-calendar-url|htmlattr}" rel="noopener" target="_blank">{.if localizedStrings.eventGoogleCalendarText}{localizedStrings.eventGoogleCalendarText|html}{.or}Add to Google Calendar{.end}</a>
    <a class="button button-ghost" href="{icsUrl|htmlattr}" download>{.if localizedStrings.eventIcsText}{localizedStrings.eventIcsText|html}{.or}Download .ics{.end}</a>
  </p>
  {.if assetUrl}
  <figure class="page-banner">
    <img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 900px) 100vw, 860px" width="{originalSize|width}" height="{originalSize|height}" alt="">
  </figure>
  {.end}
  <div class="prose">{body}</div>
  <p><a href="{collection.fullUrl|htmlattr}">&larr; {.if localizedStrings.allEventsText}{localizedStrings.allEventsText|html}{.or}All events{.end}</a></p>
</article>
{.end}
$t$
 where kind = 'page' and name = 'event' and md5(source) = 'c909d3e7cdcff53bb74123e7844acce5';

update theme_template
   set source = $t${## An events collection: the events still to come, soonest first, then the past ones, latest first. ##}
{.section collection}
<header class="wrap-narrow page-header collection-header">
  <h1>{title|html}</h1>
  {.if description}<p class="lede">{description|html}</p>{.end}
</header>
{.end}
<section class="wrap-narrow section events-list" aria-labelledby="upcoming-heading">
  <h2 id="upcoming-heading">{.if localizedStrings.eventsUpcomingHeading}{localizedStrings.eventsUpcomingHeading|html}{.or}Upcoming{.end}</h2>
  {.repeated section upcoming}{@|apply event-card}{.or}<p class="empty">{.if localizedStrings.eventsEmptyText}{localizedStrings.eventsEmptyText|html}{.or}No upcoming events: check back soon.{.end}</p>{.end}
</section>
{.if past.0}
<section class="wrap-narrow section events-list events-past" aria-labelledby="past-heading">
  <h2 id="past-heading">{.if localizedStrings.eventsPastHeading}{localizedStrings.eventsPastHeading|html}{.or}Past events{.end}</h2>
  {.repeated section past}{@|apply event-card}{.end}
</section>
{.end}
$t$
 where kind = 'page' and name = 'events' and md5(source) = '1dddd42af65433942cb8987f228d4025';

update theme_template
   set source = $t${## A gallery: its pictures in a grid, each with its title and description. ##}
{.section collection}
<header class="wrap page-header collection-header">
  <h1>{title|html}</h1>
  {.if description}<p class="lede">{description|html}</p>{.end}
</header>
{.end}
<section class="wrap section" aria-labelledby="gallery-heading">
  <h2 id="gallery-heading" class="visually-hidden">{.if localizedStrings.picturesHeading}{localizedStrings.picturesHeading|html}{.or}Pictures{.end}</h2>
  <ul class="gallery-grid">
    {.repeated section items}
    <li class="gallery-item">
      <figure>
        {.if assetUrl}<img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="(max-width: 600px) 100vw, (max-width: 1100px) 50vw, 380px" width="{originalSize|width}" height="{originalSize|height}" alt="{title|htmlattr}" loading="lazy" decoding="async">{.end}
        <figcaption><span class="gallery-title">{title|html}</span>{.if body}<span class="gallery-description">{body}</span>{.end}</figcaption>
      </figure>
    </li>
    {.or}
    <li class="empty">{.if localizedStrings.picturesEmptyText}{localizedStrings.picturesEmptyText|html}{.or}No pictures yet.{.end}</li>
    {.end}
  </ul>
</section>
$t$
 where kind = 'page' and name = 'gallery' and md5(source) = '0a6ba542e5ed35e7bd0326e72173377b';

update theme_template
   set source = $t${## Page type 100: nothing lives at this address. ##}
<section class="wrap-narrow status-page">
  <p class="status-code">404</p>
  <h1>{.if localizedStrings.notFoundTitle}{localizedStrings.notFoundTitle|html}{.or}Page not found{.end}</h1>
  <p class="lede">{.if localizedStrings.notFoundText}{localizedStrings.notFoundText|html} <code>{pagePath|html}</code>. {localizedStrings.notFoundHintText|html}{.or}Nothing washed up at <code>{pagePath|html}</code>. The page may have moved, or the link may be mistyped.{.end}</p>
  <form class="search-form" method="get" action="/search" role="search">
    <label class="visually-hidden" for="nf-q">{.if localizedStrings.searchLabel}{localizedStrings.searchLabel|html}{.or}Search the shop and pages{.end}</label>
    <input id="nf-q" type="search" name="q" placeholder="{.if localizedStrings.searchPlaceholder}{localizedStrings.searchPlaceholder|htmlattr}{.or}Search the studio&hellip;{.end}" maxlength="200">
    <button type="submit" class="button">{.if localizedStrings.searchButtonText}{localizedStrings.searchButtonText|html}{.or}Search{.end}</button>
  </form>
  <p class="status-links"><a href="/">{.if localizedStrings.homeLinkText}{localizedStrings.homeLinkText|html}{.or}Home{.end}</a> <a href="/shop">{.if localizedStrings.shopLinkText}{localizedStrings.shopLinkText|html}{.or}Shop{.end}</a> <a href="/contact">{.if localizedStrings.contactLinkText}{localizedStrings.contactLinkText|html}{.or}Contact{.end}</a></p>
</section>
$t$
 where kind = 'page' and name = 'not-found' and md5(source) = '21812c409d486988195aabdc4eb6515a';

update theme_template
   set source = $t${## Page type 101: the page failed on our side. ##}
<section class="wrap-narrow status-page">
  <p class="status-code">500</p>
  <h1>{.if localizedStrings.errorTitle}{localizedStrings.errorTitle|html}{.or}Something went wrong{.end}</h1>
  <p class="lede">{.if localizedStrings.errorText}{localizedStrings.errorText|html}{.or}This page could not be shown just now. It is our fault, not yours, and we have been told about it.{.end}</p>
  <p class="status-links"><a class="button" href="{pagePath|htmlattr}">{.if localizedStrings.tryAgainText}{localizedStrings.tryAgainText|html}{.or}Try again{.end}</a> <a href="/">{.if localizedStrings.homeLinkText}{localizedStrings.homeLinkText|html}{.or}Home{.end}</a> <a href="/shop">{.if localizedStrings.shopLinkText}{localizedStrings.shopLinkText|html}{.or}Shop{.end}</a></p>
</section>
$t$
 where kind = 'page' and name = 'error' and md5(source) = '82ac9b901085fb78c30b09e6c2f7acc9';
