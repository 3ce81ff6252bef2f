-- Several autosave batches in one call and one transaction (decision 050): while a server's earlier saves are
-- still in the database, the batches that arrived meanwhile go together, so they share one round trip and one
-- commit's flush of the write-ahead log instead of paying one each. Each batch is save_count_batch as it is,
-- with its own answer, tagged by its place in the argument. Batches run in the order of their cafés (then of
-- arrival), so two calls lock count sessions in one order and never deadlock each other; batches of one café
-- keep their order of arrival. Any error rolls the whole call back; the server then saves each batch alone.
CREATE FUNCTION save_count_batches(p_batches jsonb)
RETURNS TABLE (
  out_batch integer, out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
DECLARE
  b record;
BEGIN
  FOR b IN
    SELECT (e.ordinality - 1)::integer AS idx, e.value AS batch
      FROM jsonb_array_elements(p_batches) WITH ORDINALITY AS e(value, ordinality)
     ORDER BY (e.value->>'locationId')::integer, e.ordinality
  LOOP
    RETURN QUERY
      SELECT b.idx, f.*
        FROM save_count_batch((b.batch->>'locationId')::integer, (b.batch->>'sessionId')::integer,
                              (b.batch->>'actorId')::integer, b.batch->'edits') f;
  END LOOP;
END
$fn$;
