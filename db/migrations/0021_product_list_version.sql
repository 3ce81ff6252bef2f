-- The product list's version kept by the database itself (decision 052). Until now every read of the list asked
-- for a hash of every listed product's id and row version: 0.1 ms at 180 products, 7–18 ms at 20,000, paid by
-- every count screen that opens, so a chain of 20,000 products opening 2,000 screens in a few minutes would spend
-- most of a core on it. Any write to products now gives the list a new version in the same transaction; reading
-- it is one row. The version is a random token, not a counter: a database restored from a backup and edited
-- again can never hand out a version a browser already holds for another list.
CREATE TABLE product_list_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  token text NOT NULL
);
INSERT INTO product_list_version (token) VALUES (gen_random_uuid()::text);

-- Replaces the token once per transaction, at its commit. At the commit the transaction already holds every
-- product row it writes and waits for nothing else, so the version row's lock is never held by someone waiting
-- for a product: two transactions writing products cannot deadlock over it, whatever order they lock products in.
CREATE FUNCTION new_product_list_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF current_setting('parstock.product_list_versioned', true) IS DISTINCT FROM 'yes' THEN
    UPDATE product_list_version SET token = gen_random_uuid()::text;
    PERFORM set_config('parstock.product_list_versioned', 'yes', true);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE CONSTRAINT TRIGGER products_new_list_version
  AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION new_product_list_version();

-- A constraint trigger cannot watch TRUNCATE; it takes the whole table anyway.
CREATE TRIGGER products_truncated_new_list_version
  AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION new_product_list_version();
