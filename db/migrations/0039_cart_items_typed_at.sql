-- When each product's quantity on a café's shopping list was last typed, on the typing device's clock (decision 124):
-- a batch held up on a slow network and delivered after a newer one no longer writes its older quantity over the
-- newer. Kept for removed lines too (a removal is typed like any quantity), so it is a table of its own.
CREATE TABLE cart_item_typed (
  location_id integer NOT NULL REFERENCES carts(location_id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  typed_at    timestamptz NOT NULL,
  PRIMARY KEY (location_id, product_id)
);
