-- Digital products' download links on the order page (issue 33): the store theme's order-confirmed
-- template lists a link per digital line (ADR 0029). Sites seeded earlier get it where the template
-- is still exactly the previous seed's (md5 of the whole source); one the owner edited is left alone.

update theme_template
   set source = $t${## Order confirmed (page type 202): the order's number, lines, shipping, tax and total, where it
   ships, where the confirmation went and a download link per digital line; in test mode, said so. Its texts come from
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
$t$
 where kind = 'page' and name = 'order-confirmed' and md5(source) = 'f83e7b2760ea13349427482c12b7259b';
