-- Most goods are bought in whole cases, packs, bags or pieces: a supplier does not sell half a case of 500.
-- Goods sold by weight or volume can be marked otherwise (decision 022).
ALTER TABLE products ADD COLUMN bought_whole boolean NOT NULL DEFAULT true;

-- The exact need of requirements §5 (PAR minus count, capped), kept beside the quantity Suggest Orders put in the
-- cart, which is rounded up to whole units for goods bought whole.
ALTER TABLE cart_items ADD COLUMN needed_quantity numeric(12,2);
