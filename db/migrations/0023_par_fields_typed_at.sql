-- When each of a product's settings at a café was typed (decision 062). Set PARs saves from an outbox that
-- may send an edit minutes or days after it was typed (a phone without network, a save given up and sent
-- again); a field takes a change only if the change was typed after the value it would replace, as counts do.
-- Writes made by the server itself (a PAR import, Inventory Management's bulk changes) count as typed when
-- they are made. NULL: nothing typed since this was added, so any change is newer.
ALTER TABLE location_products ADD COLUMN par_typed_at timestamptz;
ALTER TABLE location_products ADD COLUMN lifecycle_typed_at timestamptz;
ALTER TABLE location_products ADD COLUMN stock_status_typed_at timestamptz;
ALTER TABLE location_products ADD COLUMN backordered_typed_at timestamptz;
