-- A café's first autosave of a count opens the count and saves in one call (decision 069).
--
-- A batch typed with no count open (staff may count without pressing Start) used to open the count in a
-- transaction of eight statements sent one by one: lock the café, look for an open count, insert one, read it
-- back, deactivate the completion, write the audit entry, save the batch, commit. The café's row stayed locked
-- for all of those round trips, and the café's other devices, whose first saves arrive within the same second,
-- each held a pooled connection while they waited for it. When a chain's cafés start counting in the same few
-- minutes, that wait was the longest in the database (under bench/two-instances.ts: 292 lock statements at
-- 48 ms each while 2,000 screens opened) and held the saves of other cafés behind it.
--
-- The same steps now run inside the database, in the order the transaction took them. The access number and the
-- products are checked first, as save_count_batch checks them: before any lock or write, so a refused batch opens
-- nothing. The save that follows therefore cannot be refused; if it were, the call raises and nothing is kept.
CREATE FUNCTION open_count_and_save_batch(
  p_location_id integer, p_actor_id integer, p_edits jsonb, p_access_epoch bigint DEFAULT NULL
) RETURNS TABLE (
  out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  opened_id integer;
  deactivated_id integer;
BEGIN
  IF p_access_epoch IS NOT NULL AND p_access_epoch <> (SELECT e.n FROM access_epoch e) THEN
    RETURN QUERY SELECT 'access_changed'::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::timestamptz,
      NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean, NULL::timestamptz,
      NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'unknown_products'::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::timestamptz,
           r."productId", NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean,
           NULL::timestamptz, NULL::timestamptz, NULL::text
      FROM jsonb_to_recordset(p_edits) AS r("productId" int)
      LEFT JOIN LATERAL (SELECT p.id FROM products p WHERE p.id = r."productId" LIMIT 1) p ON true
     WHERE p.id IS NULL
     ORDER BY r."productId";
  IF FOUND THEN
    RETURN;
  END IF;

  -- One opener at a time per café: the second finds the first's count once the first has committed.
  PERFORM 1 FROM locations l WHERE l.id = p_location_id FOR NO KEY UPDATE;
  IF NOT EXISTS (SELECT 1 FROM count_sessions cs WHERE cs.location_id = p_location_id AND cs.status = 'open') THEN
    INSERT INTO count_sessions (location_id, started_by) VALUES (p_location_id, p_actor_id)
      RETURNING id INTO opened_id;
    -- A new count means the café has no active completion: the Shopping List waits for this count.
    UPDATE count_completions cc SET is_active = false
     WHERE cc.location_id = p_location_id AND cc.is_active
    RETURNING cc.id INTO deactivated_id;
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    VALUES (p_actor_id, 'count.open', 'count_session', opened_id::text, p_location_id, NULL,
            jsonb_build_object('sessionId', opened_id, 'closedSessionId', NULL,
                               'deactivatedCompletionId', deactivated_id));
  END IF;

  RETURN QUERY
    SELECT f.* FROM save_count_batch(p_location_id, NULL, p_actor_id, p_edits, NULL) f
     WHERE f.out_outcome = 'saved';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'A count batch was refused after its count was opened at location %', p_location_id;
  END IF;
END
$fn$;
