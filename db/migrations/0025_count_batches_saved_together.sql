-- A group of autosave batches saved by one statement instead of one call per batch (decision 067).
--
-- save_count_batches (migration 0019) ran save_count_batch for each batch in turn: per batch an access check, the
-- café's count locked and read, its products checked, and save_count_items' upsert with its audit entry. Timed in
-- the database, each of those calls cost about 0.4 ms whatever its size (a statement of seven parts on four tables
-- and their indexes, started and ended) and about 0.03 ms an item, so a group of three batches paid the fixed part
-- three times. Now a group locks every café's open count in one statement, in the order of the cafés, and saves its
-- batches with one more statement (save_count_batches_at_once): it judges every batch, saves the items of those it
-- admits, writes one audit entry per batch and reopens a completed count once. Its snapshot is taken after the
-- locks, so the audit's before-values are exact, as they were.
--
-- Saved together, no batch sees another's write. That answers as saving them in turn does unless two batches name
-- the same product of the same café (two people typing one item within the same few milliseconds): the later one
-- must see the earlier one. So the batches, in the order in turn would take them (by café, then by arrival), are cut
-- into runs in which no item of a café is named twice, and each run is one statement, seeing the runs before it.
-- A property test holds the answers and the writes equal to saving the batches in turn, on both databases.

DROP FUNCTION save_count_batches(jsonb);

-- One run of batches, none naming an item another names; each batch carries its place in the call as "idx".
CREATE FUNCTION save_count_batches_at_once(p_batches jsonb, p_locked integer[])
RETURNS TABLE (
  out_batch integer, out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  -- A statement of its own, so a snapshot of its own: the items as the locked counts' last saves left them.
  RETURN QUERY
  WITH batch AS (
    SELECT (b.value->>'idx')::integer AS idx, (b.value->>'locationId')::integer AS location_id,
           (b.value->>'sessionId')::integer AS session_id, (b.value->>'actorId')::integer AS actor_id,
           (b.value->>'accessEpoch')::bigint AS access_epoch, b.value->'edits' AS edits
      FROM jsonb_array_elements(p_batches) AS b(value)
  ),
  judged AS (
    SELECT b.idx, b.location_id, b.actor_id, b.edits, s.id AS open_id, s.started_at, s.cleared_at, s.started_by,
           CASE
             WHEN b.access_epoch IS NOT NULL AND b.access_epoch <> (SELECT e.n FROM access_epoch e) THEN 'access_changed'
             WHEN s.id IS NULL THEN 'no_session'
             WHEN b.session_id IS NOT NULL AND s.id <> b.session_id THEN 'session_changed'
             WHEN EXISTS (
               SELECT 1 FROM jsonb_to_recordset(b.edits) AS r("productId" int)
                WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = r."productId")
             ) THEN 'unknown_products'
             ELSE 'saved'
           END AS outcome
      FROM batch b
      LEFT JOIN LATERAL (
        SELECT cs.id, cs.started_at, cs.cleared_at,
               (SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)
                  FROM users u WHERE u.id = cs.started_by)::text AS started_by
          FROM count_sessions cs
         WHERE cs.id = ANY (p_locked) AND cs.location_id = b.location_id
         LIMIT 1
      ) s ON true
  ),
  input AS (
    SELECT j.idx, j.open_id AS session_id, j.location_id, j.actor_id, j.cleared_at, r."productId" AS product_id,
           r.count, r.confirmed, LEAST(r."typedAt", now()) AS typed_at
      FROM judged j
      CROSS JOIN LATERAL jsonb_to_recordset(j.edits)
        AS r("productId" int, count numeric, confirmed boolean, "typedAt" timestamptz)
     WHERE j.outcome = 'saved'
  ),
  -- As in save_count_items: each stored row by key, a probe per item whatever the planner guesses.
  before AS (
    SELECT ci.session_id, ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at,
           ci.updated_at, ci.updated_by
      FROM input i
      CROSS JOIN LATERAL (
        SELECT c.session_id, c.product_id, c.count, c.confirmed, c.edited_after_confirm, c.typed_at, c.updated_at,
               c.updated_by
          FROM count_items c
         WHERE c.session_id = i.session_id AND c.product_id = i.product_id
         LIMIT 1
      ) ci
  ),
  saved AS (
    INSERT INTO count_items AS ci
           (session_id, product_id, count, confirmed, confirmed_at, edited_after_confirm, typed_at, updated_at, updated_by)
    SELECT i.session_id, i.product_id, i.count, i.confirmed, CASE WHEN i.confirmed THEN now() END, false, i.typed_at,
           now(), i.actor_id
      FROM input i
     WHERE i.cleared_at IS NULL OR i.typed_at > i.cleared_at
     -- Rows locked in one order by every call: overlapping calls wait for each other, never deadlock.
     ORDER BY i.session_id, i.product_id
    ON CONFLICT (session_id, product_id) DO UPDATE SET
      count = excluded.count,
      -- The same rule as save_count_items (and the engine's applyCountEdit): "needs re-confirmation".
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
    RETURNING ci.session_id, ci.product_id, ci.count, ci.confirmed, ci.edited_after_confirm, ci.typed_at,
              ci.updated_at, ci.updated_by
  ),
  -- Each saved row with the batch it came from (no two batches of a run name one item of one count).
  saved_by_batch AS (
    SELECT i.idx, i.location_id, i.actor_id, s.*
      FROM saved s JOIN input i ON i.session_id = s.session_id AND i.product_id = s.product_id
  ),
  -- One entry per batch (decision 047), as save_count_items writes it, in the order the batches were saved.
  audit AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT min(s.actor_id), 'count.items', 'count_session', min(s.session_id)::text, min(s.location_id),
           CASE WHEN count(b.product_id) > 0 THEN jsonb_build_object('items', jsonb_object_agg(s.product_id,
             jsonb_build_object('count', b.count, 'confirmed', b.confirmed, 'editedAfterConfirm', b.edited_after_confirm))
             FILTER (WHERE b.product_id IS NOT NULL)) END,
           jsonb_build_object('items', jsonb_object_agg(s.product_id,
             jsonb_build_object('count', s.count, 'confirmed', s.confirmed, 'editedAfterConfirm', s.edited_after_confirm,
                                'typedAt', s.typed_at)))
      FROM saved_by_batch s
      LEFT JOIN before b ON b.session_id = s.session_id AND b.product_id = s.product_id
     WHERE b.product_id IS NULL
        OR (b.count, b.confirmed, b.edited_after_confirm) IS DISTINCT FROM (s.count, s.confirmed, s.edited_after_confirm)
     GROUP BY s.idx
     ORDER BY min(s.location_id), s.idx
  ),
  -- Decision 021: a count's first applied change reopens its completion. Saved in turn, the first batch of the
  -- café that applied anything reopened it, naming its own products and its own person; so here.
  reopener AS (
    SELECT DISTINCT ON (s.session_id) s.session_id, s.idx, s.actor_id, s.location_id
      FROM saved_by_batch s
     ORDER BY s.session_id, s.idx
  ),
  reopened AS (
    UPDATE count_completions cc SET is_active = false
      FROM reopener r
     WHERE cc.session_id = r.session_id AND cc.is_active
    RETURNING cc.id, cc.session_id
  ),
  reopen_audit AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT r.actor_id, 'count.reopen', 'count_completion', d.id::text, r.location_id, NULL,
           jsonb_build_object('sessionId', r.session_id,
                              'changedProducts', (SELECT jsonb_agg(s.product_id ORDER BY s.product_id)
                                                    FROM saved_by_batch s WHERE s.idx = r.idx))
      FROM reopened d JOIN reopener r ON r.session_id = d.session_id
  ),
  answer AS (
    -- Refused batches: one row, and for a count that is not the one typed against, that count.
    SELECT j.idx, j.location_id, j.outcome, CASE WHEN j.outcome = 'session_changed' THEN j.open_id END AS session_id,
           CASE WHEN j.outcome = 'session_changed' THEN j.started_at END AS started_at,
           CASE WHEN j.outcome = 'session_changed' THEN j.started_by END AS started_by,
           CASE WHEN j.outcome = 'session_changed' THEN j.cleared_at END AS cleared_at,
           NULL::integer AS product_id, NULL::boolean AS applied, NULL::numeric AS count, NULL::boolean AS confirmed,
           NULL::boolean AS edited_after_confirm, NULL::timestamptz AS typed_at, NULL::timestamptz AS counted_at,
           NULL::integer AS counted_by_id
      FROM judged j
     WHERE j.outcome IN ('access_changed', 'no_session', 'session_changed')
    UNION ALL
    -- A batch naming products that do not exist: one row for each of those.
    SELECT j.idx, j.location_id, j.outcome, j.open_id, j.started_at, j.started_by, j.cleared_at, r."productId",
           NULL, NULL, NULL, NULL, NULL, NULL, NULL
      FROM judged j
      CROSS JOIN LATERAL jsonb_to_recordset(j.edits) AS r("productId" int)
     WHERE j.outcome = 'unknown_products'
       AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = r."productId")
    UNION ALL
    -- A saved batch: every item as it is stored now, whether this edit was applied or superseded.
    SELECT i.idx, i.location_id, 'saved', j.open_id, j.started_at, j.started_by, j.cleared_at, i.product_id,
           s.product_id IS NOT NULL,
           (CASE WHEN s.product_id IS NOT NULL THEN s.count ELSE b.count END)::numeric,
           COALESCE(s.confirmed, b.confirmed, false),
           COALESCE(s.edited_after_confirm, b.edited_after_confirm, false),
           COALESCE(s.typed_at, b.typed_at),
           CASE WHEN COALESCE(s.count, b.count) IS NOT NULL THEN COALESCE(s.updated_at, b.updated_at) END,
           CASE WHEN COALESCE(s.count, b.count) IS NOT NULL THEN COALESCE(s.updated_by, b.updated_by) END
      FROM input i
      JOIN judged j ON j.idx = i.idx
      LEFT JOIN saved s ON s.session_id = i.session_id AND s.product_id = i.product_id
      LEFT JOIN before b ON b.session_id = i.session_id AND b.product_id = i.product_id
  )
  SELECT a.idx, a.outcome, a.session_id, a.started_at, a.started_by, a.cleared_at, a.product_id, a.applied, a.count,
         a.confirmed, a.edited_after_confirm, a.typed_at, a.counted_at,
         -- Each counter named once (LIMIT 1 keeps the look-up by key, memoized by person).
         c.name
    FROM answer a
    LEFT JOIN LATERAL (
      SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)::text AS name
        FROM users u WHERE u.id = a.counted_by_id LIMIT 1
    ) c ON true
   ORDER BY a.location_id, a.idx, a.product_id;
END
$fn$;

-- The batches of a call, in the order saving them in turn takes them, in runs that name each café's item once.
CREATE FUNCTION save_count_batches(p_batches jsonb)
RETURNS TABLE (
  out_batch integer, out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
DECLARE
  locked integer[];
  b record;
  run jsonb := '[]';
  -- The run's items as the keys of an object: looked up by key, however many the run names.
  named jsonb := '{}';
BEGIN
  -- Every café's open count, locked in the order of the cafés: two calls never wait on each other in a circle.
  -- A batch whose access changed takes its café's lock too; it writes nothing, as before.
  SELECT array_agg(l.id) INTO locked FROM (
    SELECT cs.id
      FROM count_sessions cs
     WHERE cs.status = 'open'
       AND cs.location_id IN (SELECT (e.value->>'locationId')::integer FROM jsonb_array_elements(p_batches) AS e(value))
     ORDER BY cs.location_id
       FOR NO KEY UPDATE OF cs
  ) l;
  FOR b IN
    SELECT (e.value || jsonb_build_object('idx', e.ordinality - 1)) AS batch,
           ARRAY(SELECT (e.value->>'locationId') || ':' || (x.value->>'productId')
                   FROM jsonb_array_elements(e.value->'edits') AS x(value)) AS items
      FROM jsonb_array_elements(p_batches) WITH ORDINALITY AS e(value, ordinality)
     ORDER BY (e.value->>'locationId')::integer, e.ordinality
  LOOP
    IF named ?| b.items THEN
      RETURN QUERY SELECT * FROM save_count_batches_at_once(run, locked);
      run := '[]';
      named := '{}';
    END IF;
    run := run || jsonb_build_array(b.batch);
    named := named || (SELECT jsonb_object_agg(item, true) FROM unnest(b.items) AS item);
  END LOOP;
  RETURN QUERY SELECT * FROM save_count_batches_at_once(run, locked);
END
$fn$;
