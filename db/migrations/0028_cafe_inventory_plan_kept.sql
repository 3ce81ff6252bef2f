-- A café's compact inventory (decision 066) written by one function whose statement keeps its plan (decision 070).
--
-- The statement was sent by the server as a prepared statement. PostgreSQL plans a prepared statement for the
-- call's values on each connection's first five calls, and after that whenever the generic plan looks dearer than
-- those plans did, which depends on the cafés those five calls happened to read. Under bench/two-instances.ts it
-- was planned again on 120 to 552 of about 2,850 calls, at about 2 ms a plan against 3.3–3.8 ms of execution, most
-- of it while 2,000 screens opened on freshly started servers. Its value (one café's id) gives the planner nothing
-- to use: every look-up is by key or by the café's rows, and at 20,000 products the generic plan took as long as
-- the plans made for the café (65 ms a call either way). Held in a function, it is planned once per connection.
--
-- The text is the statement of db/src/repositories/compact-inventory-json.ts as it was, with each product's entry
-- made of only the fields that differ from INVENTORY_ITEM_DEFAULTS (engine/src/compact-inventory.ts). The db tests
-- hold its answer equal to the rows read and compacted by the engine.
CREATE FUNCTION compact_inventory_json(p_location_id integer) RETURNS text
LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan AS $fn$
DECLARE
  body text;
BEGIN
  WITH session AS (
    SELECT cs.id, cs.started_at, cs.cleared_at,
           COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email) AS started_by
      FROM count_sessions cs LEFT JOIN users u ON u.id = cs.started_by
     WHERE cs.location_id = p_location_id AND cs.status = 'open'
  )
  SELECT '{"locationId":' || p_location_id
      || ',"countSession":' || COALESCE((
           SELECT '{"id":' || s.id
               || ',"startedAt":"' || to_char(s.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'
               || ',"startedBy":' || COALESCE(to_json(s.started_by)::text, 'null')
               || ',"clearedAt":'
               || COALESCE('"' || to_char(s.cleared_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')
               || '}'
             FROM session s
         ), 'null')
      || ',"items":[' || COALESCE((
           SELECT string_agg(
               '{"productId":' || p.id || ',"productName":' || to_json(p.name)::text
               || COALESCE(',"par":' || NULLIF(lp.par, 0)::float8::text, '')
               || CASE WHEN lp.par_locked THEN ',"parLocked":true' ELSE '' END
               || COALESCE(',"parLockedBy":' || CASE WHEN lp.par_locked THEN
                    to_json(COALESCE(NULLIF(trim(lu.first_name || ' ' || lu.last_name), ''), lu.email))::text END, '')
               || COALESCE(',"parLockedAt":' || CASE WHEN lp.par_locked THEN
                    '"' || to_char(lp.par_locked_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' END, '')
               || COALESCE(',"lifecycle":' || to_json(NULLIF(lp.lifecycle, 'active'))::text, '')
               || CASE WHEN lp.backordered THEN ',"backordered":true' ELSE '' END
               || COALESCE(',"stockStatus":' || to_json(NULLIF(lp.stock_status, 'in_stock'))::text, '')
               || COALESCE(',"count":' || ci.count::float8::text, '')
               || CASE WHEN ci.confirmed THEN ',"confirmed":true' ELSE '' END
               || CASE WHEN ci.edited_after_confirm THEN ',"editedAfterConfirm":true' ELSE '' END
               || COALESCE(',"countedAt":' || CASE WHEN ci.count IS NOT NULL THEN
                    '"' || to_char(ci.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"' END, '')
               || COALESCE(',"countedBy":' || CASE WHEN ci.count IS NOT NULL THEN to_json(counter.name)::text END, '')
               || COALESCE(',"typedAt":"' || to_char(ci.typed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', '')
               || '}',
               ',' ORDER BY p.name, p.id)
             FROM products p
             LEFT JOIN location_products lp ON lp.product_id = p.id AND lp.location_id = p_location_id
             LEFT JOIN count_items ci ON ci.product_id = p.id AND ci.session_id = (SELECT id FROM session)
             LEFT JOIN users lu ON lu.id = lp.par_locked_by
             -- The counter's name by key, memoized by person (decision 049): LIMIT 1 keeps it from becoming a join.
             LEFT JOIN LATERAL (
               SELECT COALESCE(NULLIF(trim(cu.first_name || ' ' || cu.last_name), ''), cu.email) AS name
                 FROM users cu WHERE cu.id = ci.updated_by LIMIT 1
             ) counter ON true
            WHERE p.retired_at IS NULL
         ), '')
      || ']}'
    INTO body;
  RETURN body;
END
$fn$;
