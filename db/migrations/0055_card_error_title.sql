-- A product card's add-to-cart error without JavaScript gets SPEC 8's title (Unable to Add Item, or
-- Unable to purchase Gift Card), as the product page and the cart island already show it: the card
-- showed the bare message. Sites seeded earlier get it where the card is still exactly the previous
-- seed's (md5 of the whole source); one the owner edited is left alone.

update theme_template
   set source = replace(source,
                        E'    {.if cart.flash.error}<p class="card-message cart-error" role="alert">{cart.flash.error|html}</p>{.end}\n',
                        E'    {.if cart.flash.error}<p class="card-message cart-error" role="alert"><strong>{.equal? structuredContent.productType 4}{.if localizedStrings.productUnableToBuyGiftCardText}{localizedStrings.productUnableToBuyGiftCardText|html}{.or}Unable to purchase Gift Card{.end}{.or}{.if localizedStrings.productUnableToAddText}{localizedStrings.productUnableToAddText|html}{.or}Unable to Add Item{.end}{.end}</strong> {cart.flash.error|html}</p>{.end}\n'),
       updated_at = now()
 where kind = 'partial' and name = 'product-card' and md5(source) = 'bc887ace8c666da4d3f328b4eca20afe';
