-- The app's pages in every language of a site (issue 16): the store theme's cart, checkout, search
-- and order-confirmed templates print their texts from localizedStrings when the page's language
-- has them, else the English they had. Sites seeded earlier get the new templates where a template
-- is still exactly the seed's (md5 of the whole source); one the owner edited is left alone.

update theme_template
   set source = $tpl${## The cart page (page type 200): each entry with its variant, a quantity form and a remove
   button (plain POST forms to /cart), the subtotal, the checkout minimum, instalment eligibility,
   continue shopping and a few other products. Lines that can no longer be bought as they are
   (sold out, not enough stock, gone) are marked and keep Checkout shut; a new price is marked only.
   Its texts come from localizedStrings when the page's language has them (issue 16), else English. ##}
<section class="wrap-narrow cart-page" data-cart-root>
  <header class="page-header">
    <h1>{.if localizedStrings.cartTitleText}{localizedStrings.cartTitleText|html}{.or}Cart{.end}</h1>
  </header>
  {.section cart}
  {.if flash.entryId}{.or}{.section flash}{.section error}<p class="notice notice-error cart-error" role="alert">{@|html}</p>{.end}{.end}{.end}
  {.if entries}
  {.section review}
  {.section message}<p class="notice notice-error cart-review-notice" role="alert" data-cart-review="blocking">{@|html}</p>{.end}
  {.section priceNotice}<p class="notice cart-review-notice" data-cart-review="price">{@|html}</p>{.end}
  {.end}
  <ul class="cart-entries" aria-label="{.if localizedStrings.cartItemsLabel}{localizedStrings.cartItemsLabel|htmlattr}{.or}Items in your cart{.end}">
  {.repeated section entries}
    <li class="cart-entry{.section availability}{.if blocking} is-blocked{.end}{.end}" data-entry-id="{id|htmlattr}" data-availability="{availability.status|htmlattr}">
      {.if assetUrl}<img class="cart-entry-image" src="{assetUrl|htmlattr}" width="96" height="96" alt="" loading="lazy">{.end}
      <div class="cart-entry-body">
        <h2 class="cart-entry-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h2>
        {.if optionValues}<p class="cart-entry-variant">{.repeated section optionValues}<span>{optionName|html}: {value|html}</span>{.alternates with}, {.end}</p>{.end}
        <p class="cart-entry-price">{unitPrice|money} {.if localizedStrings.cartEachText}{localizedStrings.cartEachText|html}{.or}each{.end}</p>
        {.section availability}{.section message}<p class="cart-entry-status{.if availability.blocking} is-blocking{.end}" data-entry-status>{@|html}</p>{.end}{.end}
        <form class="cart-entry-quantity" method="post" action="/cart" novalidate>
          <input type="hidden" name="intent" value="update">
          <input type="hidden" name="entryId" value="{id|htmlattr}">
          <label><span>{.if localizedStrings.productQuantityInputLabel}{localizedStrings.productQuantityInputLabel|html}{.or}Quantity{.end}</span>
            <input type="number" name="quantity" min="1" max="9999" step="1" value="{.equal? cart.flash.entryId id}{cart.flash.quantity|htmlattr}{.or}{quantity}{.end}" inputmode="numeric">
          </label>
          <button type="submit" class="button button-ghost">{.if localizedStrings.cartUpdateButton}{localizedStrings.cartUpdateButton|html}{.or}Update{.end}</button>
        </form>
        <form class="cart-entry-remove" method="post" action="/cart">
          <input type="hidden" name="intent" value="remove">
          <input type="hidden" name="entryId" value="{id|htmlattr}">
          <button type="submit" class="button button-ghost" aria-label="{.if localizedStrings.cartRemoveButton}{localizedStrings.cartRemoveButton|htmlattr}{.or}Remove{.end} {title|htmlattr}">{.if localizedStrings.cartRemoveButton}{localizedStrings.cartRemoveButton|html}{.or}Remove{.end}</button>
        </form>
        {.equal? cart.flash.entryId id}{.if cart.flash.error}<p class="cart-error entry-error" role="alert">{cart.flash.error|html}</p>{.end}{.end}
      </div>
      <p class="cart-entry-total">{lineTotal|money}</p>
    </li>
  {.end}
  </ul>
  <div class="cart-summary">
    <p class="cart-subtotal-line"><span>{.if localizedStrings.cartSubtotalText}{localizedStrings.cartSubtotalText|html}{.or}Subtotal{.end}</span> <strong data-cart-page-subtotal>{subtotal|money}</strong></p>
    {.section checkoutMinimum}{.if met}{.or}<p class="notice checkout-minimum">{message|html}</p>{.end}{.end}
    {.if instalmentEligible}<p class="cart-instalments">{.section instalmentNotice}{text|html} {brand|html}{.end}</p>{.end}
    {.section checkoutMinimum}{.if met}{.if cart.review.blocking}
    <p class="cart-checkout-blocked" id="cart-checkout-blocked">{.if localizedStrings.cartBlockedText}{localizedStrings.cartBlockedText|html}{.or}Remove or change the marked items to check out.{.end}</p>
    <button type="button" class="button button-primary" disabled aria-describedby="cart-checkout-blocked">{.if localizedStrings.cartCheckoutButton}{localizedStrings.cartCheckoutButton|html}{.or}Checkout{.end}</button>
    {.or}<a class="button button-primary" href="/checkout">{.if localizedStrings.cartCheckoutButton}{localizedStrings.cartCheckoutButton|html}{.or}Checkout{.end}</a>{.end}{.end}{.end}
  </div>
  {.or}
  <p class="empty cart-empty">{.if localizedStrings.cartEmptyText}{localizedStrings.cartEmptyText|html}{.or}You have nothing in your shopping cart.{.end}</p>
  {.end}
  {.end}
  <p><a class="continue-shopping" href="/shop">{.if localizedStrings.continueShoppingText}{localizedStrings.continueShoppingText|html}{.or}Continue Shopping{.end}</a></p>
</section>
{.if alsoBought}
<section class="wrap section also-bought" aria-labelledby="also-bought-title">
  <h2 id="also-bought-title">{.if localizedStrings.cartAlsoBoughtTitle}{localizedStrings.cartAlsoBoughtTitle|html}{.or}Customers also bought{.end}</h2>
  <div class="grid">
    {.repeated section alsoBought}{@|apply product-card}{.end}
  </div>
</section>
{.end}
$tpl$
 where kind = 'page' and name = 'cart' and md5(source) = '4025c118cba0296e285c8d9f9433ad8d';

update theme_template
   set source = $tpl${## Checkout (page type 201), in test mode: the lines being bought, the shopper's email, a shipping
   method and address when something ships, a recipient per gift card, the totals (subtotal,
   shipping, tax, total) and Place order. A plain POST form: after a failed submit the page comes
   back with what was typed and each error beside its field, with a summary above the form.
   "Update totals" recomputes shipping and tax for the country and method chosen, without JavaScript.
   Its texts come from localizedStrings when the page's language has them (issue 16), else English. ##}
<section class="wrap-narrow checkout-page">
  <header class="page-header">
    <h1>{.if checkout.heading}{checkout.heading|html}{.or}{.if localizedStrings.checkoutTitleText}{localizedStrings.checkoutTitleText|html}{.or}Checkout{.end}{.end}</h1>
  </header>
  {.section checkout.note}<p class="checkout-note">{@|html}</p>{.end}
  <p class="notice test-mode" role="note"><strong>{.if localizedStrings.testModeTitle}{localizedStrings.testModeTitle|html}{.or}Test mode.{.end}</strong> {.if localizedStrings.checkoutTestModeText}{localizedStrings.checkoutTestModeText|html}{.or}No payment provider is connected to this store: placing the order takes no money and no card details are asked for.{.end}</p>
  {.section cart.flash.error}<p class="notice notice-error cart-error" role="alert">{@|html}</p>{.end}
  {.section checkout}
  {.if entries}
  {.if subscription}<p class="checkout-subscription">{.if localizedStrings.checkoutSubscriptionText}{localizedStrings.checkoutSubscriptionText|html}{.or}Subscription:{.end} {subscriptionText|html}</p>{.end}
  <table class="order-lines">
    <thead><tr><th scope="col">{.if localizedStrings.orderItemColumn}{localizedStrings.orderItemColumn|html}{.or}Item{.end}</th><th scope="col">{.if localizedStrings.productQuantityInputLabel}{localizedStrings.productQuantityInputLabel|html}{.or}Quantity{.end}</th><th scope="col">{.if localizedStrings.checkoutPriceColumn}{localizedStrings.checkoutPriceColumn|html}{.or}Price{.end}</th></tr></thead>
    <tbody>
      {.repeated section entries}
      <tr><td>{title|html}{.if optionValues} <span class="order-line-variant">({.repeated section optionValues}{value|html}{.alternates with}, {.end})</span>{.end}</td><td>{quantity}</td><td>{lineTotal|money}</td></tr>
      {.end}
    </tbody>
  </table>
  {.section checkoutMinimum}{.if met}{.or}<p class="notice checkout-minimum">{message|html}</p>{.end}{.end}
  {.section form}
  {.section errors}
  <div class="notice notice-error checkout-errors" role="alert" tabindex="-1" id="checkout-errors">
    <p><strong>{summary|html}</strong></p>
    <ul>{.repeated section list}<li><a href="{href|htmlattr}">{label|html}: {message|html}</a></li>{.end}</ul>
  </div>
  {.end}
  <form class="checkout-form" method="post" action="/checkout" novalidate>
    <input type="hidden" name="cart" value="{cartToken|htmlattr}">
    <fieldset class="checkout-section">
      <legend>{.if localizedStrings.checkoutContactTitle}{localizedStrings.checkoutContactTitle|html}{.or}Contact{.end}</legend>
      {.section email}{@|apply checkout-field}{.end}
    </fieldset>
    {.repeated section gifts}
    <fieldset class="checkout-section checkout-gift">
      <legend>{.if localizedStrings.checkoutGiftCardTitle}{localizedStrings.checkoutGiftCardTitle|html}{.or}Gift card:{.end} {title|html}{.if quantity} &times; {quantity}{.end}</legend>
      {.section recipient}{@|apply checkout-field}{.end}
      {.section message}{@|apply checkout-field}{.end}
    </fieldset>
    {.end}
    {.if requiresShipping}
    <fieldset class="checkout-section checkout-shipping-method"{.section shippingMethod}{.if error} aria-describedby="{errorId|htmlattr}"{.end}{.end}>
      <legend>{.if localizedStrings.checkoutShippingMethodLabel}{localizedStrings.checkoutShippingMethodLabel|html}{.or}Shipping method{.end}</legend>
      {.section shippingMethod}
      {.if error}<p class="field-error" id="{errorId|htmlattr}">{error|html}</p>{.end}
      {.repeated section methods}
      <div class="checkout-method">
        <input type="radio" name="shippingMethod" id="{inputId|htmlattr}" value="{id|htmlattr}"{.if checked} checked{.end}>
        <label for="{inputId|htmlattr}"><strong>{label|html}</strong> <span class="checkout-method-price" data-method-price="{id|htmlattr}">{priceText|html}</span>{.if description}<br><span class="field-hint">{description|html}{.if rateNote}: {rateNote|html}{.end}</span>{.end}</label>
      </div>
      {.end}
      {.end}
    </fieldset>
    <fieldset class="checkout-section checkout-address">
      <legend>{.if localizedStrings.checkoutShippingAddressTitle}{localizedStrings.checkoutShippingAddressTitle|html}{.or}Shipping address{.end}</legend>
      <p class="field-hint">{.if localizedStrings.checkoutPickupHint}{localizedStrings.checkoutPickupHint|html}{.or}Not needed for local pickup.{.end}</p>
      {.section country}
      <div class="field checkout-field{.if error} has-error{.end}">
        <label for="{id|htmlattr}">{label|html} <span aria-hidden="true">*</span></label>
        {.if error}<p class="field-error" id="{errorId|htmlattr}">{error|html}</p>{.end}
        <select id="{id|htmlattr}" name="country" autocomplete="shipping country" required{.if error} aria-invalid="true" aria-describedby="{errorId|htmlattr}"{.end}>
          <option value="">{.if localizedStrings.checkoutChooseCountryText}{localizedStrings.checkoutChooseCountryText|html}{.or}Choose a country{.end}</option>
          {.repeated section options}<option value="{code|htmlattr}"{.if selected} selected{.end}>{name|html}</option>{.end}
        </select>
      </div>
      {.end}
      {.repeated section address}{@|apply checkout-field}{.end}
      <datalist id="checkout-regions">{.repeated section regions}<option value="{code|htmlattr}">{name|html}</option>{.end}</datalist>
    </fieldset>
    {.end}
    <table class="checkout-totals">
      <caption class="visually-hidden">{.if localizedStrings.checkoutTotalsCaption}{localizedStrings.checkoutTotalsCaption|html}{.or}Order totals{.end}</caption>
      {.section totals}
      <tbody>
        <tr><th scope="row">{.if localizedStrings.cartSubtotalText}{localizedStrings.cartSubtotalText|html}{.or}Subtotal{.end}</th><td data-checkout-subtotal>{subtotal|money}</td></tr>
        <tr><th scope="row">{shippingLabel|html}</th><td data-checkout-shipping>{shippingText|html}</td></tr>
        <tr><th scope="row">{taxLabel|html}</th><td data-checkout-tax>{tax|money}</td></tr>
      </tbody>
      <tfoot><tr><th scope="row">{.if localizedStrings.orderTotalText}{localizedStrings.orderTotalText|html}{.or}Total{.end}</th><td data-checkout-total>{total|money}</td></tr></tfoot>
      {.end}
    </table>
    {.section totals}{.if pricesChanged}<p class="notice checkout-prices-changed">{.if localizedStrings.checkoutPricesChangedText}{localizedStrings.checkoutPricesChangedText|html}{.or}Some prices have changed since you added these items: the order uses today's prices, shown here.{.end}</p>{.end}{.end}
    <div class="checkout-actions">
      <button type="submit" name="intent" value="update" class="button button-ghost">{.if localizedStrings.checkoutUpdateTotalsButton}{localizedStrings.checkoutUpdateTotalsButton|html}{.or}Update totals{.end}</button>
      <button type="submit" name="intent" value="place" class="button button-primary">{.if localizedStrings.checkoutPlaceOrderButton}{localizedStrings.checkoutPlaceOrderButton|html}{.or}Place order{.end}</button>
    </div>
  </form>
  {.end}
  {.or}
  <p class="empty cart-empty">{.if localizedStrings.cartEmptyText}{localizedStrings.cartEmptyText|html}{.or}You have nothing in your shopping cart.{.end}</p>
  {.end}
  {.end}
  <p><a class="continue-shopping" href="/shop">{.if localizedStrings.continueShoppingText}{localizedStrings.continueShoppingText|html}{.or}Continue Shopping{.end}</a></p>
</section>
$tpl$
 where kind = 'page' and name = 'checkout' and md5(source) = '08545cd959e636bb4b4dee1e35a93086';

update theme_template
   set source = $tpl${## Search: a plain GET form, then the products and pages that match, best first. Its texts come
   from localizedStrings when the page's language has them (issue 16), else English. ##}
<section class="wrap-narrow search-page">
  <header class="page-header">
    <h1>{.if localizedStrings.searchTitleText}{localizedStrings.searchTitleText|html}{.or}Search{.end}</h1>
  </header>
  <form class="search-form" method="get" action="/search" role="search">
    <label class="visually-hidden" for="search-q">{.if localizedStrings.searchInputLabel}{localizedStrings.searchInputLabel|html}{.or}Search the shop and pages{.end}</label>
    <input id="search-q" type="search" name="q" value="{search.query|htmlattr}" placeholder="{.if localizedStrings.searchPlaceholderText}{localizedStrings.searchPlaceholderText|htmlattr}{.or}Mugs, indigo, classes&hellip;{.end}" maxlength="200" autocomplete="off">
    <button type="submit" class="button">{.if localizedStrings.searchButton}{localizedStrings.searchButton|html}{.or}Search{.end}</button>
  </form>
  {.section search}
  {.section error}<p class="notice notice-error" role="alert">{@|html}</p>{.end}
  {.if query}
  <p class="result-count">{.if localizedStrings.searchResultCountText}{count} {localizedStrings.searchResultCountText|html} &ldquo;{query|html}&rdquo;{.or}{count} result{count|pluralize} for &ldquo;{query|html}&rdquo;{.end}</p>
  <ol class="results">
    {.repeated section results}
    <li class="result">
      {.if assetUrl}<a class="result-thumb" href="{fullUrl|htmlattr}" tabindex="-1" aria-hidden="true"><img src="{assetUrl|htmlattr}"{@|image-srcset} sizes="96px" width="{originalSize|width}" height="{originalSize|height}" alt="" loading="lazy"></a>{.end}
      <div class="result-body">
        <p class="eyebrow">{.equal? kind "product"}{.if localizedStrings.searchKindProduct}{localizedStrings.searchKindProduct|html}{.or}Product{.end}{.or equal? kind "post"}{.if localizedStrings.searchKindPost}{localizedStrings.searchKindPost|html}{.or}Journal{.end}{.or equal? kind "event"}{.if localizedStrings.searchKindEvent}{localizedStrings.searchKindEvent|html}{.or}Event{.end}{.or}{.if localizedStrings.searchKindPage}{localizedStrings.searchKindPage|html}{.or}Page{.end}{.end}</p>
        <h2 class="result-title"><a href="{fullUrl|htmlattr}">{title|html}</a></h2>
        {.section item}<div class="result-price">{@|product-price}{@|product-status}</div>{.end}
        {.if excerpt}<p class="result-excerpt">{excerpt|html}</p>{.end}
      </div>
    </li>
    {.or}
    <li class="empty">
      <p class="empty-title">{.if localizedStrings.searchNoResultsTitle}{localizedStrings.searchNoResultsTitle|html}{.or}No results found{.end}</p>
      <p>{.if localizedStrings.searchNoResultsText}{localizedStrings.searchNoResultsText|html}{.or}Try fewer or different words, or{.end} <a href="/shop">{.if localizedStrings.searchBrowseShopText}{localizedStrings.searchBrowseShopText|html}{.or}browse the shop{.end}</a>.</p>
    </li>
    {.end}
  </ol>
  {.or}
  <p class="hint">{.if localizedStrings.searchHintText}{localizedStrings.searchHintText|html}{.or}Search our ceramics, linen, prints, classes and pages. Quotes find an exact phrase (&ldquo;sea glass&rdquo;); a minus leaves a word out (indigo -workshop).{.end}</p>
  {.end}
  {.end}
</section>
$tpl$
 where kind = 'page' and name = 'search' and md5(source) = 'fcaf5f8f959485f3385deb2de24a7847';

update theme_template
   set source = $tpl${## Order confirmed (page type 202): the order's number, lines, shipping, tax and total, where it
   ships and where the confirmation went; in test mode, said so. Its texts come from
   localizedStrings when the page's language has them (issue 16), else English. ##}
<section class="wrap-narrow order-confirmed-page">
  {.section order}
  <header class="page-header">
    <h1>{.if localizedStrings.orderConfirmedTitle}{localizedStrings.orderConfirmedTitle|html}{.or}Thank you, your order is confirmed{.end}</h1>
    <p class="lede">{.if localizedStrings.orderNumberText}{localizedStrings.orderNumberText|html}{.or}Order{.end} <strong data-order-number>{orderNumberText|html}</strong></p>
  </header>
  {.if testMode}<p class="notice test-mode" role="note"><strong>{.if localizedStrings.testModeTitle}{localizedStrings.testModeTitle|html}{.or}Test mode.{.end}</strong> {.if localizedStrings.orderTestModeText}{localizedStrings.orderTestModeText|html}{.or}No payment provider is connected and no money was taken.{.end}</p>{.end}
  {.if email}<p class="order-email">{.if localizedStrings.orderEmailText}{localizedStrings.orderEmailText|html}{.or}A confirmation is on its way to{.end} <strong data-order-email>{email|html}</strong>.</p>{.end}
  <table class="order-lines">
    <thead><tr><th scope="col">{.if localizedStrings.orderItemColumn}{localizedStrings.orderItemColumn|html}{.or}Item{.end}</th><th scope="col">{.if localizedStrings.orderSkuColumn}{localizedStrings.orderSkuColumn|html}{.or}SKU{.end}</th><th scope="col">{.if localizedStrings.productQuantityInputLabel}{localizedStrings.productQuantityInputLabel|html}{.or}Quantity{.end}</th><th scope="col">{.if localizedStrings.orderUnitPriceColumn}{localizedStrings.orderUnitPriceColumn|html}{.or}Unit price{.end}</th></tr></thead>
    <tbody>
      {.repeated section items}
      <tr><td>{productName|html}{.if giftRecipientEmail}<br><small class="order-gift">{.if localizedStrings.orderGiftForText}{localizedStrings.orderGiftForText|html}{.or}Gift card for{.end} {giftRecipientEmail|html}{.if giftMessage}: &ldquo;{giftMessage|html}&rdquo;{.end}</small>{.end}</td><td>{sku|html}</td><td>{quantity}</td><td>{unitPrice|money}</td></tr>
      {.end}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="3">{.if localizedStrings.cartSubtotalText}{localizedStrings.cartSubtotalText|html}{.or}Subtotal{.end}</th><td data-order-subtotal>{subtotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.checkoutShippingText}{localizedStrings.checkoutShippingText|html}{.or}Shipping{.end}{.section shippingMethod} ({label|html}){.end}</th><td data-order-shipping>{shippingTotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.checkoutTaxText}{localizedStrings.checkoutTaxText|html}{.or}Tax{.end}{.if taxRateText} ({taxRateText|html}){.end}</th><td data-order-tax>{taxTotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.orderTotalText}{localizedStrings.orderTotalText|html}{.or}Total{.end}</th><td data-order-total>{grandTotal|money}</td></tr>
    </tfoot>
  </table>
  {.if shippingAddressLines}
  <h2>{.if localizedStrings.orderShippingToTitle}{localizedStrings.orderShippingToTitle|html}{.or}Shipping to{.end}</h2>
  <address class="order-address">{.repeated section shippingAddressLines}{@|html}{.alternates with}<br>{.end}</address>
  {.end}
  {.end}
  <p><a class="continue-shopping" href="/shop">{.if localizedStrings.continueShoppingText}{localizedStrings.continueShoppingText|html}{.or}Continue Shopping{.end}</a></p>
</section>
$tpl$
 where kind = 'page' and name = 'order-confirmed' and md5(source) = 'a651ce319f16a934c4a357e7cf023a86';
