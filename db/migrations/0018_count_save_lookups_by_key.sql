-- An autosave batch of five read the whole catalogue twice and every item of the count session (decision 049):
-- PostgreSQL plans a JSON array as 100 rows, so checking the products, reading the items' stored rows and naming
-- their counters were planned as hash joins over whole tables, not as look-ups by key. At 179 products and 180
-- items a session that was two thirds of a save's database time; it grows with the catalogue and the session.
-- Each look-up is now a lateral subquery with LIMIT 1 (or a scalar subquery), an index probe per item whatever
-- the estimate. Same answers, same locks, same audit entries.
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
  -- Each item's product and stored row by key: a lateral look-up with LIMIT 1 is an index probe per item,
  -- whatever the planner guesses of the batch's size (it takes a JSON array for 100 rows, so it read the whole
  -- catalogue and every item of the session for a batch of five).
  known AS (
    SELECT i.* FROM input i CROSS JOIN LATERAL (SELECT 1 FROM products p WHERE p.id = i.product_id LIMIT 1) p
  ),
  before AS (
    SELECT ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at, ci.updated_at, ci.updated_by
      FROM input i
      CROSS JOIN LATERAL (
        SELECT c.product_id, c.count, c.confirmed, c.edited_after_confirm, c.typed_at, c.updated_at, c.updated_by
          FROM count_items c
         WHERE c.session_id = p_session_id AND c.product_id = i.product_id
         LIMIT 1
      ) ci
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
         -- The counter's name by key, per item (a join read every user of a large chain).
         (CASE WHEN COALESCE(s.count, b.count) IS NOT NULL
               THEN (SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)
                       FROM users u WHERE u.id = COALESCE(s.updated_by, b.updated_by)) END)::text
    FROM input i
    LEFT JOIN saved s ON s.product_id = i.product_id
    LEFT JOIN before b ON b.product_id = i.product_id
   ORDER BY i.product_id;
END
$fn$;

CREATE OR REPLACE FUNCTION save_count_batch(
  p_location_id integer, p_session_id integer, p_actor_id integer, p_edits jsonb
) RETURNS TABLE (
  out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  open_session record;
BEGIN
  SELECT cs.id, cs.started_at, cs.cleared_at,
         (SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)
            FROM users u WHERE u.id = cs.started_by)::text AS started_by
    INTO open_session
    FROM count_sessions cs
   WHERE cs.location_id = p_location_id AND cs.status = 'open'
     FOR NO KEY UPDATE OF cs;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_session'::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::timestamptz,
      NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean, NULL::timestamptz,
      NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  IF p_session_id IS NOT NULL AND open_session.id <> p_session_id THEN
    RETURN QUERY SELECT 'session_changed'::text, open_session.id, open_session.started_at, open_session.started_by,
      open_session.cleared_at, NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean,
      NULL::timestamptz, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'unknown_products'::text, open_session.id, open_session.started_at, open_session.started_by,
           open_session.cleared_at, r."productId", NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean,
           NULL::timestamptz, NULL::timestamptz, NULL::text
      FROM jsonb_to_recordset(p_edits) AS r("productId" int)
      LEFT JOIN LATERAL (SELECT p.id FROM products p WHERE p.id = r."productId" LIMIT 1) p ON true
     WHERE p.id IS NULL
     ORDER BY r."productId";
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'saved'::text, open_session.id, open_session.started_at, open_session.started_by,
           open_session.cleared_at, f.out_product_id, f.out_applied, f.out_count, f.out_confirmed,
           f.out_edited_after_confirm, f.out_typed_at, f.out_counted_at, f.out_counted_by
      FROM save_count_items(open_session.id, p_location_id, p_actor_id, open_session.cleared_at, p_edits) f;
END
$fn$;
