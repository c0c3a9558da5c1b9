-- Money (issue 33). Carts kept in the browser at sign-out: the detached copy's lines remember the
-- account cart line they were copied from and its quantity then, so that signing in again adds only
-- what the shopper added since, instead of counting the same line twice (1 -> 2 -> 4 on every round).
alter table cart_entry add column copied_from text;
alter table cart_entry add column copied_quantity int;

-- Checkout at the total the page showed (issue 33): the checkout form sends that total back, and
-- Place order refuses any other. Every store theme checkout template with the form's usual cart
-- field gets the hidden field after it, an owner's edited one too (it adds a field, changes nothing
-- shown); a template without that line, or with the field already, is left alone.
update theme_template
   set source = replace(source,
         '    <input type="hidden" name="cart" value="{cartToken|htmlattr}">' || chr(10),
         '    <input type="hidden" name="cart" value="{cartToken|htmlattr}">' || chr(10) ||
         '    {.section totals}<input type="hidden" name="shownTotalCents" value="{totalCents|htmlattr}">{.end}' || chr(10)),
       updated_at = now()
 where name = 'checkout' and kind = 'page'
   and position('name="shownTotalCents"' in source) = 0
   and position('    <input type="hidden" name="cart" value="{cartToken|htmlattr}">' || chr(10) in source) > 0;
