-- The product list's version kept by the database itself (decision 052). Until now every read of the list asked
-- for a hash of every listed product's id and row version: 0.1 ms at 180 products, 8.5–17.7 ms at 20,000, paid by
-- every count screen that opens, so a chain of 20,000 products opening 2,000 screens in a few minutes would spend
-- most of a core on it. A write to products now gives the list a new version in the same transaction; reading it is
-- one row. The version is a random token, not a counter: a database restored from a backup and edited again can
-- never hand out a version a browser already holds for another list.
CREATE TABLE product_list_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  token text NOT NULL
);
INSERT INTO product_list_version (token) VALUES (gen_random_uuid()::text);

-- Once per statement, whatever it changed: an import of thousands of products writes one new version.
CREATE FUNCTION new_product_list_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE product_list_version SET token = gen_random_uuid()::text;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER products_new_list_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION new_product_list_version();
