-- SKUs are matched without regard to case (PAR and product imports, the count search), so two products whose
-- SKUs differ only in case would make such a match pick either one: they must stay unique that way too.
CREATE UNIQUE INDEX products_sku_lower_key ON products (lower(sku));
