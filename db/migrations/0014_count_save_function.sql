-- A count autosave in one call (decision 042): the open count session's lock, the checks and the batch upsert
-- run inside the database, in one statement's implicit transaction, instead of BEGIN, lock, upsert and COMMIT
-- as four round trips. Each statement of a PL/pgSQL function takes a fresh snapshot, so the upsert reads the
-- items as they are once the session's lock is held (a single CTE could not: its snapshot would predate the
-- wait). PL/pgSQL also keeps each statement's plan for the connection, on PGlite as well.

-- The batch upsert (decision 037, previously sent as one statement by saveCountItems). Call with the session's
-- lock held, so the audit rows' before-values are exact. Edits hold one entry per product.
CREATE FUNCTION save_count_items(
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
  audit AS (
    INSERT INTO audit_log (actor_id, action, entity, entity_id, location_id, before, after)
    SELECT p_actor_id, 'count.item', 'count_item', p_session_id::text || ':' || s.product_id::text, p_location_id,
           CASE WHEN b.product_id IS NOT NULL THEN
             jsonb_build_object('count', b.count, 'confirmed', b.confirmed, 'editedAfterConfirm', b.edited_after_confirm)
           END,
           jsonb_build_object('count', s.count, 'confirmed', s.confirmed, 'editedAfterConfirm', s.edited_after_confirm,
                              'typedAt', s.typed_at)
      FROM saved s LEFT JOIN before b ON b.product_id = s.product_id
     WHERE b.product_id IS NULL
        OR (b.count, b.confirmed, b.edited_after_confirm) IS DISTINCT FROM (s.count, s.confirmed, s.edited_after_confirm)
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

-- An autosave batch into the location's open count session. Writes nothing and answers why when there is no
-- open session ('no_session': the caller opens one and calls again in its transaction), when the open session
-- is not the one the batch was typed against ('session_changed', naming the open one) or when a product does
-- not exist ('unknown_products', one row each). Otherwise 'saved', one row per item, with the session.
CREATE FUNCTION save_count_batch(
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
         COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)::text AS started_by
    INTO open_session
    FROM count_sessions cs LEFT JOIN users u ON u.id = cs.started_by
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
     WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = r."productId")
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

-- A request's access in one statement (decision 037), kept as a function so the database plans it once per
-- connection: the embedded database has no prepared statements, and parsing and planning this statement on
-- every request cost it more than running it. Nothing is cached between calls. The scope rule is IN_SCOPE of
-- db/src/repositories/locations.ts (isLocationInScope), over the session's user.
CREATE FUNCTION session_access(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
RETURNS TABLE (
  out_user_id integer, out_email text, out_first_name text, out_last_name text, out_role text,
  out_profile_image_url text, out_must_change_password boolean, out_live boolean, out_stale boolean,
  out_permissions text[], out_scope_location_ids integer[]
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT u.id, u.email, u.first_name, u.last_name, u.role_key, u.profile_image_url, u.must_change_password,
         (s.expires_at > now() AND s.last_seen_at > now() - (p_idle_seconds * interval '1 second') AND u.active),
         s.last_seen_at < now() - (p_touch_seconds * interval '1 second'),
         ARRAY(SELECT rp.permission_key FROM role_permissions rp
                WHERE rp.role_key = u.role_key ORDER BY rp.permission_key),
         ARRAY(SELECT l.id FROM locations l
                WHERE l.active AND (
                      u.role_key = 'admin'
                      OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = l.id)
                      OR (u.role_key = 'district_manager' AND EXISTS (
                            SELECT 1 FROM user_districts ud WHERE ud.user_id = u.id AND ud.district_id = l.district_id)))
                ORDER BY l.id)
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id_hash = p_id_hash;
END
$fn$;
