-- Square (decision 024). Mappings stay in the columns the first migration gave them
-- (locations.square_location_id, products.square_variation_id); these record how each was made, what Square
-- last listed, each sync, and Square's last on-hand figures per café and product.

-- 'auto': matched by a sync (code/name, SKU/name); 'hand': set or cleared by an administrator, which a sync
-- never overrides. NULL: never mapped.
ALTER TABLE locations ADD COLUMN square_mapped_by text CHECK (square_mapped_by IN ('auto', 'hand'));
ALTER TABLE products ADD COLUMN square_mapped_by text CHECK (square_mapped_by IN ('auto', 'hand'));

-- What Square listed at the last sync, so mapping works (and is searchable) while Square is away.
CREATE TABLE square_locations (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  status     text,
  synced_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE square_variations (
  id              text PRIMARY KEY,
  item_name       text NOT NULL,
  variation_name  text NOT NULL,
  sku             text,
  synced_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX square_variations_sku_idx ON square_variations (sku);

CREATE TABLE square_syncs (
  id                bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  finished_at       timestamptz NOT NULL DEFAULT now(),
  ok                boolean NOT NULL,
  -- Square's own message when it failed; never the token.
  message           text,
  locations         integer NOT NULL DEFAULT 0,
  variations        integer NOT NULL DEFAULT 0,
  locations_mapped  integer NOT NULL DEFAULT 0,
  products_mapped   integer NOT NULL DEFAULT 0,
  synced_by         integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX square_syncs_finished_idx ON square_syncs (finished_at DESC, id DESC);

-- Square's last on-hand figure per café and product, kept when a read succeeds, so the nightly report and
-- the count export can say what Square said, and when, without calling Square themselves.
CREATE TABLE square_on_hand (
  location_id  integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id   integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity     numeric(12,2) NOT NULL,
  fetched_at   timestamptz NOT NULL,
  PRIMARY KEY (location_id, product_id)
);

-- Per café: when Square last answered for it and when it last failed, for the report's "Square unavailable".
CREATE TABLE square_location_reads (
  location_id      integer PRIMARY KEY REFERENCES locations(id) ON DELETE CASCADE,
  last_ok_at       timestamptz,
  last_failed_at   timestamptz,
  last_failure     text
);
