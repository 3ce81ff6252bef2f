-- An order line keeps the unit it was ordered in, as it keeps its unit cost: a product repacked after an order
-- was submitted ("case of 12" becoming "case of 24") must not turn the order's 3 cases into 3 of the new size in
-- Approvals, the order sheet, the vendor copy or the export. Lines written before this migration take the unit
-- their product has now, the best there is; a line without one (a row written by hand) reads its product's.
ALTER TABLE order_lines ADD COLUMN unit text;
UPDATE order_lines ol SET unit = p.unit FROM products p WHERE p.id = ol.product_id;
