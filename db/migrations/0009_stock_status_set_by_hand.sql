-- Inventory Management (decision 028): a product's stock status comes from its latest count against the PAR
-- unless someone set it by hand. stock_status holds that hand-set value only while stock_status_set_at is
-- not NULL; otherwise the column's value means nothing and the screens derive the status.
ALTER TABLE location_products ADD COLUMN stock_status_set_at timestamptz;
ALTER TABLE location_products ADD COLUMN stock_status_set_by integer REFERENCES users(id) ON DELETE SET NULL;

-- Statuses other than the column's default can only have been chosen by someone (Set PARs, an import):
-- they stay as what was set. A stored 'in_stock' cannot be told from the default and is derived from now on.
UPDATE location_products
   SET stock_status_set_at = updated_at, stock_status_set_by = updated_by
 WHERE stock_status <> 'in_stock';
