-- How many products Count Inventory listed at the café when a count was completed (decision 113, amended): a
-- count is partial against what there was to count then, so products added to the range later do not turn every
-- café's last full count amber. Counts completed before this column read the products listed now, as before.
ALTER TABLE count_completions ADD COLUMN products_listed integer;
