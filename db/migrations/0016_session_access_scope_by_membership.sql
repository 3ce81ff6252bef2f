-- The access statement of every request (decision 042) listed the caller's cafés by testing every café of the
-- chain against the caller's memberships: one look-up per café and request, so a chain of 200 cafés paid 200
-- look-ups for a barista of one (decision 047). The same list is now read from the memberships themselves:
-- every active café for an admin, the cafés named for the user, and the active cafés of a district manager's
-- districts. Same answer, same order.
CREATE OR REPLACE FUNCTION session_access(p_id_hash text, p_idle_seconds integer, p_touch_seconds integer)
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
         ARRAY(SELECT l.id FROM locations l WHERE u.role_key = 'admin' AND l.active
               UNION
               SELECT l.id FROM user_locations ul JOIN locations l ON l.id = ul.location_id
                WHERE ul.user_id = u.id AND l.active
               UNION
               SELECT l.id FROM user_districts ud JOIN locations l ON l.district_id = ud.district_id
                WHERE u.role_key = 'district_manager' AND ud.user_id = u.id AND l.active
               ORDER BY 1)
    FROM sessions s JOIN users u ON u.id = s.user_id
   WHERE s.id_hash = p_id_hash;
END
$fn$;
