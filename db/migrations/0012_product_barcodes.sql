-- Product barcodes (GTIN-8, UPC-A, EAN-13, GTIN-14), stored as entered after the engine checked the check
-- digit. GS1 reads every GTIN as 14 digits with leading zeros, so UPC-A 036000291452 and EAN-13
-- 0036000291452 are one item: uniqueness across the chain is on that 14-digit form, and look-ups use it too.
ALTER TABLE products ADD COLUMN barcode text CHECK (barcode ~ '^[0-9]{8}$|^[0-9]{12,14}$');
CREATE UNIQUE INDEX products_barcode_key ON products (lpad(barcode, 14, '0')) WHERE barcode IS NOT NULL;
