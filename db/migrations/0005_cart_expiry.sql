-- Abandoned carts expire (issue 8): the cleanup looks for open carts by their last change, so it
-- needs an index on cart(updated); purchased carts are kept for their orders and stay out of it.
create index cart_open_updated on cart (updated) where not is_purchased;
