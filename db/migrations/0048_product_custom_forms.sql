-- Product custom forms (issue 30): an order line keeps the answers its cart entry had (a copy of
-- the entry's additionalFields, shown on the order page, in /config/orders and in the email).
alter table order_item add column additional_fields jsonb;

-- The store theme's cart lists an entry's answers with "edit details", and its checkout and
-- order-confirmed templates each line's answers. Sites seeded earlier get them where the template
-- is still exactly the previous seed's (md5 of the whole source); one the owner edited is left alone.

update theme_template
   set source = $t${## The cart page (page type 200): each entry with its variant, a custom form's answers with "edit details",
   a quantity form and a remove button (plain POST forms to /cart), the subtotal, the checkout minimum, instalment eligibility,
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
        {.if answers}<ul class="line-answers" data-line-answers>{.repeated section answers}<li><span class="line-answer-title">{title|html}:</span> {value|html}</li>{.end}</ul>{.end}
        {.if detailsUrl}<p class="cart-entry-details"><a href="{detailsUrl|htmlattr}" data-reload data-edit-details aria-label="{.if localizedStrings.cartEditDetailsText}{localizedStrings.cartEditDetailsText|htmlattr}{.or}edit details{.end}: {title|htmlattr}">{.if localizedStrings.cartEditDetailsText}{localizedStrings.cartEditDetailsText|html}{.or}edit details{.end}</a></p>{.end}
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
$t$, updated_at = now()
 where kind = 'page' and name = 'cart' and md5(source) = '87710b28df3bdbea385243b4e2c59723';

update theme_template
   set source = $t${## Checkout (page type 201), in test mode: the lines being bought, the shopper's email, a shipping
   method and address when something ships, a recipient per gift card, the totals (subtotal,
   shipping, tax, total) and Place order. A plain POST form: after a failed submit the page comes
   back with what was typed and each error beside its field, with a summary above the form.
   "Update totals" recomputes shipping and tax for the country and method chosen, without JavaScript.
   A gift card code is applied (and removed) by its own button of the same form, so what was typed stays;
   Enter in a field is "Update totals" (the form's first button, hidden), never Apply or Remove.
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
      <tr><td>{title|html}{.if optionValues} <span class="order-line-variant">({.repeated section optionValues}{value|html}{.alternates with}, {.end})</span>{.end}{.if answers}<ul class="line-answers" data-line-answers>{.repeated section answers}<li><span class="line-answer-title">{title|html}:</span> {value|html}</li>{.end}</ul>{.end}</td><td>{quantity}</td><td>{lineTotal|money}</td></tr>
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
    {.section totals}<input type="hidden" name="shownTotalCents" value="{totalCents|htmlattr}">{.end}
    <button type="submit" name="intent" value="update" class="visually-hidden" tabindex="-1" aria-hidden="true"></button>
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
    {.section giftCard}
    <fieldset class="checkout-section checkout-gift-card">
      <legend>{.if localizedStrings.checkoutPayGiftCardTitle}{localizedStrings.checkoutPayGiftCardTitle|html}{.or}Gift card{.end}</legend>
      {.section applied}
      <p class="checkout-gift-card-applied" data-gift-card-applied>{maskedCode|html}: {.if localizedStrings.checkoutGiftCardUsedText}{localizedStrings.checkoutGiftCardUsedText|html}{.or}pays{.end} <strong data-gift-card-used>{used|money}</strong>, {.if localizedStrings.checkoutGiftCardLeftText}{localizedStrings.checkoutGiftCardLeftText|html}{.or}balance left after this order{.end} <strong data-gift-card-remaining>{remaining|money}</strong>
        <button type="submit" name="intent" value="gift-remove" class="button button-ghost">{.if localizedStrings.checkoutGiftCardRemoveButton}{localizedStrings.checkoutGiftCardRemoveButton|html}{.or}Remove{.end}</button></p>
      {.section problem}<p class="field-error" role="alert">{@|html}</p>{.end}
      {.end}
      {.section codeField}{@|apply checkout-field}
      <div><button type="submit" name="intent" value="gift-apply" class="button button-ghost">{.if localizedStrings.checkoutGiftCardApplyButton}{localizedStrings.checkoutGiftCardApplyButton|html}{.or}Apply{.end}</button></div>
      {.end}
      {.section note}<p class="field-hint">{@|html}</p>{.end}
    </fieldset>
    {.end}
    <table class="checkout-totals">
      <caption class="visually-hidden">{.if localizedStrings.checkoutTotalsCaption}{localizedStrings.checkoutTotalsCaption|html}{.or}Order totals{.end}</caption>
      {.section totals}
      <tbody>
        <tr><th scope="row">{.if localizedStrings.cartSubtotalText}{localizedStrings.cartSubtotalText|html}{.or}Subtotal{.end}</th><td data-checkout-subtotal>{subtotal|money}</td></tr>
        <tr><th scope="row">{shippingLabel|html}</th><td data-checkout-shipping>{shippingText|html}</td></tr>
        <tr><th scope="row">{taxLabel|html}</th><td data-checkout-tax>{tax|money}</td></tr>
        {.section giftCard}<tr><th scope="row">{label|html}</th><td data-checkout-gift-card>{amount|money}</td></tr>{.end}
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
$t$, updated_at = now()
 where kind = 'page' and name = 'checkout' and md5(source) = '624bafab47c2132b8947fa36af0ebef1';

update theme_template
   set source = $t${## Order confirmed (page type 202): the order's number, lines, shipping, tax and total, where it
   ships, where the confirmation went, a download link per digital line, what gift cards paid and each line's custom form answers; in test mode, said so. Its texts come from
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
      <tr><td>{productName|html}{.if giftRecipientEmail}<br><small class="order-gift">{.if localizedStrings.orderGiftForText}{localizedStrings.orderGiftForText|html}{.or}Gift card for{.end} {giftRecipientEmail|html}{.if giftMessage}: &ldquo;{giftMessage|html}&rdquo;{.end}</small>{.end}{.if answers}<ul class="line-answers" data-line-answers>{.repeated section answers}<li><span class="line-answer-title">{title|html}:</span> {value|html}</li>{.end}</ul>{.end}</td><td>{sku|html}</td><td>{quantity}</td><td>{unitPrice|money}</td></tr>
      {.end}
    </tbody>
    <tfoot>
      <tr><th scope="row" colspan="3">{.if localizedStrings.cartSubtotalText}{localizedStrings.cartSubtotalText|html}{.or}Subtotal{.end}</th><td data-order-subtotal>{subtotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.checkoutShippingText}{localizedStrings.checkoutShippingText|html}{.or}Shipping{.end}{.section shippingMethod} ({label|html}){.end}</th><td data-order-shipping>{shippingTotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.checkoutTaxText}{localizedStrings.checkoutTaxText|html}{.or}Tax{.end}{.if taxRateText} ({taxRateText|html}){.end}</th><td data-order-tax>{taxTotal|money}</td></tr>
      <tr><th scope="row" colspan="3">{.if localizedStrings.orderTotalText}{localizedStrings.orderTotalText|html}{.or}Total{.end}</th><td data-order-total>{grandTotal|money}</td></tr>
      {.if giftCardPayments}
      {.repeated section giftCardPayments}<tr><th scope="row" colspan="3">{.if localizedStrings.orderGiftCardPaidText}{localizedStrings.orderGiftCardPaidText|html}{.or}Paid by gift card{.end} {maskedCode|html}</th><td data-order-gift-card>-{amount|money}</td></tr>{.end}
      <tr><th scope="row" colspan="3">{.if localizedStrings.orderAmountDueText}{localizedStrings.orderAmountDueText|html}{.or}Left to pay{.end}</th><td data-order-amount-due>{amountDue|money}</td></tr>
      {.end}
    </tfoot>
  </table>
  {.if downloads}
  <h2>{.if localizedStrings.orderDownloadsTitle}{localizedStrings.orderDownloadsTitle|html}{.or}Your downloads{.end}</h2>
  <ul class="order-downloads">
    {.repeated section downloads}
    <li><a href="{url|htmlattr}" data-download-link download>{.if localizedStrings.orderDownloadText}{localizedStrings.orderDownloadText|html}{.or}Download{.end} {productName|html}</a> <small>({remaining} {.if localizedStrings.orderDownloadsLeftText}{localizedStrings.orderDownloadsLeftText|html}{.or}downloads left, until{.end} {expiresOn|html})</small></li>
    {.end}
  </ul>
  {.end}
  {.if shippingAddressLines}
  <h2>{.if localizedStrings.orderShippingToTitle}{localizedStrings.orderShippingToTitle|html}{.or}Shipping to{.end}</h2>
  <address class="order-address">{.repeated section shippingAddressLines}{@|html}{.alternates with}<br>{.end}</address>
  {.end}
  {.end}
  <p><a class="continue-shopping" href="/shop">{.if localizedStrings.continueShoppingText}{localizedStrings.continueShoppingText|html}{.or}Continue Shopping{.end}</a></p>
</section>
$t$, updated_at = now()
 where kind = 'page' and name = 'order-confirmed' and md5(source) = 'cae76422849b1a0bfd596d77fec45989';
