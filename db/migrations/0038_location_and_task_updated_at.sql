-- When each café and task was last edited, so an admin edit made against a record changed since is refused, as
-- a product's or a person's is (decision 120). Rows from before take the migration's time: a form opened before
-- it sends no stamp, and one opened after reads this one.
ALTER TABLE locations ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE tasks ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
