-- An autosave wrote one audit row per item it changed: five rows, each with its index entries, for a batch of
-- five counts, the largest part of a save's work and write-ahead log after the items themselves. A batch now
-- writes one entry ('count.items', entity 'count_session') holding the items it changed, keyed by product id
-- (decision 047). Everything else of decision 037's batch upsert is unchanged.
CREATE OR REPLACE FUNCTION save_count_items(
  p_session_id integer, p_location_id integer, p_actor_id integer, p_cleared_at timestamptz, p_edits jsonb
) RETURNS TABLE (
  out_product_id integer, out_known boolean, out_applied boolean, out_count numeric, out_confirmed boolean,
  out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz, out_counted_by text
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT r."productId" AS product_id, r.count, r.confirmed, LEAST(r."typedAt", now()) AS typed_at
      FROM jsonb_to_recordset(p_edits) AS r("productId" int, count numeric, confirmed boolean, "typedAt" timestamptz)
  ),
  known AS (
    SELECT i.* FROM input i WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = i.product_id)
  ),
  before AS (
    SELECT ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at, ci.updated_at, ci.updated_by
      FROM count_items ci
     WHERE ci.session_id = p_session_id AND ci.product_id IN (SELECT product_id FROM input)
  ),
  saved AS (
    INSERT INTO count_items AS ci
           (session_id, product_id, count, confirmed, confirmed_at, edited_after_confirm, typed_at, updated_at, updated_by)
    SELECT p_session_id, k.product_id, k.count, k.confirmed, CASE WHEN k.confirmed THEN now() END, false, k.typed_at,
           now(), p_actor_id
      FROM known k
     WHERE p_cleared_at IS NULL OR k.typed_at > p_cleared_at
     -- Rows locked in one order by every batch: overlapping batches wait for each other, never deadlock.
     ORDER BY k.product_id
    ON CONFLICT (session_id, product_id) DO UPDATE SET
      count = excluded.count,
      -- "Needs re-confirmation": the stored item was confirmed and the edit changes its count (or it was
      -- already edited after confirmation) without confirming again; the engine's applyCountEdit states it too.
      confirmed = excluded.confirmed OR (NOT excluded.confirmed AND ci.confirmed
        AND (ci.edited_after_confirm OR ci.count IS DISTINCT FROM excluded.count)),
      edited_after_confirm = (NOT excluded.confirmed AND ci.confirmed
        AND (ci.edited_after_confirm OR ci.count IS DISTINCT FROM excluded.count)),
      confirmed_at = CASE
        WHEN excluded.confirmed AND ci.confirmed AND NOT ci.edited_after_confirm
             AND ci.count IS NOT DISTINCT FROM excluded.count THEN ci.confirmed_at
        WHEN excluded.confirmed THEN now()
        WHEN (NOT excluded.confirmed AND ci.confirmed
              AND (ci.edited_after_confirm OR ci.count IS DISTINCT FROM excluded.count)) THEN ci.confirmed_at
      END,
      typed_at = excluded.typed_at,
      updated_at = now(),
      updated_by = excluded.updated_by
    WHERE ci.typed_at IS NULL OR excluded.typed_at > ci.typed_at
    RETURNING ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at, ci.updated_at, ci.updated_by
  ),
  -- One entry per batch (decision 047): the items it changed, keyed by product id, before and after.
  audit AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT p_actor_id, 'count.items', 'count_session', p_session_id::text, p_location_id,
           CASE WHEN count(b.product_id) > 0 THEN jsonb_build_object('items', jsonb_object_agg(s.product_id,
             jsonb_build_object('count', b.count, 'confirmed', b.confirmed, 'editedAfterConfirm', b.edited_after_confirm))
             FILTER (WHERE b.product_id IS NOT NULL)) END,
           jsonb_build_object('items', jsonb_object_agg(s.product_id,
             jsonb_build_object('count', s.count, 'confirmed', s.confirmed, 'editedAfterConfirm', s.edited_after_confirm,
                                'typedAt', s.typed_at)))
      FROM saved s LEFT JOIN before b ON b.product_id = s.product_id
     WHERE b.product_id IS NULL
        OR (b.count, b.confirmed, b.edited_after_confirm) IS DISTINCT FROM (s.count, s.confirmed, s.edited_after_confirm)
    HAVING count(*) > 0
  ),
  -- Decision 021: the first applied change to a completed count deactivates its completion, with one audit
  -- row naming the changed products.
  reopened AS (
    UPDATE count_completions SET is_active = false
     WHERE session_id = p_session_id AND is_active AND EXISTS (SELECT 1 FROM saved)
    RETURNING id
  ),
  reopen_audit AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT p_actor_id, 'count.reopen', 'count_completion', r.id::text, p_location_id, NULL,
           jsonb_build_object('sessionId', p_session_id,
                              'changedProducts', (SELECT jsonb_agg(s.product_id ORDER BY s.product_id) FROM saved s))
      FROM reopened r
  )
  SELECT i.product_id,
         EXISTS (SELECT 1 FROM known k WHERE k.product_id = i.product_id),
         s.product_id IS NOT NULL,
         (CASE WHEN s.product_id IS NOT NULL THEN s.count ELSE b.count END)::numeric,
         COALESCE(s.confirmed, b.confirmed, false),
         COALESCE(s.edited_after_confirm, b.edited_after_confirm, false),
         COALESCE(s.typed_at, b.typed_at),
         CASE WHEN COALESCE(s.count, b.count) IS NOT NULL THEN COALESCE(s.updated_at, b.updated_at) END,
         (CASE WHEN COALESCE(s.count, b.count) IS NOT NULL
               THEN COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email) END)::text
    FROM input i
    LEFT JOIN saved s ON s.product_id = i.product_id
    LEFT JOIN before b ON b.product_id = i.product_id
    LEFT JOIN users u ON u.id = COALESCE(s.updated_by, b.updated_by)
   ORDER BY i.product_id;
END
$fn$;
