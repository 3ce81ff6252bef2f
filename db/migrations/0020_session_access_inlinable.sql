-- The access statement of every request (decisions 037, 042) as a plain SQL function that PostgreSQL can inline
-- into the statement that calls it (decision 051). On a PostgreSQL server each connection prepares the
-- request's statement once, so the inlined query is planned once per connection and runs without the procedural
-- executor and result store of PL/pgSQL: pgbench, prepared, 25,000 → 30,000–35,000 calls a second on this
-- machine. PGlite prepares nothing, so there an inlined query would be planned on every request (the access step
-- went from 0.6 to 1.2 ms when tried); it keeps calling session_access, which is now a PL/pgSQL shell around this
-- function and keeps its plan, inlined, for the life of the connection. One rule, two ways in. STABLE and not
-- STRICT, as inlining requires.
CREATE FUNCTION session_access_inline(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
RETURNS TABLE (
  out_user_id integer, out_email text, out_first_name text, out_last_name text, out_role text,
  out_profile_image_url text, out_must_change_password boolean, out_live boolean, out_stale boolean,
  out_permissions text[], out_scope_location_ids integer[]
) LANGUAGE sql STABLE AS $fn$
  SELECT u.id, u.email, u.first_name, u.last_name, u.role_key, u.profile_image_url, u.must_change_password,
         (s.expires_at > now() AND s.last_seen_at > now() - (p_idle_seconds * interval '1 second') AND u.active),
         s.last_seen_at < now() - (p_touch_seconds * interval '1 second'),
         ARRAY(SELECT rp.permission_key FROM role_permissions rp
                WHERE rp.role_key = u.role_key ORDER BY rp.permission_key),
         ARRAY(SELECT l.id FROM locations l WHERE u.role_key = 'admin' AND l.active
               UNION
               SELECT l.id FROM user_locations ul JOIN locations l ON l.id = ul.location_id
                WHERE ul.user_id = u.id AND l.active
               UNION
               SELECT l.id FROM user_districts ud JOIN locations l ON l.district_id = ud.district_id
                WHERE u.role_key = 'district_manager' AND ud.user_id = u.id AND l.active
               ORDER BY 1)
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id_hash = p_id_hash
$fn$;

CREATE OR REPLACE FUNCTION session_access(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
RETURNS TABLE (
  out_user_id integer, out_email text, out_first_name text, out_last_name text, out_role text,
  out_profile_image_url text, out_must_change_password boolean, out_live boolean, out_stale boolean,
  out_permissions text[], out_scope_location_ids integer[]
) LANGUAGE plpgsql AS $fn$
BEGIN
  RETURN QUERY SELECT * FROM session_access_inline(p_id_hash, p_idle_seconds, p_touch_seconds);
END
$fn$;
